import torch

w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
def clip(g):
    return g.clamp(-1, 1)
handle = w.register_hook(clip)
(w ** 2).sum().backward()
print(w.grad)
handle.remove()
w.grad = None
(w ** 2).sum().backward()
print(w.grad)
