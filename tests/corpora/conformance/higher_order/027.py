import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(1.0, requires_grad=True)
loss = (w * b).sum() ** 2
loss.backward(inputs=[w])
print(w.grad, b.grad)
