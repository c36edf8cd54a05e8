import torch; torch.manual_seed(0)  # edit: seed
# edit: notebook magic: !nvidia-smi # 对Linux/macOS用户有效

import torch
from torch import nn

print(torch.__version__)

print(torch.cuda.is_available())  # edit: the cell's shown value

print(torch.cuda.device_count())  # edit: the cell's shown value
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (AssertionError: Torch not compiled with CUDA enabled)
