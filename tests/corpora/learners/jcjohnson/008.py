import torch; torch.manual_seed(0)  # edit: seed
import torch


"""
A fully-connected ReLU network with one hidden layer and no biases, trained to
predict y from x by minimizing squared Euclidean distance.

This implementation uses PyTorch tensors to manually compute the forward pass,
loss, and backward pass.

A PyTorch Tensor is basically the same as a numpy array: it does not know
anything about deep learning or computational graphs or gradients, and is just
a generic n-dimensional array to be used for arbitrary numeric computation.

The biggest difference between a numpy array and a PyTorch Tensor is that
a PyTorch Tensor can run on either CPU or GPU. To run operations on the GPU,
just pass a different value to the `device` argument when constructing the
Tensor.
"""


device = torch.device('cpu')

# device = torch.device('cuda') # Uncomment this to run on GPU

# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10


# Create random input and output data
x = torch.randn(N, D_in, device=device)

y = torch.randn(N, D_out, device=device)


# Randomly initialize weights
w1 = torch.randn(D_in, H, device=device)

w2 = torch.randn(H, D_out, device=device)


learning_rate = 1e-6
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (takes more than 20 s of CPU)
