# nll_loss2d (cross_entropy of an image batch: (N, C, H, W), and (N, C, L) viewed as it) reduced in torch's
# order: per-pixel logits trained 300 steps with plain SGD, printing loss.item() at each step, then class
# weights, ignore_index and sums over maps of 1 to 4,800 pixels
import torch
import torch.nn.functional as F

torch.manual_seed(3)
logits = torch.randn(4, 5, 12, 10, requires_grad=True)
target = torch.randint(0, 5, (4, 12, 10))
weight = torch.tensor([0.5, 1.0, 2.0, 1.5, 0.75])
for step in range(300):
    loss = F.cross_entropy(logits, target, weight=weight if step % 2 else None)
    loss.backward()
    with torch.no_grad():
        logits -= 0.5 * logits.grad
        logits.grad.zero_()
    print(step, loss.item())

for shape in [(1, 3, 1, 1), (2, 3, 4, 5), (3, 4, 33), (2, 6, 7, 8, 3), (8, 5, 40, 15), (5, 7, 31, 17)]:
    x = torch.randn(*shape)
    t = torch.randint(0, shape[1], (shape[0],) + shape[2:])
    ignored = t.clone()
    ignored[ignored == 1] = -100
    w = torch.rand(shape[1]) + 0.5
    print(shape, F.cross_entropy(x, t).item(), F.cross_entropy(x, t, reduction="sum").item())
    print(F.cross_entropy(x, ignored, weight=w).item(), F.nll_loss(x.log_softmax(1), ignored, weight=w, reduction="sum").item())
    print(F.nll_loss(x, t, ignore_index=2).item(), F.cross_entropy(x.double(), t, weight=w.double()).item())
