# CosineAnnealingLR down to eta_min and back up past T_max, with Adam training alongside
import torch

torch.manual_seed(5)
torch.set_printoptions(precision=17)
x = torch.randn(16)
w = torch.randn(16, requires_grad=True)
optimizer = torch.optim.Adam([w], lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=10, eta_min=0.001)
for epoch in range(35):
    optimizer.zero_grad()
    ((w - x) ** 2).sum().backward()
    optimizer.step()
    scheduler.step()
    print(epoch, scheduler.get_last_lr()[0], scheduler.last_epoch)
print(w.tolist())
plain = torch.optim.lr_scheduler.CosineAnnealingLR(torch.optim.SGD([w], lr=1.0), 4)
for epoch in range(12):
    plain.optimizer.step()
    plain.step()
    print(plain.get_last_lr())
