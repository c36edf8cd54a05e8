import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.utils.data.random_split(torch.utils.data.TensorDataset(w), [1, 1])
print('not reached')
