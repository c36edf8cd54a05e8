import torch
from torch.autograd import Variable

v = Variable(torch.ones(2, 2), requires_grad=True)
print(v)
out = (v * v * 2).mean()
print(out)
out.backward()
print(v.grad)
print(v.data)
