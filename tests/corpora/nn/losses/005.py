import torch
import torch.nn as nn
loss = nn.MSELoss()
print(loss(torch.ones(3, requires_grad=True), torch.zeros(3, 1)))
