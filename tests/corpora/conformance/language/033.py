import torch

t = torch.tensor(3.14159)
print(f"{t:.3f}", f"{t.item():8.2f}|", f"{t}")
print(f"{int(torch.tensor(2))}", f"{float(t):.1f}")
print("{:.2f}".format(t.item()), format(t.item(), ".1e"))
