import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: !nvidia-smi

import torch
import torch.nn as nn

print(torch.device('cpu'), torch.cuda.device('cuda'), torch.cuda.device('cuda:1'))  # edit: the cell's shown value

x = torch.tensor([1, 2, 3])
print(x.device)  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (AssertionError: Torch not compiled with CUDA enabled)
