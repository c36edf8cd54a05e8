import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.utils.data.TensorDataset(torch.ones(3), torch.ones(4))
print('not reached')
