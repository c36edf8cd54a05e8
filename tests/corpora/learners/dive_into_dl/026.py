import numpy; import torch; torch.manual_seed(0); numpy.random.seed(0)  # edit: seed
import time
import math
import numpy as np
import torch
from torch import nn, optim
import torch.nn.functional as F

import sys
pass  # edit: d2l's package removed
pass  # edit: d2l's package removed
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

print(torch.__version__)
print(device)
# edit: the rest of the file removed: from here on it needs what this corpus leaves out (NameError: name 'd2l' is not defined)
