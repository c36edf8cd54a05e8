import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.2, 0.3, 0.5])
weighted = torch.sum(w * x) / torch.sum(w)
print(weighted)
weighted.backward()
print(x.grad)
print(torch.dot(w, x.detach()), torch.mv(torch.ones(2, 3), x.detach()))
