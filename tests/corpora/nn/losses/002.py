import torch
import torch.nn as nn
torch.manual_seed(1)
logits = torch.randn(5, 4, requires_grad=True)
target = torch.tensor([0, 3, 1, 1, 2])
for loss_fn in (nn.CrossEntropyLoss(), nn.CrossEntropyLoss(reduction='sum'), nn.CrossEntropyLoss(label_smoothing=0.1),
                nn.CrossEntropyLoss(ignore_index=1), nn.CrossEntropyLoss(ignore_index=1, label_smoothing=0.2),
                nn.CrossEntropyLoss(reduction='none', label_smoothing=0.05)):
    loss = loss_fn(logits, target)
    g, = torch.autograd.grad(loss.sum(), logits)
    print(loss, loss.grad_fn)
    print(g)
probs = torch.softmax(torch.randn(5, 4), dim=1)
print(nn.CrossEntropyLoss()(logits, probs))
print(nn.CrossEntropyLoss(label_smoothing=0.3)(logits, probs))
print(nn.CrossEntropyLoss()(logits[0], target[0]))
