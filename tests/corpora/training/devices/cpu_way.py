# the first lines of the tutorials: pick a device, move tensors to it
import torch

device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
print(f"Using {device} device")
print(torch.accelerator.is_available(), torch.accelerator.current_accelerator(), torch.accelerator.device_count())
print(torch.cuda.is_available(), torch.cuda.device_count())
older = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
print(older, torch.backends.mps.is_built())
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
print(dev, repr(dev), dev.type)
x = torch.ones(2, 3, device=device)
y = x.to(device)
print(y is x, y.device, x.cpu() is x)
z = torch.tensor([1.5, 2.5], requires_grad=True).to(dev)
print(z, z.is_leaf, z.device == torch.device("cpu"))
w = x.to(device, torch.float64)
print(w.dtype, w.device)
torch.manual_seed(0)
torch.cuda.manual_seed(0)
torch.cuda.manual_seed_all(0)
print(torch.rand(2))
