import torch


class Optimizer:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    def step(self):
        raise NotImplementedError


class SGD(Optimizer):
    def step(self):
        with torch.no_grad():
            for p in self.params:
                p -= self.lr * p.grad


class Momentum(SGD):
    def __init__(self, params, lr, beta=0.9):
        super().__init__(params, lr)
        self.beta = beta
        self.velocity = [torch.zeros_like(p) for p in self.params]

    def step(self):
        with torch.no_grad():
            for p, v in zip(self.params, self.velocity):
                v.mul_(self.beta).add_(p.grad)
                p -= self.lr * v


for kind in (SGD, Momentum):
    w = torch.tensor([3.0, -2.0], requires_grad=True)
    opt = kind([w], lr=0.1)
    for _ in range(20):
        opt.zero_grad()
        loss = (w ** 2).sum()
        loss.backward()
        opt.step()
    print(kind, w)
try:
    Optimizer([w], 0.1).step()
except NotImplementedError as e:
    print("not implemented", repr(e))
