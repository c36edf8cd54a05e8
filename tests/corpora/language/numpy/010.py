import numpy as np
import torch

weights = np.array([0.5, -1.0, 2.0], dtype=np.float32)
w = torch.from_numpy(weights).requires_grad_()
x = torch.tensor([1.0, 2.0, 3.0])
loss = (w * x).sum() ** 2
loss.backward()
print(loss, w.grad)
with torch.no_grad():
    w -= 0.01 * w.grad
print(weights)
print(np.round(w.detach().numpy(), 3))
