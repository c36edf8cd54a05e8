import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (x ** 2).sum()
if loss > 4:
    print("big", loss.item())
if not loss < 4:
    print("not small")
print(loss > 4, bool(loss > 4), loss == 5)
while loss > 0.5:
    loss = loss / 2
print(loss)
