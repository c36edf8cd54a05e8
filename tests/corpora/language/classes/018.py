class Meters:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n

    @property
    def average(self):
        return self.total / self.count if self.count else 0.0


m = Meters()
for v in [1.0, 2.0, 4.5]:
    m.update(v)
m.update(10.0, n=2)
print(m.count, m.total, m.average)
print(f"{m.average:.3f}")
