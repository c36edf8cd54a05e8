import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
# edit: notebook magic: %matplotlib inline
import torch
import numpy as np
pass  # edit: plotting removed
import sys
pass  # edit: d2l's package removed
pass  # edit: d2l's package removed

print(torch.__version__)

def xyplot(x_vals, y_vals, name):
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed
    pass  # edit: plotting removed

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = x.relu()
print(xyplot(x, y, 'relu'))  # edit: the cell's shown value

y.sum().backward()
print(xyplot(x, x.grad, 'grad of relu'))  # edit: the cell's shown value

y = x.sigmoid()
print(xyplot(x, y, 'sigmoid'))  # edit: the cell's shown value

x.grad.zero_()
y.sum().backward()
print(xyplot(x, x.grad, 'grad of sigmoid'))  # edit: the cell's shown value

y = x.tanh()
print(xyplot(x, y, 'tanh'))  # edit: the cell's shown value

x.grad.zero_()
y.sum().backward()
print(xyplot(x, x.grad, 'grad of tanh'))  # edit: the cell's shown value
