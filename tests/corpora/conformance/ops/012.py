import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
p = torch.softmax(x, dim=0)
print(p)
p[0].backward()
print(x.grad)
