import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(y.data)
print(y.data.requires_grad, y.data.grad_fn)
print(y.detach().data_ptr() == y.data_ptr())
print(x.data is x.data)
