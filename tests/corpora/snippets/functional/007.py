# mse by hand versus F.mse_loss
import torch
import torch.nn.functional as F

pred = torch.tensor([0.5, 1.5, 2.0], requires_grad=True)
target = torch.tensor([1.0, 1.0, 1.0])
loss = ((pred - target) ** 2).mean()
loss.backward()
print(loss, pred.grad)
print(F.mse_loss(pred, target))
