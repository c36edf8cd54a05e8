import torch
import torch.nn as nn
torch.manual_seed(2)
x = torch.randn(2, 4)
r = nn.ReLU(inplace=True)
h = x * 1.0
h.requires_grad_()
z = h * 2
out = r(z)
print(out is z, out.grad_fn)
out.sum().backward()
print(h.grad)
print(nn.Softmax(dim=0)(torch.tensor([1.0, 2.0, 3.0])))
