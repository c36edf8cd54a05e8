import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1
z = y * 2 + y * 3
z.sum().backward()
print(x.grad)
print(z.grad_fn.next_functions[0][0].next_functions)
