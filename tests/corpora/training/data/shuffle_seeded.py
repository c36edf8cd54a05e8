# seeded shuffles follow torch's random stream: the default generator, a generator of the loader's own, and what
# iterating leaves of the default stream
import torch
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
dataset = TensorDataset(torch.arange(10), torch.arange(10) * 10)
loader = DataLoader(dataset, batch_size=3, shuffle=True)
for epoch in range(3):
    print(epoch, [labels.tolist() for _, labels in loader])
print(torch.rand(3))
ordered = DataLoader(dataset, batch_size=5)
for batch in ordered:
    pass
print(torch.randn(2))
g = torch.Generator()
g.manual_seed(42)
own = DataLoader(dataset, batch_size=4, shuffle=True, generator=g)
print([i.tolist() for i, _ in own])
print([i.tolist() for i, _ in own])
print(torch.randint(0, 100, (4,)))
torch.manual_seed(123)
big = DataLoader(TensorDataset(torch.arange(1000)), batch_size=100, shuffle=True, drop_last=True)
print([b[0][:5].tolist() for b in big])
