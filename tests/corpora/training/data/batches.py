# DataLoader batching in order: batch_size, drop_last, len, enumerate, next(iter(...))
import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.arange(20.).reshape(10, 2)
y = torch.arange(10)
dataset = TensorDataset(x, y)
loader = DataLoader(dataset, batch_size=4)
print(len(loader))
for i, (features, labels) in enumerate(loader):
    print(i, features.shape, labels)
print(features)
dropped = DataLoader(dataset, batch_size=4, drop_last=True)
print(len(dropped), [labels.tolist() for _, labels in dropped])
batch = next(iter(DataLoader(dataset, batch_size=3)))
print(type(batch), len(batch), batch[0])
print(len(DataLoader(dataset)), [b[1].item() for b in DataLoader(dataset)][:5])
unbatched = DataLoader(dataset, batch_size=None)
print(len(unbatched), next(iter(unbatched)))
