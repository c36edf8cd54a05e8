import torch

x = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
y = (x.exp() / x.exp().sum()).log()
print(y)
y[0].backward()
print(x.grad)
