import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
loss = (w ** 2).sum() * b
gw, gb = torch.autograd.grad(loss, [w, b], create_graph=True)
print(gw, gb)
penalty = (gw ** 2).sum()
penalty.backward()
print(w.grad, b.grad)
