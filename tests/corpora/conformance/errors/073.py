import torch

x = torch.ones(3, requires_grad=True)
out = x.softmax(dim=0)
out.backward()
