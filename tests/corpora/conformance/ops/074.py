import torch
import torch.nn.functional as F

labels = torch.tensor([0, 2, 1])
oh = F.one_hot(labels, num_classes=3)
print(oh, oh.dtype)
logits = torch.tensor([[2.0, 0.5, 0.1], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
loss = -(oh * F.log_softmax(logits, dim=1)).sum(dim=1).mean()
loss.backward()
print(loss)
print(logits.grad)
