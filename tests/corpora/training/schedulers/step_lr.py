# StepLR: the learning rate each epoch, and the parameters it leads to
import torch

torch.set_printoptions(precision=17)
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=7, gamma=0.5)
print(scheduler.get_last_lr(), scheduler.last_epoch, scheduler.base_lrs)
for epoch in range(30):
    optimizer.zero_grad()
    (w * w).sum().backward()
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr(), optimizer.param_groups[0]["lr"])
print(w.tolist())
print(optimizer.param_groups[0]["initial_lr"])
print(scheduler.state_dict())
