import torch
import torch.nn.functional as F

logits = torch.zeros(2, 3, requires_grad=True)
F.cross_entropy(logits, torch.tensor([0, 5]))
