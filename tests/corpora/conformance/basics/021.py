import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2

def hook(grad):
    print("grad into y:", grad)
    return grad * 10

h = y.register_hook(hook)
y.sum().backward()
print(x.grad)
