import torch; torch.manual_seed(0)  # edit: seed
pass  # edit: plotting removed
pass  # edit: plotting removed

import torch
from torch import nn

# This function has been saved in the d2l package for future use
def corr2d(X, K):
    h, w = K.shape
    Y = torch.zeros((X.shape[0] - h + 1, X.shape[1] - w + 1))

    for i in range(Y.shape[0]):
        for j in range(Y.shape[1]):
            Y[i, j] = (X[i: i + h, j: j + w] * K).sum()
    return Y

X = torch.Tensor([[0, 1, 2], [3, 4, 5], [6, 7, 8]])
K = torch.Tensor([[0, 1], [2, 3]])
print(corr2d(X, K))  # edit: the cell's shown value

class Conv2D(nn.Module):
    def __init__(self, kernel_size, **kwargs):
        super(Conv2D, self).__init__(**kwargs)
        self.weight = torch.rand(kernel_size,dtype=torch.float32,requires_grad=True)
        self.bias = torch.zeros((1,),dtype=torch.float32,requires_grad=True)

    def forward(self, x):
        
        return corr2d(x, self.weight) + self.bias

X = torch.ones((6, 8))
X[:, 2:6] = 0
print(X)  # edit: the cell's shown value

K = torch.Tensor([[1, -1]])

Y = corr2d(X, K)
print(Y)  # edit: the cell's shown value

print(corr2d(X.t(), K))  # edit: the cell's shown value

# Construct a convolutional layer with 1 output channel
# (channels will be introduced in the following section)
# and a kernel array shape of (1, 2)

conv2d = nn.Conv2d(1,1, kernel_size=(1, 2),bias=False) #For sake of simplicity ignoring bias

# The two-dimensional convolutional layer uses four-dimensional input and
# output in the format of (example channel, height, width), where the batch
# size (number of examples in the batch) and the number of channels are both 1

X = X.reshape((1, 1, 6, 8))
Y = Y.reshape((1, 1, 6, 7))


for i in range(10):
    Y_hat = conv2d(X)
    l = (Y_hat - Y) ** 2
   
    conv2d.zero_grad()
    l.sum().backward()
    # For the sake of simplicity, we ignore the bias here
    conv2d.weight.data[:] -= 3e-2 * conv2d.weight.grad
    if (i + 1) % 2 == 0:
        print('batch %d, loss %.3f' % (i + 1, l.sum()))

print(conv2d.weight.data.reshape((1, 2)))  # edit: the cell's shown value
