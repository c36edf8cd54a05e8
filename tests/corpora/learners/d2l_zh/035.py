import torch; torch.manual_seed(0)  # edit: seed
import torch
from torch import nn
from torch.nn import functional as F

x = torch.arange(4)
print(torch.save(x, 'x-file'))  # edit: the cell's shown value

x2 = torch.load('x-file')
print(x2)  # edit: the cell's shown value

y = torch.zeros(4)
torch.save([x, y],'x-files')
x2, y2 = torch.load('x-files')
print((x2, y2))  # edit: the cell's shown value

mydict = {'x': x, 'y': y}
torch.save(mydict, 'mydict')
mydict2 = torch.load('mydict')
print(mydict2)  # edit: the cell's shown value

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 256)
        self.output = nn.Linear(256, 10)

    def forward(self, x):
        return self.output(F.relu(self.hidden(x)))

net = MLP()
X = torch.randn(size=(2, 20))
Y = net(X)

print(torch.save(net.state_dict(), 'mlp.params'))  # edit: the cell's shown value

clone = MLP()
clone.load_state_dict(torch.load('mlp.params'))
print(clone.eval())  # edit: the cell's shown value

Y_clone = clone(X)
print(Y_clone == Y)  # edit: the cell's shown value
