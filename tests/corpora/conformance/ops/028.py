import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
print(x.var(), x.std())
print(x.prod())
x.prod().backward()
print(x.grad)
