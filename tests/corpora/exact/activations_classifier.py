import torch
import torch.nn.functional as F

torch.manual_seed(1)
n, classes = 120, 4
x = torch.randn(n, 3)
target = (x[:, 0] * 2 + x[:, 1] - x[:, 2] > 0).long() + (x[:, 0] > 0.5).long() * 2
scale = torch.randn(3, classes, requires_grad=True)
shift = torch.zeros(classes, requires_grad=True)
mix = torch.randn(classes, requires_grad=True)
lr = 0.1
for step in range(500):
    h = (x.unsqueeze(2) * scale).sum(dim=1) + shift
    logits = F.silu(h) + 0.5 * F.gelu(h * mix) - 0.1 * F.softplus(h) + F.elu(h - 1.0, alpha=0.5)
    logp = F.log_softmax(logits, dim=1)
    loss = -logp[torch.arange(n), target].mean()
    loss.backward()
    with torch.no_grad():
        for p in (scale, shift, mix):
            p -= lr * p.grad
            p.grad.zero_()
    if step % 10 == 0 or step > 490:
        probs = F.softmax(logits, dim=1)
        print(step, loss.item(), probs[0].tolist())
print(scale.tolist(), shift.tolist(), mix.tolist())
