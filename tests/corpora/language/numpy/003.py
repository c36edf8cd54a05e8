import numpy as np

x = np.linspace(0, 1, 5)
print(x)
print(x * 2 + 1, x ** 2, 1 - x, x / 4, -x)
print(np.sin(x), np.exp(x), np.sqrt(x), np.square(x - 0.5))
print(x > 0.5, x[x > 0.5], x[1:3], x[::-1])
y = x.reshape(5, 1) * x
print(y.shape, y[2])
print(np.pi, np.e)
