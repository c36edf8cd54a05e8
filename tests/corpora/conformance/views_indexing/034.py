import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x.squeeze(0)
z = x.unsqueeze(0).unsqueeze(-1)
print(y.shape, z.shape)
print(z.grad_fn)
print(z.grad_fn.next_functions)
z.sum().backward()
print(x.grad)
