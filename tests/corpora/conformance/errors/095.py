import torch
import torch.nn.functional as F

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x.grad)
print(x.grad.data)
