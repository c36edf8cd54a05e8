import numpy as np

np.random.seed(0)
a = np.random.randn(3)
b = np.random.randn(2, 2)
print(a)
print(b)
print(np.random.randn())
np.random.seed(0)
print(np.random.randn(3) == a)
print(np.random.rand(2), np.random.randint(0, 10, size=4))
