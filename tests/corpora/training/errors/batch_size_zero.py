import torch

w = torch.ones(3, requires_grad=True)
print('before')
torch.utils.data.DataLoader(torch.utils.data.TensorDataset(w), batch_size=0)
print('not reached')
