# two parameter groups with their own hyperparameters, zero_grad(set_to_none=False), add_param_group, state
import torch

torch.manual_seed(7)
torch.set_printoptions(precision=17)
x = torch.randn(20)
w = torch.randn(20, requires_grad=True)
b = torch.randn(20, requires_grad=True)
c = torch.randn(20, requires_grad=True)
optimizer = torch.optim.SGD([{"params": [w]}, {"params": b, "lr": 0.01, "momentum": 0.5}], lr=0.1)
for step in range(200):
    optimizer.zero_grad(set_to_none=False)
    loss = ((w * x - b) ** 2 + (b - 1) ** 2 + c * c).sum()
    loss.backward()
    optimizer.step()
    if step == 99:
        optimizer.add_param_group({"params": [c], "lr": 0.05, "nesterov": True, "momentum": 0.9})
print(w.tolist())
print(b.tolist())
print(c.tolist())
print(len(optimizer.param_groups), [g["lr"] for g in optimizer.param_groups])
print(optimizer.param_groups[1])
print(w.grad is not None, c.grad.tolist()[:3])
optimizer.zero_grad()
print(w.grad, b.grad, c.grad)
print(optimizer)
print(sorted(optimizer.state_dict()["state"]))
print(optimizer.state_dict()["param_groups"][2])
print(optimizer.state[b]["momentum_buffer"].tolist()[:4])
