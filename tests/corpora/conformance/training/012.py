import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
w = torch.ones(2, 2, requires_grad=True)
opt_steps = 3
for s in range(opt_steps):
    out = (x @ w).sum()
    out.backward()
    print(f"step {s}: out={out.item()}, grad sum={w.grad.sum().item()}")
print(w.grad)
