import torch

def forward(x, w, b=None):
    y = x @ w
    if b is not None:
        y = y + b
    return y

x = torch.ones(1, 2)
w = torch.tensor([[1.0], [2.0]], requires_grad=True)
print(forward(x, w))
print(forward(x, w, b=torch.tensor([0.5])))
out = forward(x, w=w, b=torch.tensor([1.0]))
out.backward()
print(w.grad)
