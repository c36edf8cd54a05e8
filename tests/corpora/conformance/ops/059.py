import torch

x = torch.tensor([1000.0, 1001.0, 1002.0], requires_grad=True)
p = torch.softmax(x, dim=0)
print(p)
lp = torch.log_softmax(x, dim=0)
print(lp)
lp[0].backward()
print(x.grad)
