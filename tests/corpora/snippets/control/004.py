# f-string reports with format specs, lists, dicts and tuples
import torch

x = torch.tensor([0.25, 0.5], requires_grad=True)
y = (x ** 2).sum()
y.backward()
report = {"loss": y.item(), "grad": x.grad.tolist()}
print(f"loss={report['loss']:.4f} grad={report['grad']}")
print(f"{'name':>6}|{'value':<8}|")
for n, (k, v) in enumerate(report.items()):
    print(f"{n:3d} {k!r:>8} {str(v)}")
shape = tuple(x.shape)
print(shape, len(shape), x.shape[0], x.numel())
print("%d items, %.2e mean" % (x.numel(), x.mean().item()))
print("sep", "test", sep="-", end="!\n")
