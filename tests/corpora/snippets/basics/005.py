# grad_fn chain: next_functions
import torch

x = torch.ones(2, requires_grad=True)
y = (x * 2).exp()
print(y.grad_fn.name())
print(y.grad_fn.next_functions[0][0].name())
leaf = y.grad_fn.next_functions[0][0].next_functions[0][0]
print(leaf.name())
print(leaf.variable is x)
