import torch

w = torch.tensor([0.5, -1.0], requires_grad=True)
b = torch.tensor(0.1, requires_grad=True)
x = torch.tensor([1.0, 2.0])
out = (w * x).sum() + b
print(out)
out.backward()
print(w.grad)
print(b.grad)
print(x.grad)
print(x.requires_grad)
