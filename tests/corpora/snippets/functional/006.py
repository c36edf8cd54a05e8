# views: reshape, view, t and unsqueeze carry gradients
import torch

x = torch.arange(6.0, requires_grad=True)
m = x.view(2, 3)
y = (m.t() @ m.unsqueeze(0).reshape(2, 3)).sum()
y.backward()
print(m.t())
print(x.grad)
print(y.grad_fn)
