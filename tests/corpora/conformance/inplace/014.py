import torch

t = torch.zeros(2, 3)
t.fill_(2.5)
print(t)
t.add_(torch.ones(3))
print(t)
t.mul_(2).sub_(1)
print(t)
t.clamp_(0, 5)
print(t)
t.zero_()
print(t)
