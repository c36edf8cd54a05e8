import torch

x = torch.ones(3, requires_grad=True)
print(x.device, x.is_cuda, x.cpu() is x)
y = x.to("cpu")
print(y is x, y.device == torch.device("cpu"))
print([x.device], str(x.device))
