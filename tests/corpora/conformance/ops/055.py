import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], requires_grad=True)
m = x.view(2, 3)
s = m.softmax(dim=1)
l = m.log_softmax(dim=0)
print(s)
print(l)
(s * l).sum().backward()
print(x.grad)
