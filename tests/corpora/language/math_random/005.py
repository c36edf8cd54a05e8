import random
import torch

random.seed(1)
torch.manual_seed(1)
data = [(random.uniform(-1, 1), random.uniform(-1, 1)) for _ in range(8)]
x = torch.tensor(data)
w = torch.zeros(2, requires_grad=True)
target = x[:, 0] * 2 - x[:, 1]
for step in range(50):
    loss = ((x @ w - target) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        w.grad.zero_()
print(w, loss)
batch = random.sample(range(8), 4)
print(batch, x[batch])
