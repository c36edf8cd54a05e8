import numpy as np

a = np.zeros(4)
a[1] = 3
a[2:] = [5, 6]
a += 1
a *= 2
print(a, len(a), list(a), float(a[0]), a.sum(), type(a.sum()))
m = np.eye(3)
print(m, m.std(), m.var(), np.allclose(m, m.T), np.array_equal(m, m))
print(np.full((2, 2), 7.0), np.arange(5), np.arange(1.0, 2.0, 0.25))
