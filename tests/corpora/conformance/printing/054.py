import torch

x = torch.tensor([[0.00001234, 123456.0], [1.0, -1.0]])
print(x)
torch.set_printoptions(sci_mode=False)
print(x)
torch.set_printoptions(precision=2, sci_mode=None)
print(x)
print(torch.tensor([123.456, 0.001]))
