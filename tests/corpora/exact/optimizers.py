# Each of torch.optim's optimizers 500 steps on a small fit without matrix products, loss.item() at every step
import torch

torch.manual_seed(0)
x = torch.linspace(-2, 2, 64)
y = 0.7 * torch.tanh(1.5 * x) + 0.2 * x - 0.1
settings = [
    ("SGD momentum", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1, weight_decay=1e-3)),
    ("SGD nesterov", lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True)),
    ("Adam", lambda p: torch.optim.Adam(p, lr=0.01, weight_decay=1e-4)),
    ("AdamW", lambda p: torch.optim.AdamW(p, lr=0.01, amsgrad=True)),
    ("RMSprop", lambda p: torch.optim.RMSprop(p, lr=0.003, momentum=0.5, centered=True)),
    ("Adagrad", lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=1e-4)),
]
for name, make in settings:
    w = torch.randn(4, requires_grad=True)
    b = torch.zeros(2, requires_grad=True)
    optimizer = make([w, b])
    for step in range(500):
        optimizer.zero_grad()
        pred = w[0] * torch.sigmoid(w[1] * x + b[0]) + w[2] * x + w[3] * x * x + b[1]
        loss = ((pred - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        print(name, step, loss.item())
    print(name, w.tolist(), b.tolist())
