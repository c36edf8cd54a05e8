import numpy as np

data = [[1, 2], [3, 4]]
arr = np.array(data)
print(arr, arr.shape, arr.dtype, arr.ndim, arr.size)
print(repr(arr))
f = np.array([[1.5, 2.0], [3.25, -4.0]])
print(f)
print(repr(f), f.T, f.sum(), f.mean(), f.max(), f.min(axis=0))
print(np.array([True, False]), np.array([1, 2], dtype=np.float32), np.zeros((2, 3)))
