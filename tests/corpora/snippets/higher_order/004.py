# backward(create_graph=True) then a gradient of the gradient
import torch

w = torch.tensor([0.5, 1.5], requires_grad=True)
loss = (w ** 4).sum()
grads = torch.autograd.grad(loss, w, create_graph=True)
penalty = grads[0].pow(2).sum()
penalty.backward()
print(grads[0])
print(w.grad)
