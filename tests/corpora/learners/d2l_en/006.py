import torch; torch.manual_seed(0)  # edit: seed
pass  # edit: d2l's package removed
import torch
from torch import nn

def cpu():  #@save
    """Get the CPU device."""
    return torch.device('cpu')

def gpu(i=0):  #@save
    """Get a GPU device."""
    return torch.device(f'cuda:{i}')

print(cpu(), gpu(), gpu(1))  # edit: the cell's shown value

def num_gpus():  #@save
    """Get the number of available GPUs."""
    return torch.cuda.device_count()

print(num_gpus())  # edit: the cell's shown value

def try_gpu(i=0):  #@save
    """Return gpu(i) if exists, otherwise return cpu()."""
    if num_gpus() >= i + 1:
        return gpu(i)
    return cpu()

def try_all_gpus():  #@save
    """Return all available GPUs, or [cpu(),] if no GPU exists."""
    return [gpu(i) for i in range(num_gpus())]

print(try_gpu(), try_gpu(10), try_all_gpus())  # edit: the cell's shown value

x = torch.tensor([1, 2, 3])
print(x.device)  # edit: the cell's shown value

X = torch.ones(2, 3, device=try_gpu())
print(X)  # edit: the cell's shown value

Y = torch.rand(2, 3, device=try_gpu(1))
print(Y)  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (RuntimeError: Cannot access accelerator device when none is available.)
