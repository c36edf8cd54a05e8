import torch


class Linear:
    def __init__(self, n_in, n_out):
        torch.manual_seed(0)
        self.w = torch.randn(n_in, n_out, requires_grad=True)
        self.b = torch.zeros(n_out, requires_grad=True)

    def __call__(self, x):
        return x @ self.w + self.b

    def parameters(self):
        return [self.w, self.b]


layer = Linear(3, 2)
x = torch.ones(4, 3)
y = layer(x)
print(y)
loss = (y ** 2).mean()
loss.backward()
for p in layer.parameters():
    print(p.grad)
with torch.no_grad():
    for p in layer.parameters():
        p -= 0.1 * p.grad
        p.grad = None
print(layer(x).pow(2).mean())
