import torch
import torch.nn as nn
torch.manual_seed(9)
a = nn.Linear(2, 2)
sd = a.state_dict()
print(sd)
sd['weight'][0, 0] = 100.0
print(a.weight)
b = nn.Linear(2, 2)
sd2 = {'weight': torch.ones(2, 2)}
b.load_state_dict(sd2)
