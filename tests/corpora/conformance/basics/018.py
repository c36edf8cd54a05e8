import torch

x = torch.tensor([0.5], requires_grad=True)
y = torch.sigmoid(x)
y.backward()
print(y)
print(x.grad)
print(y.grad_fn, y.grad_fn.next_functions)
