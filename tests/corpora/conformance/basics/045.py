import torch

grads = []
def save_grad(g):
    grads.append(g)

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * x
h.register_hook(save_grad)
out = (h * 3).sum()
out.backward()
print(grads)
print(x.grad)
