import torch

step_count = 0
w = torch.tensor([1.0, -1.0], requires_grad=True)


def train_step(lr):
    global step_count, w
    loss = (w ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w = w - lr * w.grad
    w.requires_grad_()
    step_count += 1
    return loss.item()


for _ in range(3):
    print(train_step(0.25))
print(step_count, w)
