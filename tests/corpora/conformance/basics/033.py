import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
acc = y.grad_fn.next_functions[0][0]
print(acc)
print(acc.variable)
print(acc.variable is x)
print(y.grad_fn.next_functions[1])
