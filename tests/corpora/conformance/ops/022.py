import torch
import torch.nn.functional as F

pred = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)
target = torch.tensor([1.0, 1.0, 1.0])
loss = F.mse_loss(pred, target)
print(loss)
loss.backward()
print(pred.grad)
