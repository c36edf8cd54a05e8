import torch
import torch.nn.functional as F

logits = torch.randn(2, 3, requires_grad=True)
target = torch.tensor([0.0, 1.0])
loss = F.cross_entropy(logits, target)
print(loss)
