# backward of a tensor that does not require grad
import torch

x = torch.ones(3)
loss = (x * 2).sum()
print(loss.requires_grad)
loss.backward()
