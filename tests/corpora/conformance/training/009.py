import torch

torch.manual_seed(3)
x = torch.randn(5, 3)
w = torch.randn(3, requires_grad=True)
y = x @ w
print(x)
print(y)
loss = y.pow(2).sum()
loss.backward()
print(w.grad)
print(torch.allclose(w.grad, 2 * x.t() @ y.detach()))
