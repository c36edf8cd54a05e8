import torch

torch.manual_seed(4)
true_w = torch.tensor([1.0, -2.0, 0.5])
X = torch.randn(20, 3)
y = X @ true_w
w = torch.zeros(3, requires_grad=True)
for epoch in range(50):
    loss = torch.mean((X @ w - y) ** 2)
    grad_w, = torch.autograd.grad(loss, w)
    w = (w - 0.1 * grad_w).detach().requires_grad_()
print(w)
print(f"final loss {torch.mean((X @ w - y) ** 2).item():.2e}")
