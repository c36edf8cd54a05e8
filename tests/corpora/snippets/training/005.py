# gradient descent on a function of two variables until the step is small
import torch

p = torch.tensor([3.0, -2.0], requires_grad=True)
steps = 0
while True:
    f = (p[0] - 1) ** 2 + 2 * (p[1] + 0.5) ** 2
    g, = torch.autograd.grad(f, p)
    with torch.no_grad():
        p -= 0.1 * g
    steps += 1
    if g.norm() < 1e-3 or steps >= 500:
        break
print("steps:", steps)
print("minimum near", [round(v, 3) for v in p.tolist()])
