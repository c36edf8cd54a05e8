import torch

x = torch.tensor([1.0, -1.0, 2.0])
result = "all positive" if (x > 0).all() else "some negative"
print(result)
print((x > 0).any().item(), bool((x > 5).any()))
print(not (x > 0).all())
assert x.shape == (3,)
print(x.shape == torch.Size([3]))
