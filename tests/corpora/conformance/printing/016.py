import torch

x = torch.tensor([1.0, 2.0])
print(f"{x}")
print(f"x = {x}")
print("value:", x)
print(str(x), repr(x) == str(x))
print(f"{x.sum():.3f}", f"{x[0].item():5.1f}|")
