import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
target = torch.tensor([1.0, 0.0, -1.0])
lr = 0.5
for step in range(6):
    loss = torch.sum((torch.tanh(w) - target) ** 2)
    grad_w, = torch.autograd.grad(loss, w)
    with torch.no_grad():
        w -= lr * grad_w
    print(step, f"{loss.item():.6f}", [round(v, 4) for v in w.tolist()])
