import torch
import torch.nn.functional as F

torch.ones(3).reshape(2, 2)
