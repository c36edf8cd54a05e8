import torch


class Model:
    """A two-layer network written by hand, trained with plain gradient descent."""

    def __init__(self):
        torch.manual_seed(1)
        self.w1 = torch.randn(2, 8, requires_grad=True)
        self.w2 = torch.randn(8, 1, requires_grad=True)

    def forward(self, x):
        return torch.tanh(x @ self.w1) @ self.w2

    def step(self, lr):
        with torch.no_grad():
            for w in (self.w1, self.w2):
                w -= lr * w.grad
                w.grad.zero_()


model = Model()
x = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
target = torch.tensor([[0.], [1.], [1.], [0.]])
for epoch in range(200):
    loss = ((model.forward(x) - target) ** 2).mean()
    loss.backward()
    model.step(0.1)
    if epoch % 50 == 0:
        print(epoch, round(loss.item(), 4))
print(model.forward(x))
