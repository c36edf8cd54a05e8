import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
name = "loss"
msg = "{} = {:.3f}".format(name, (x ** 2).sum().item())
print(msg)
print("%s has %d elements" % ("x", x.numel()))
print("mean: %.2f" % x.mean().item())
print(name.upper(), name + "!", name * 2, len(name))
