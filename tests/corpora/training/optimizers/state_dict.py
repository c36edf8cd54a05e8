# state_dict and load_state_dict: a second optimizer continues where the first stopped
import torch

torch.manual_seed(3)
torch.set_printoptions(precision=17)
x = torch.randn(10)
w = torch.randn(10, requires_grad=True)
optimizer = torch.optim.Adam([w], lr=0.05, amsgrad=True)
for step in range(100):
    optimizer.zero_grad()
    ((w - x) ** 2 * x.abs()).sum().backward()
    optimizer.step()
state = optimizer.state_dict()
print(state["param_groups"])
print(sorted(state["state"][0]))
print(state["state"][0]["step"])
w2 = w.detach().clone().requires_grad_()
second = torch.optim.Adam([w2], lr=0.5)
second.load_state_dict(state)
print(second.param_groups[0]["lr"], second.state[w2]["step"])
for step in range(100):
    for opt, p in ((optimizer, w), (second, w2)):
        opt.zero_grad()
        ((p - x) ** 2 * x.abs()).sum().backward()
        opt.step()
print(w.tolist())
print(w2.tolist())
print(torch.equal(w, w2))
