import torch

def make_loss(target):
    def loss(p):
        return ((p - target) ** 2).sum()
    return loss

target = torch.tensor([1.0, 2.0])
loss_fn = make_loss(target)
p = torch.zeros(2, requires_grad=True)
g, = torch.autograd.grad(loss_fn(p), p, create_graph=True)
H = torch.autograd.functional.hessian(loss_fn, p.detach())
print(g, H)
