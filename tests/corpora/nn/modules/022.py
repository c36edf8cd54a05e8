import torch
from torch import nn
torch.manual_seed(0)
n = nn.Sequential(nn.Linear(2, 1), nn.ReLU())
print(n._modules)
print(type(n._modules), n[0]._parameters, n[0]._buffers)
print(nn.BatchNorm1d(2)._buffers)
pl = nn.ParameterList([nn.Parameter(torch.ones(2)), nn.Parameter(torch.zeros(2, 3))])
print(pl)
print(len(pl), pl[0], pl[-1].shape)
pl.append(torch.randn(3))
print(type(pl[2]), pl[2], len(pl))
pl.extend([nn.Parameter(torch.ones(1, dtype=torch.float64))])
print(pl, pl[1:3])
for p in pl:
    print(p.shape)
pd = nn.ParameterDict({'b': nn.Parameter(torch.ones(2)), 'a': nn.Parameter(torch.zeros(2, 3))})
print(pd)
pd.update({"c": torch.ones(1)})
pd["d"] = nn.Parameter(torch.ones(2, dtype=torch.float64))
print(pd, list(pd.keys()), len(pd), "a" in pd, pd.get("zz"))
print(pd.pop("a").shape, list(pd))
print(nn.ParameterDict(), nn.ParameterList())
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.p = nn.ParameterList([nn.Parameter(torch.ones(1))])
        self.d = nn.ParameterDict({'x': nn.Parameter(torch.ones(2, dtype=torch.float64))})
    def forward(self, x):
        return x * self.p[0] + self.d["x"].sum()
m = M()
print(m)
print(list(m.named_parameters()))
print(m.state_dict())
print(m(torch.ones(2)))
class MySequential(nn.Module):
    def __init__(self, *args):
        super().__init__()
        for idx, module in enumerate(args):
            self._modules[str(idx)] = module
    def forward(self, X):
        for block in self._modules.values():
            X = block(X)
        return X
net = MySequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
print(net, net(torch.ones(2, 4)), len(list(net.parameters())))
print(net._modules['0']._parameters['bias'])
try:
    pl(1)
except RuntimeError as e:
    print(e)
try:
    pd[1]
except TypeError as e:
    print(e)
try:
    pl[7]
except IndexError as e:
    print(e)
