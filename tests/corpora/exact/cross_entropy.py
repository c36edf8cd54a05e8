# A 500-step linear classifier (no matrix product) on cross_entropy, then nll_loss/cross_entropy with class
# weights, ignore_index, sum reduction and label smoothing over batches of 1 to 700, printed in full
import torch

torch.manual_seed(0)
x = torch.randn(300, 5)
target = (x[:, 0] + 0.5 * x[:, 1] > 0).long() + (x[:, 2] > 1).long()
w = torch.randn(3, 5, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
for step in range(500):
    logits = (x.unsqueeze(1) * w).sum(-1) + b
    loss = torch.nn.functional.cross_entropy(logits, target)
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
    print(step, loss.item())
F = torch.nn.functional
for n in (1, 7, 16, 17, 33, 255, 256, 257, 700):
    logits = torch.randn(n, 4) * 3
    t = torch.randint(0, 4, (n,))
    t[::5] = -100
    weight = torch.rand(4) + 0.5
    print(n, F.cross_entropy(logits, t).item(), F.cross_entropy(logits, t, weight=weight).item(),
          F.cross_entropy(logits, t, reduction="sum").item(), F.nll_loss(logits.log_softmax(1), t, weight=weight,
          reduction="sum").item(), F.cross_entropy(logits, t, label_smoothing=0.1).item(),
          F.cross_entropy(logits.double(), t).item())
