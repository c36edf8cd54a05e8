class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)
        return self

    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def __len__(self):
        return len(self.items)

    def __repr__(self):
        return "Stack(%s)" % self.items


s = Stack().push(1).push(2).push(3)
print(s, len(s), s.pop(), len(s))
while len(s):
    print(s.pop())
try:
    s.pop()
except IndexError as e:
    print(type(e), e)
print(bool(s), bool(Stack().push(0)))
