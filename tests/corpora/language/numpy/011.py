import numpy as np

x = np.array([1.0, 2.0, 3.0])
print(x.mean(), x.std(), x.sum(), np.sum(x), np.mean(x), x.prod(), x.cumsum(), np.max(x))
print(f"mean={x.mean():.3f} values={x}")
print(x == np.array([1.0, 0.0, 3.0]), (x > 1).all(), (x > 1).any(), np.where(x > 1.5, x, 0.0))
