# TensorDataset: length, items, slices
import torch
from torch.utils.data import TensorDataset

x = torch.arange(12.).reshape(6, 2)
y = torch.tensor([0, 1, 0, 1, 1, 0])
dataset = TensorDataset(x, y)
print(len(dataset))
print(dataset[0])
print(dataset[-1])
print(dataset[1:3])
features, label = dataset[4]
print(features, label, label.dtype)
print(len(dataset.tensors), dataset.tensors[1])
for item in TensorDataset(torch.tensor([1.5, 2.5])):
    print(item)
