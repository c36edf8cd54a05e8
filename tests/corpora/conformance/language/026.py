import torch

x = torch.tensor(2.0, requires_grad=True)
y = x
ops = ["square", "double", "square"]
for op in ops:
    if op == "square":
        y = y ** 2
    elif op == "double":
        y = y * 2
    else:
        y = y + 1
y.backward()
print(y, x.grad)
