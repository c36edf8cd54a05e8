import torch

torch.manual_seed(0)
w = torch.randn(2, requires_grad=True)
x = torch.randn(5, 2)
y = torch.randn(5)
print(w)
pred = x @ w
loss = torch.nn.functional.mse_loss(pred, y)
loss.backward()
print(loss, w.grad)
w.grad.zero_()
loss = ((x @ w - y) ** 2).mean()
loss.backward()
print(loss, w.grad)
