import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([1.0, 2.0], requires_grad=True)
(a * 2).sum().backward()
print([a.grad, b.grad])
print((a.grad, None))
print({"a": a.grad, "b": b.grad})
