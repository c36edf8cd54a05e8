import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y1 = (x ** 2).sum()
y2 = (x * 3).sum()
g = torch.autograd.grad([y1, y2], x)
print(g)
y3 = x * x
y4 = x.exp()
g2 = torch.autograd.grad([y3, y4], [x], grad_outputs=[torch.ones(2), torch.tensor([1.0, 0.0])])
print(g2)
