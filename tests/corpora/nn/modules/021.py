import torch
import torch.nn as nn
from collections import OrderedDict
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)
    def forward(self, x):
        return self.fc(x)
torch.manual_seed(0)
net = Net()
torch.save(net, "m.pt")
try:
    torch.load("m.pt")
except Exception as e:
    print(e)
try:
    torch.load("nothere.pt")
except FileNotFoundError as e:
    print("FileNotFoundError", e)
x = torch.ones(2, requires_grad=True)
y = x * 2
torch.save({"x": x, "y": y, "n": 3, "s": torch.Size([2]), "d": torch.float64, "l": [1, (2.5, "a")], "o": OrderedDict(a=1)}, "t.pt")
o = torch.load("t.pt")
print(o, o["x"].requires_grad, o["y"].requires_grad, o["y"].grad_fn, o["x"].is_leaf, o["x"] is x)
torch.save(nn.Parameter(torch.ones(2)), "p.pt")
print(torch.load("p.pt"))
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
net(torch.ones(2)).sum().backward(); opt.step()
torch.save(opt.state_dict(), "o.pt"); print(torch.load("o.pt"))
sd = net.state_dict()
torch.save(sd, "sd.pt")
with torch.no_grad():
    net.fc.weight.add_(1)
net.load_state_dict(torch.load("sd.pt", map_location="cpu", weights_only=True))
print(net.fc.weight, torch.load("t.pt", mmap=True)["n"])
