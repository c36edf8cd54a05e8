import torch
import torch.nn as nn
nn.CrossEntropyLoss()(torch.randn(2, 3), torch.tensor([0, 3]))
