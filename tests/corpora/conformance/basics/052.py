import torch

vals = [torch.tensor(1.5), torch.tensor(2.5)]
print(torch.tensor(vals), torch.stack(vals))
losses = []
for i in range(3):
    losses.append(torch.tensor([float(i)]))
print(torch.tensor(losses), torch.tensor(range(4)), torch.tensor([range(2), range(2)]))
print(torch.tensor([torch.tensor(1), 2.5]))
