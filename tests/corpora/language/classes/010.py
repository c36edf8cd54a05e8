class Node:
    def __init__(self, value, children=None):
        self.value = value
        self.children = children or []

    def total(self):
        return self.value + sum(child.total() for child in self.children)

    def depth(self):
        return 1 + max([c.depth() for c in self.children], default=0)


tree = Node(1, [Node(2, [Node(4)]), Node(3)])
print(tree.total(), tree.depth(), len(tree.children))
