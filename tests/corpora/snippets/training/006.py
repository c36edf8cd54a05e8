# momentum by hand, with a list of velocities and zip
import torch

params = [torch.tensor([1.0, -1.0], requires_grad=True), torch.tensor(2.0, requires_grad=True)]
velocity = [torch.zeros(2), torch.zeros(())]
for epoch in range(5):
    a, c = params
    loss = (a ** 2).sum() + c ** 2
    loss.backward()
    with torch.no_grad():
        for p, v in zip(params, velocity):
            v.mul_(0.9).add_(p.grad)
            p.sub_(0.1 * v)
            p.grad.zero_()
    print(epoch, "%.4f" % loss.item())
