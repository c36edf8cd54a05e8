import torch
import torch.nn as nn

# type(error).__name__: how scripts print what went wrong (and what they hold)
for bad in (lambda: torch.ones(2) + torch.ones(3), lambda: [1][2], lambda: {}["key"], lambda: int("x")):
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, "-", e)
x = torch.ones(2, requires_grad=True)
print(type(x).__name__, type(x))
print(type(3).__name__, type(2.5).__name__, type("s").__name__, type([]).__name__, type(None).__name__)
print(type(nn.Linear(2, 2)).__name__, type(nn.Linear(2, 2)))


class Net(nn.Module):
    def forward(self, x):
        return x


print(type(Net()).__name__, type(Net()), f"{type(x).__name__}")
print(type(torch.max(torch.ones(2, 2), 0)).__name__, type(x.dtype).__name__)
