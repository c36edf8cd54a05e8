import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: !nvidia-smi

import torch
from torch import nn

print(torch.device('cpu'), torch.device('cuda'), torch.device('cuda:1'))  # edit: the cell's shown value

print(torch.cuda.device_count())  # edit: the cell's shown value

def try_gpu(i=0):  #@save
    """如果存在，则返回gpu(i)，否则返回cpu()"""
    if torch.cuda.device_count() >= i + 1:
        return torch.device(f'cuda:{i}')
    return torch.device('cpu')

def try_all_gpus():  #@save
    """返回所有可用的GPU，如果没有GPU，则返回[cpu(),]"""
    devices = [torch.device(f'cuda:{i}')
             for i in range(torch.cuda.device_count())]
    return devices if devices else [torch.device('cpu')]

print(try_gpu(), try_gpu(10), try_all_gpus())  # edit: the cell's shown value

x = torch.tensor([1, 2, 3])
print(x.device)  # edit: the cell's shown value

X = torch.ones(2, 3, device=try_gpu())
print(X)  # edit: the cell's shown value

Y = torch.rand(2, 3, device=try_gpu(1))
print(Y)  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (RuntimeError: Cannot access accelerator device when none is available.)
