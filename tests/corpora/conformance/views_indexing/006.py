import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.unsqueeze(1).expand(3, 4)
print(y)
print(y.grad_fn)
y.sum().backward()
print(x.grad)
