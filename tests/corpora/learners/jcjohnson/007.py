import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
import numpy as np


"""
A fully-connected ReLU network with one hidden layer and no biases, trained to
predict y from x using Euclidean error.

This implementation uses numpy to manually compute the forward pass, loss, and
backward pass.

A numpy array is a generic n-dimensional array; it does not know anything about
deep learning or gradients or computational graphs, and is just a way to perform
generic numeric computations.
"""


# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10


# Create random input and output data
x = np.random.randn(N, D_in)

y = np.random.randn(N, D_out)


# Randomly initialize weights
w1 = np.random.randn(D_in, H)

w2 = np.random.randn(H, D_out)


learning_rate = 1e-6
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (takes more than 20 s of CPU)
