import torch

x = torch.tensor([1.0, 2.0, 3.0])
print(x.shape)
print(x.size())
print(torch.ones(2, 3).shape, torch.ones(2, 3).dtype)
print(x.dtype == torch.float32, torch.float)
print(torch.tensor(1.0).shape)
print(list(torch.ones(2, 3).shape))
