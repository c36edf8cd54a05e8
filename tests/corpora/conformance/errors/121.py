import torch

# torch.device as a context manager: the CPU is every tensor's device already; CUDA is not there
with torch.device("cpu") as d:
    print(d, torch.ones(2).device, torch.nn.Linear(2, 1).weight.device)
with torch.device("cuda"):
    torch.nn.Linear(2, 1)
