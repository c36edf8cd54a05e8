import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
pass  # edit: plotting removed
pass  # edit: plotting removed

pass  # edit: plotting removed

import sys
sys.path.insert(0, '..')

import numpy
pass  # edit: plotting removed
import torch
import torch.nn as nn
from torch.autograd import Variable
def xyplot(x_vals,y_vals,name):
    x_vals=x_vals.detach().numpy() # we can't directly use var.numpy() because varibles might 
    y_vals=y_vals.detach().numpy() # already required grad.,thus using var.detach().numpy() 
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed

x=Variable(torch.arange(-8.0,8.0,0.1,dtype=torch.float32).reshape(int(16/0.1),1),requires_grad=True)
y=torch.nn.functional.relu(x)
print(xyplot(x,y,'relu'))  # edit: the cell's shown value

y.backward(torch.ones_like(x),retain_graph=True)
print(xyplot(x,x.grad,"grad of relu"))  # edit: the cell's shown value

x=Variable(torch.arange(-8.0,8.0,0.1,dtype=torch.float32).reshape(int(16/0.1),1),requires_grad=True)
y=torch.sigmoid(x)
print(xyplot(x,y,'sigmoid'))  # edit: the cell's shown value

y.backward(torch.ones_like(x),retain_graph=True)
print(xyplot(x,x.grad,'grad of sigmoid'))  # edit: the cell's shown value

x=Variable(torch.arange(-8.0,8.0,0.1,dtype=torch.float32).reshape(int(16/0.1),1),requires_grad=True)
y=torch.tanh(x)
print(xyplot(x,y,"tanh"))  # edit: the cell's shown value

y.backward(torch.ones_like(x),retain_graph=True)
print(xyplot(x,x.grad,"grad of tanh"))  # edit: the cell's shown value
