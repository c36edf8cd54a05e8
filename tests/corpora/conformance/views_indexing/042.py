import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
batch = torch.stack([x, x * 2, x * 3])
print(batch.shape, batch.grad_fn)
print(batch.mean(0))
cols = torch.cat([x.unsqueeze(1), (x ** 2).unsqueeze(1)], dim=1)
print(cols)
cols.sum().backward()
print(x.grad)
