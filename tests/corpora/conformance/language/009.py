import torch

def step(w, lr=0.1):
    loss = (w - 3) ** 2
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    w.grad.zero_()
    return loss.item()

w = torch.tensor(0.0, requires_grad=True)
history = [step(w) for _ in range(3)]
print(history)
print(w)
