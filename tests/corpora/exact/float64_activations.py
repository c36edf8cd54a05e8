# float64 activations, softmax, the hyperbolic functions, exp2 and pow printed in full: SLEEF's double functions in
# the vector blocks, the C library's in the tails and strided rows, and a 500-step float64 classifier through them
import torch
import torch.nn.functional as F

torch.manual_seed(2)
m = torch.randn(9, 37, dtype=torch.float64) * 4
for name, f in (("sigmoid", torch.sigmoid), ("silu", F.silu), ("softplus", F.softplus), ("elu", F.elu),
                ("gelu", F.gelu), ("gelu_tanh", lambda t: F.gelu(t, approximate="tanh")),
                ("softmax", lambda t: torch.softmax(t, 1)), ("log_softmax", lambda t: torch.log_softmax(t, 0))):
    print(name, f(m)[4].tolist()[::3], f(m.t())[5].tolist()[:5], f(m[:, ::2])[1].tolist()[:6])
for dtype in (torch.float32, torch.float64, torch.float16):
    w = torch.randn(70, dtype=torch.float64).to(dtype) * 5
    print(torch.asinh(w).tolist()[::7], torch.acosh(w.abs() + 1).tolist()[::7], torch.atanh(w / 6).tolist()[::7])
print(torch.atanh(torch.tensor([1.0, -1.0, 2.0, 0.0, -0.0])).tolist(), torch.acosh(torch.tensor([1.0, 0.5])).tolist())
w = torch.randn(45, dtype=torch.float64) * 3
print(torch.sinh(w).tolist()[::4], torch.cosh(w).tolist()[::4], torch.exp2(w * 10).tolist()[::4])
print(w.abs().pow(2.5).tolist()[::4], w.pow(3).tolist()[::4], torch.pow(w.abs(), w).tolist()[::4])

n, classes = 100, 4
x = torch.randn(n, 3, dtype=torch.float64)
target = (x[:, 0] * 2 + x[:, 1] - x[:, 2] > 0).long() + (x[:, 0] > 0.5).long() * 2
scale = torch.randn(3, classes, dtype=torch.float64, requires_grad=True)
shift = torch.zeros(classes, dtype=torch.float64, requires_grad=True)
mix = torch.randn(classes, dtype=torch.float64, requires_grad=True)
for step in range(500):
    h = (x.unsqueeze(2) * scale).sum(dim=1) + shift
    logits = F.silu(h) + 0.5 * F.gelu(h * mix, approximate="tanh") + F.elu(h - 1.0, alpha=0.5)
    loss = -F.log_softmax(logits, dim=1)[torch.arange(n), target].mean()
    loss.backward()
    with torch.no_grad():
        for p in (scale, shift, mix):
            p -= 0.1 * p.grad
            p.grad.zero_()
    print(step, loss.item())
print(scale.tolist(), shift.tolist(), mix.tolist(), F.softmax(logits, dim=1)[0].tolist())
