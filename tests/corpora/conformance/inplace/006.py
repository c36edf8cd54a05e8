import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
w.data.mul_(10)
print(w)
(w * 2).sum().backward()
print(w.grad)
w.data = torch.tensor([0.0, 0.0])
print(w)
