import torch

w = torch.tensor([1.5, -2.0, 0.5], requires_grad=True)
x = torch.tensor([1.0, 1.0, 1.0])
weight_decay = 0.1
for i in range(3):
    data_loss = (w @ x - 1.0) ** 2
    reg = weight_decay * (w ** 2).sum()
    loss = data_loss + reg
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
    print(f"{i}: data={data_loss.item():.4f} reg={reg.item():.4f}")
print(w)
