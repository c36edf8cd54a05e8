class Counter:
    count = 0

    def __init__(self, start=0):
        self.value = start
        Counter.count += 1

    def step(self, by=1):
        self.value += by
        return self.value


c = Counter()
d = Counter(10)
print(c.step(), c.step(5), d.step())
print(Counter.count, c.count, c.value, d.value)
