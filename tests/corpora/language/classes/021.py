import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)


def timed(fn):
    def wrapper(*args):
        print("calling", fn.__name__)
        return fn(*args)
    return wrapper


@timed
def square(v):
    return v * v


x = torch.ones(2, requires_grad=True)
net = Net()
print(type(x), type(x) == torch.Tensor, type(x) != torch.Tensor, isinstance(x, type(x)))
print(type(3) == int, type(2.5) == float, type("s") == str, type((1,)) == tuple, type([]) == list)
print(type(net) == Net, type(net).__name__, type(net.fc).__name__, type(net.fc))
print(type(x).__name__, type(x.shape) == torch.Size, type(x.shape).__name__, type(type(x)))
print(type(net.fc.weight), type(net.fc.weight) == nn.Parameter, type(net.fc.weight) == torch.Tensor)
print(Net.__name__, nn.Linear.__name__, int.__name__, (lambda: 0).__name__)
print(square(torch.tensor(3.)))
kinds = {type(x): "tensor", type(1): "int"}
print(kinds[type(torch.zeros(1))], kinds[type(7)], f"{type(x)}", str(type(1.0)))
print(type(x)([1.0, 2.0]), type(net)().fc.in_features)
try:
    print(type(x).nothing)
except AttributeError as e:
    print("AttributeError:", e)
