# softmax and a cross-entropy written by hand
import torch

logits = torch.tensor([2.0, 1.0, 0.1], requires_grad=True)
p = torch.softmax(logits, dim=0)
loss = -torch.log(p[0])
loss.backward()
print(p)
print(logits.grad)
