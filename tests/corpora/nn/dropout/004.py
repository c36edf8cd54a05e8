import torch
import torch.nn as nn
nn.Dropout(1.5)
