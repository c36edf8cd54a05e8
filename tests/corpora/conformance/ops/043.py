import torch

x = torch.tensor([1.0, 3.0, 2.0, 5.0, 4.0], requires_grad=True)
v, i = torch.topk(x, 2)
print(v, i)
v.sum().backward()
print(x.grad)
