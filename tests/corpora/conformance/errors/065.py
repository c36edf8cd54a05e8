import torch

def loss_fn(w):
    return (w * torch.ones(3)).sum()

w = torch.ones(2, requires_grad=True)
print(w)
loss = loss_fn(w)
