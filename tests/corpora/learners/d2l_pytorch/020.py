import torch; torch.manual_seed(0)  # edit: seed
pass  # edit: plotting removed
pass  # edit: plotting removed

import torch
import torch.nn as nn

def pool2d(X, pool_size, mode='max'):
    p_h, p_w = pool_size
    Y = torch.zeros((X.shape[0] - p_h + 1, X.shape[1] - p_w + 1))
    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            if mode == 'max':
                Y[i, j] = X[i: i + p_h, j: j + p_w].max()
            elif mode == 'avg':
                Y[i, j] = X[i: i + p_h, j: j + p_w].mean()
    return Y

X = torch.tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]], dtype=torch.float32)
print(pool2d(X, (2, 2)))  # edit: the cell's shown value

print(pool2d(X, (2, 2), 'avg'))  # edit: the cell's shown value

X = torch.arange(16, dtype=torch.float32).reshape((1, 1, 4, 4))
print(X)

pool2d = nn.MaxPool2d(3)
# Because there are no model parameters in the pooling layer, we do not need
# to call the parameter initialization function
print(pool2d(X))  # edit: the cell's shown value

pool2d = nn.MaxPool2d(3, padding=1, stride=2)
print(pool2d(X))  # edit: the cell's shown value

# pad should be smaller than half of kernel size
pool2d = nn.MaxPool2d((2, 3), padding=(1, 1), stride=(2, 3))
print(pool2d(X))  # edit: the cell's shown value

X = torch.cat((X, X + 1), dim=1)
print(X)

pool2d = nn.MaxPool2d(3, padding=1, stride=2)
print(pool2d(X))  # edit: the cell's shown value
