import torch


class Polynomial:
    def __init__(self, *coefficients):
        self.coefficients = [torch.tensor(float(c), requires_grad=True) for c in coefficients]

    def __call__(self, x):
        result = 0
        for power, c in enumerate(self.coefficients):
            result = result + c * x ** power
        return result

    def __len__(self):
        return len(self.coefficients)

    def __getitem__(self, i):
        return self.coefficients[i]

    def __repr__(self):
        return "Polynomial(%s)" % ", ".join(str(c.item()) for c in self.coefficients)


p = Polynomial(1, -2, 3)
print(p, len(p), p[2])
x = torch.linspace(-1, 1, 5)
y = p(x).sum()
y.backward()
print(y, [c.grad for c in p.coefficients])
print(str(p), repr(p), f"{p}")
