# What the backward graph looks like from a script: grad_fn, next_functions, AccumulateGrad, autograd.grad.
import torch

a = torch.tensor([2.0, 3.0], requires_grad=True)
b = torch.tensor([6.0, 4.0], requires_grad=True)
Q = 3 * a ** 3 - b ** 2
print(Q)
print(Q.grad_fn)
print(Q.grad_fn.next_functions)
print(Q.grad_fn.next_functions[0][0].next_functions)

Q.backward(gradient=torch.tensor([1.0, 1.0]))
print(a.grad)
print(b.grad)
print(9 * a ** 2 == a.grad)
print(-2 * b == b.grad)

ga, gb = torch.autograd.grad((a * b).sum(), [a, b])
print(ga, gb)
