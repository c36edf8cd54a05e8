import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
idx = torch.tensor([[0, 0], [1, 0]])
g = torch.gather(x, 1, idx)
print(g)
g.sum().backward()
print(x.grad)
