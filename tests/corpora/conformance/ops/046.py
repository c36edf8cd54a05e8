import torch
import torch.nn.functional as F

pred = torch.tensor([0.9, 0.2, 0.6], requires_grad=True)
target = torch.tensor([1.0, 0.0, 1.0])
bce = F.binary_cross_entropy(pred, target)
l1 = F.l1_loss(pred, target)
print(bce, l1)
(bce + l1).backward()
print(pred.grad)
