import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * 2
y[1] = 0.0
print(y)
print(y.grad_fn)
y.sum().backward()
print(w.grad)
