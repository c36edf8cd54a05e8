import torch
import torch.nn as nn
torch.manual_seed(1)
X = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
Y = torch.tensor([[0.], [1.], [1.], [0.]])
model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1), nn.Sigmoid())
loss_fn = nn.BCELoss()
for step in range(500):
    out = model(X)
    loss = loss_fn(out, Y)
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p.sub_(0.5 * p.grad)
    if step % 100 == 0:
        print(step, round(loss.item(), 4))
print(model(X).round())
