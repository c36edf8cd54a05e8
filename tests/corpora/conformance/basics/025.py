import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss1 = (x * 2).sum()
loss2 = (x ** 2).sum()
loss1.backward()
print(x.grad)
loss2.backward()
print(x.grad)
x.grad.data.zero_()
print(x.grad)
