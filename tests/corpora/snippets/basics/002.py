# gradients accumulate until zeroed
import torch

w = torch.tensor(2.0, requires_grad=True)
for step in range(3):
    loss = (w * 3) ** 2
    loss.backward()
    print(step, w.grad)
w.grad.zero_()
print("after zero_:", w.grad)
w.grad = None
print("after None:", w.grad)
