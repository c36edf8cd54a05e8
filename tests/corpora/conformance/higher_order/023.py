import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
loss = torch.tanh(x @ w)
gx, = torch.autograd.grad(loss, x, create_graph=True)
print(gx)
gx.norm().backward()
print(w.grad)
print(x.grad)
