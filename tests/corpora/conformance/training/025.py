import torch

w = torch.tensor([0.0, 0.0], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [2.0, 1.0], [3.0, 3.0]])
y = torch.tensor([5.0, 4.0, 9.0])
for step in range(3):
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    print(f"step {step}: w={w}, grad={w.grad}, loss={loss}")
    with torch.no_grad():
        w -= 0.05 * w.grad
    w.grad.zero_()
