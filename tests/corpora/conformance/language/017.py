import torch

x = torch.ones(2, requires_grad=True)
grads = {}
for k in range(1, 4):
    y = (x * k).sum()
    y.backward()
    grads[k] = x.grad.clone()
    x.grad.zero_()
print(grads)
print(list(grads.keys()))
