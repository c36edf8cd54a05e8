import torch

torch.manual_seed(0)
params = {name: torch.randn(2, requires_grad=True) for name in ["w", "b"]}
loss = sum((p ** 2).sum() for p in params.values())
loss.backward()
grads = {name: p.grad for name, p in params.items()}
print(grads)
norms = {name: round(g.norm().item(), 4) for name, g in grads.items()}
print(norms)
