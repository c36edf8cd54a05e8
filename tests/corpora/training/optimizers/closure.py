# step(closure) returns the closure's loss; a parameter without a gradient is left alone
import torch

torch.manual_seed(11)
torch.set_printoptions(precision=17)
w = torch.randn(5, dtype=torch.float64, requires_grad=True)
unused = torch.randn(3, requires_grad=True)
optimizer = torch.optim.RMSprop([w, unused], lr=0.01, momentum=0.9)


def closure():
    optimizer.zero_grad()
    loss = ((w - 2) ** 2).sum()
    loss.backward()
    return loss


for step in range(200):
    loss = optimizer.step(closure)
    if step % 40 == 0:
        print(step, loss.item())
print(w)
print(unused, unused.grad)
print(list(optimizer.state[w]), len(optimizer.state))
