import torch
import numpy as np

# a tensor meets an ndarray as torch lets numpy meet it: tensor (op) array is numpy's result as a tensor
t = torch.ones(2)
a = np.arange(2.0)
print(t + a, t * a, t - a, t / (a + 1), t ** a, torch.ones(2, dtype=torch.float64) @ a)
print(t + np.arange(2, dtype=np.float32), t + np.arange(2), t + np.array(2.0))
print(t + np.float64(2.0), t * np.int64(3), torch.ones(2, dtype=torch.int32) + np.int64(3))
u = torch.ones(2)
u += a
print(u, type(a).__name__)
for name, bad in [("a * t", lambda: a * t), ("a - t", lambda: a - t), ("t > a", lambda: t > a),
                  ("add", lambda: torch.add(t, a)), ("grad", lambda: torch.ones(2, requires_grad=True) * a)]:
    try:
        bad()
    except Exception as e:
        print(name, type(e).__name__, e)
