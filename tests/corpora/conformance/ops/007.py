import torch

x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
m = x.max()
print(m)
m.backward()
print(x.grad)
print(torch.argmax(x), x.argmin())
