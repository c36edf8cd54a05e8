import torch
import torch.nn as nn
torch.manual_seed(8)
a = nn.Sequential(nn.Linear(3, 2), nn.Linear(2, 2))
sd = a.state_dict()
sd.pop('1.bias')
print(a.load_state_dict(sd, strict=False))
sd['extra'] = torch.zeros(1)
print(a.load_state_dict(sd, strict=False))
c = nn.Sequential(nn.Linear(3, 2), nn.Linear(2, 5))
c.load_state_dict(a.state_dict())
