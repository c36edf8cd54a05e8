import torch

@torch.no_grad()
def evaluate(w, x):
    return (x @ w).sum()

w = torch.ones(3, requires_grad=True)
x = torch.tensor([[1.0, 2.0, 3.0]])
out = evaluate(w, x)
print(out, out.requires_grad)
loss = (x @ w).sum()
print(loss.requires_grad)
