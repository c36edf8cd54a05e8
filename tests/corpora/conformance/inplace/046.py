import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 1
z = (y * y).sum()
v = y.view(3, 1)
v.unsqueeze_(0)
z.backward()
