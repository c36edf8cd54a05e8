import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
ys = [x.sum(), x.sum(0), torch.sum(x, dim=1, keepdim=True), x.mean(), x.mean(0), x.max(), x.max(0)[0], x.min(), x.min(1).values, x.norm(), x.std(), x.var(), x.prod(), x.cumsum(0), torch.where(x > 0, x, 0.0), x.clamp(0, 1), x.clamp(min=0), x.relu(), F.relu(x), x.sigmoid(), x.tanh(), x.softmax(0), F.log_softmax(x, 1), F.mse_loss(x, torch.zeros(2, 2)), F.cross_entropy(x, torch.tensor([0, 1]))]
for y in ys:
    print(y.grad_fn)
