# random_split by lengths and by fractions, then loaders over the subsets
import torch
from torch.utils.data import DataLoader, TensorDataset, random_split

torch.manual_seed(1)
dataset = TensorDataset(torch.arange(10.), torch.arange(10))
train, test = random_split(dataset, [7, 3])
print(len(train), len(test), train.indices, test.indices)
print(train[0])
a, b, c = random_split(dataset, [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))
print(a.indices, b.indices, c.indices)
for x, y in DataLoader(train, batch_size=3, shuffle=True):
    print(x, y)
print(torch.rand(2))
