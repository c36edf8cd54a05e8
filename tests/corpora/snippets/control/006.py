# import forms and the Variable API of older tutorials
import torch as t
import torch.nn.functional as F
from torch.autograd import Variable, grad
from torch import autograd

x = Variable(t.ones(2, 2), requires_grad=True)
y = F.relu(x - 0.5).sum() + autograd.grad(x.sum() * 3, x, create_graph=True)[0].sum()
g, = grad(y, x)
print(y, g)
