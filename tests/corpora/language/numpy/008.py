import numpy as np

a = np.array([[1.0, 2.0], [3.0, 4.0]])
b = np.array([[0.5], [2.0]])
print(a.dot(b), np.dot(a, b), a @ b)
print(a.T @ a, np.matmul(a, a))
print(np.maximum(a, 2.5), np.minimum(a, 2.5), np.abs(-a), np.clip(a, 1.5, 3.5))
print(a.argmax(), a.argmax(axis=1), a.astype(np.int64), a.tolist(), a[1, 0].item())
print(np.concatenate([a, a]), np.stack([a[0], a[1]]), np.zeros_like(a), np.ones_like(b))
