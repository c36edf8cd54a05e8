import torch
import numpy as np

# numpy reads a tensor through its __array__ where it makes an array of it (the d2l "from scratch" np.dot(X, w))
w = torch.tensor([2, -3.4])
X = np.ones((3, 2))
y = np.dot(X, w) + 4.2
print(y, y.dtype, type(y).__name__)
print(np.array(torch.arange(3)), np.asarray(torch.ones(2)).dtype, np.array([torch.tensor(1.0), torch.tensor(2.0)]))
t = torch.zeros(3)
a = np.asarray(t)  # the tensor's own memory, as Tensor.numpy()
a[0] = 5
print(t, np.array(t, dtype=np.float64).dtype)
print(np.stack([torch.ones(2), np.zeros(2)]), np.concatenate([torch.ones(2), np.zeros(1)]).dtype)
print(np.allclose(torch.ones(2), np.ones(2)), np.dot(torch.ones(2), torch.ones(2)))
try:
    np.dot(X, torch.ones(2, requires_grad=True))
except RuntimeError as e:
    print("RuntimeError", e)
