# default_collate over lists of python values and tuples: float64 from floats, int64 from ints, strings kept
import torch
from torch.utils.data import DataLoader

pairs = [(0.5, 1), (1.5, 0), (2.5, 1), (3.5, 0), (4.5, 1)]
for features, labels in DataLoader(pairs, batch_size=2):
    print(features, labels)
words = [("a", torch.tensor([1.0, 2.0])), ("b", torch.tensor([3.0, 4.0])), ("c", torch.tensor([5.0, 6.0]))]
for names, vectors in DataLoader(words, batch_size=2):
    print(names, vectors)
records = [{"x": torch.tensor(float(i)), "n": i} for i in range(4)]
print(next(iter(DataLoader(records, batch_size=4))))
print(next(iter(DataLoader([[1, 2], [3, 4], [5, 6]], batch_size=3))))
