import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x * 2).backward(torch.ones(2))
