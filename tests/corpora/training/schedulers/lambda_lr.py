# LambdaLR with a function of the epoch, one per group
import torch


def warmup(epoch):
    return min(1.0, (epoch + 1) / 5)


def decay(epoch):
    return 0.95 ** epoch


w = torch.zeros(3, requires_grad=True)
v = torch.zeros(3, requires_grad=True)
optimizer = torch.optim.SGD([{"params": [w]}, {"params": [v], "lr": 0.5}], lr=0.1)
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda=[warmup, decay])
print(scheduler.get_last_lr())
for epoch in range(20):
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr())
single = torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD([w], lr=1.0), warmup)
print(single.get_last_lr(), single.lr_lambdas[0](10))
