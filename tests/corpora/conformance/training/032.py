import torch

# an old-style tutorial: SGD with momentum written by hand on .data
torch.manual_seed(0)
x = torch.randn(8, 2)
y = x @ torch.tensor([1.5, -0.5]) + 0.25
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
velocity = [torch.zeros(2), torch.zeros(1)]
lr, momentum = 0.1, 0.9
for epoch in range(4):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    for p, v in zip([w, b], velocity):
        v.mul_(momentum).add_(p.grad.data)
        p.data.add_(-lr, v)
        p.grad.data.zero_()
    print("epoch", epoch, "loss", round(loss.item(), 5))
print(w.data, b.data)
