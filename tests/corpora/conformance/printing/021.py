import torch

x = torch.tensor([2.0, 4.0], requires_grad=True)
y = x ** 2
y.sum().backward()
print(x.grad)
print("grad:", x.grad, "data:", x.data)
print(x.grad.tolist())
print([round(v, 2) for v in (x / 3).tolist()])
