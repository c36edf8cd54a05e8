import torch; torch.manual_seed(0)  # edit: seed
import torch
from torch import nn

x=torch.arange(4,dtype = torch.float32)
print(torch.save(x,"x-file"))  # edit: the cell's shown value

x2 = torch.load("x-file")
print(x2)  # edit: the cell's shown value

y = torch.zeros(4)
torch.save([x, y],'x-files')
x2, y2 = torch.load('x-files')
print((x2, y2))  # edit: the cell's shown value

mydict = {'x': x, 'y': y}
torch.save( mydict,'mydict')
mydict2 = torch.load('mydict')
print(mydict2)  # edit: the cell's shown value

class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(20, 256)
        self.output = nn.Linear(256, 10)
        self.relu = nn.ReLU()
    def forward(self, x):
        H_1 = self.relu(self.hidden(x))
        out = self.output(H_1)
        return out

net = MLP()
x = torch.randn(size=(2, 20))
y = net(x)

print(torch.save(net.state_dict(), 'mlp.params'))  # edit: the cell's shown value

clone = MLP()
clone.load_state_dict(torch.load("mlp.params"))
print(clone.eval())  # edit: the cell's shown value

yclone = clone(x)
print(yclone == y)  # edit: the cell's shown value
