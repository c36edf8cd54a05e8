import torch

def make_poly(coeffs):
    def poly(x):
        out = torch.zeros_like(x)
        for i, c in enumerate(coeffs):
            out = out + c * x ** i
        return out
    return poly

p = make_poly([1.0, -2.0, 0.5])
x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = p(x)
y.sum().backward()
print(y, x.grad)
