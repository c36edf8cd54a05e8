import torch

def describe(t, name="t"):
    return f"{name}: shape={tuple(t.shape)}, dtype={t.dtype}, requires_grad={t.requires_grad}"

print(describe(torch.ones(2, 3)))
print(describe(torch.zeros(4, dtype=torch.int64), name="z"))
w = torch.randn(3, requires_grad=True)
print(describe(w, "w"))
print(describe(w * 2, "w2"))
