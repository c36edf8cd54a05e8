import torch
import torch.nn.functional as F

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    loss = (x ** 2).sum()
    loss.backward()
