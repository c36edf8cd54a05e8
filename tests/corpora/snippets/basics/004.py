# detach cuts the graph
import torch

x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x ** 2
z = y.detach()
print(z.requires_grad, z.grad_fn)
u = y * z
u.sum().backward()
print(x.grad)
