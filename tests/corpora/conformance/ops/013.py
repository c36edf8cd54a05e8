import torch
import torch.nn.functional as F

logits = torch.tensor([[1.0, 2.0, 0.5], [0.1, 0.2, 0.3]], requires_grad=True)
ls = F.log_softmax(logits, dim=1)
print(ls)
loss = -ls[:, 0].mean()
loss.backward()
print(loss)
print(logits.grad)
