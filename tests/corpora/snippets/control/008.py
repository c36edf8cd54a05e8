# set_grad_enabled and enable_grad inside no_grad
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
    with torch.enable_grad():
        z = x * 2
print(y.requires_grad, z.requires_grad)
is_train = False
with torch.set_grad_enabled(is_train):
    w = x ** 2
print(w.requires_grad)
torch.set_grad_enabled(False)
v = x + 1
torch.set_grad_enabled(True)
print(v.requires_grad, (x + 1).requires_grad)
