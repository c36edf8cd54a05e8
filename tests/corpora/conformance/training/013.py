import torch

torch.manual_seed(0)
w = torch.randn(4, requires_grad=True)
x = torch.ones(4)
for i in range(3):
    loss = (w * x).sum() ** 2
    loss.backward()
    print(f"loss {loss.item():.4f} grad {w.grad}")
    with torch.no_grad():
        w.sub_(0.1 * w.grad)
        w.grad.zero_()
