# the Rosenbrock function from (-1.5, 2) with each optimizer, 500 steps in float64
import torch

torch.set_printoptions(precision=17)


def rosenbrock(p):
    return (1 - p[0]) ** 2 + 100 * (p[1] - p[0] ** 2) ** 2


kinds = {"SGD": torch.optim.SGD, "Adam": torch.optim.Adam, "AdamW": torch.optim.AdamW,
         "RMSprop": torch.optim.RMSprop, "Adagrad": torch.optim.Adagrad}
for name, kind in kinds.items():
    p = torch.tensor([-1.5, 2.0], dtype=torch.float64, requires_grad=True)
    optimizer = kind([p], lr=1e-4, momentum=0.9) if name == "SGD" else kind([p], lr=0.01)
    for step in range(500):
        optimizer.zero_grad()
        loss = rosenbrock(p)
        loss.backward()
        optimizer.step()
        if step % 100 == 99:
            print(name, step + 1, p.tolist(), loss.item())
    print(name, p)
