# annotations, as recent tutorials write them: read, not evaluated; `x: int` alone makes x local
import torch
from torch import nn

def scale(t: torch.Tensor, k: float = 2.0, *rest: int, **named: str) -> torch.Tensor:
    return t * k

count: int = 3
label: str
total: float = 0.5
print(scale(torch.ones(2), 3.0), count, total)

class Net(nn.Module):
    hidden: int = 4

    def __init__(self, size: int) -> None:
        super().__init__()
        self.fc: nn.Linear = nn.Linear(size, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y: torch.Tensor = self.fc(x)
        return y

def local_only():
    x: int
    try:
        print(x)
    except NameError as e:
        print("NameError", e)
    except UnboundLocalError as e:
        print(type(e).__name__, e)

local_only()
f = lambda a, b=1: a + b
print(f(1), Net.hidden, Net(3).fc, {1: 2}[1], [1, 2, 3][0:2])
d = {}
d["k"]: int = 5
print(d)
