import torch

x = torch.ones(3)
raise ValueError("stopped with x = %s" % x)
