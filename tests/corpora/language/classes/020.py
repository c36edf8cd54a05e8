class Vector:
    def __init__(self, *values):
        self.values = list(values)

    def __len__(self):
        return len(self.values)

    def __getitem__(self, i):
        return self.values[i]

    def __repr__(self):
        return "Vector%r" % (tuple(self.values),)

    def dot(self, other):
        return sum(a * b for a, b in zip(self.values, other.values))

    def scaled(self, k):
        return Vector(*[k * v for v in self.values])


v = Vector(1, 2, 3)
w = v.scaled(2)
print(v, w, v.dot(w), len(w), w[-1], list(v))
for item in v:
    print(item)
