import torch

print(torch.tensor([[0.1234, 12.5], [100.0, -0.001]]))
print(torch.tensor([99999.0, 100000.0]))
print(torch.tensor([0.0001, 0.5]))
print(torch.tensor([1.0, 10.0, 100.0, 1000.0, 10000.0]))
