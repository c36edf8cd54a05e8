import torch
import numpy as np

# meshgrid, Python's classes as dtypes, numpy's scalars with an array's methods, long double
x1, x2 = np.meshgrid(np.arange(-1.0, 1.0, 0.5), np.arange(-1.0, 0.5, 0.5))
print(x1, x2, x1.shape, sep="\n")
print(np.meshgrid([1, 2], [3, 4, 5], indexing="ij")[1], np.meshgrid(np.arange(3))[0])
pred, target = np.array([1, 0, 1]), np.array([1, 1, 1])
print((pred == target).astype(int), (pred == target).astype(int).sum(), float((pred == target).astype(int).sum()))
print(np.array([1.5, 2.7]).astype(int), np.ones(2).astype(float).dtype, np.array([0, 2]).astype(bool),
      np.ones(2, dtype=int).dtype, np.zeros(2, dtype=float))
s = np.exp(np.array(2.0))
print(s, s.sum(), s.reshape(1), type(s.reshape(1)).__name__, s.astype(np.float32), s.round(), s.T, s.shape)
e = np.exp(np.array(None, dtype=np.longdouble))  # the udacity softmax of None: nan
print(e, e / e.sum(axis=0), np.array([1.0, 2.0], dtype=np.longdouble).sum())
try:
    torch.from_numpy(np.ones(2, dtype=np.longdouble))
except TypeError as e:
    print(e)
