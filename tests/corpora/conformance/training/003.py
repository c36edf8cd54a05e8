import torch

torch.manual_seed(42)
w = torch.randn(3, 1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
print(w)
print(b)
x = torch.tensor([[1.0, 2.0, 3.0]])
out = x @ w + b
print(out)
out.backward()
print(w.grad)
print(b.grad)
