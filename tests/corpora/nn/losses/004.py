import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(3)
inp = F.log_softmax(torch.randn(3, 5, requires_grad=True), dim=1)
target = F.softmax(torch.rand(3, 5), dim=1)
kl = nn.KLDivLoss(reduction='batchmean')
out = kl(inp, target)
print(out, out.grad_fn)
log_target = F.log_softmax(torch.rand(3, 5), dim=1)
out2 = nn.KLDivLoss(reduction='batchmean', log_target=True)(inp, log_target)
print(out2)
print(nn.KLDivLoss(reduction='sum')(inp, target))
print(nn.KLDivLoss(reduction='none')(inp, target))
print(F.kl_div(inp, target, reduction='batchmean'))
