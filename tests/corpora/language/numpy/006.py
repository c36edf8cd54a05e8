import numpy as np
import torch

n = np.arange(6, dtype=np.float32).reshape(2, 3)
t = torch.from_numpy(n)
print(t, t.dtype, t.shape)
t2 = torch.tensor(n)
n[0, 0] = 100
print(t[0, 0], t2[0, 0])
t64 = torch.from_numpy(np.ones(2))
print(t64, t64.dtype, torch.tensor(np.zeros(3, dtype=np.int64)))
print(torch.as_tensor(np.array([1.5, 2.5])))
