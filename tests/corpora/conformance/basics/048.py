import torch

x = torch.tensor(1.0, requires_grad=True)
y = x * 2
print(y.grad_fn.next_functions[0][0].variable)
print(x.grad_fn, x.is_leaf, y.is_leaf)
print(y.grad_fn.next_functions[0][0].name())
print(y.grad_fn.name(), y.grad_fn.next_functions[1])
