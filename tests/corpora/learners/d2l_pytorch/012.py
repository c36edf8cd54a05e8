import torch; torch.manual_seed(0)  # edit: seed
import torch
from torch import nn
from torch.autograd import Variable
import torch.nn.functional as F

class CenteredLayer(nn.Module):
  def __init__(self):
      super().__init__()
  def forward(self, x):
    return x - x.mean()

layer = CenteredLayer()
print(layer(torch.FloatTensor([1, 2, 3, 4, 5])))  # edit: the cell's shown value

net = nn.Sequential(nn.Linear(8,128), CenteredLayer())

y=net(torch.rand(4,8))
print(y.mean())  # edit: the cell's shown value

params=torch.nn.ParameterDict()
params.update({"param2":nn.Parameter(Variable(torch.ones(2,3)))})
print(params)  # edit: the cell's shown value

class MyDense(nn.Module):
    def __init__(self, units, in_units):
        super().__init__()
        self.weight = Variable(torch.ones(in_units, units))
        self.bias = Variable(torch.ones(units,))
    def forward(self, x):
        linear = torch.matmul(x, self.weight.data) + self.bias.data
        return F.relu(linear)

dense = MyDense(units=3, in_units=5)
print(dense.parameters)  # edit: the cell's shown value

print(dense(torch.rand(2,5)))  # edit: the cell's shown value

net = nn.Sequential(
MyDense(8, in_units=64),
MyDense(1, in_units=8))

print(net(torch.rand(2,64)))  # edit: the cell's shown value
