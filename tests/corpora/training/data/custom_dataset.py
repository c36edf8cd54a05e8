# a script's own Dataset (the tutorials' custom dataset), exceptions from bad arguments caught by type
import torch
w = torch.ones(2, requires_grad=True)
try:
    torch.optim.SGD([w], lr=-1)
except ValueError as e:
    print("caught", e)
try:
    torch.optim.SGD([w], lr=0.1, foo=1)
except TypeError as e:
    print("caught", e)


class Shifted(torch.utils.data.Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.tensor([float(i)]), i * 2


torch.manual_seed(0)
for x, y in torch.utils.data.DataLoader(Shifted(5), batch_size=2, shuffle=True):
    print(x, y)
d = Shifted(3)
print(type(d), len(d), d[1], isinstance(d, torch.utils.data.Dataset))
print(d)
loader = torch.utils.data.DataLoader(d, batch_size=3)
print(next(iter(loader)))
parts = torch.utils.data.random_split(d, [2, 1])
print(parts[0].indices, parts[0][0], type(parts[1]))
