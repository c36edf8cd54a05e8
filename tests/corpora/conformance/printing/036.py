import torch

x = torch.tensor([0.1, 0.25], requires_grad=True)
print(x.sum().item())
print(x[0].item(), x.tolist())
print((x * 3).tolist())
print(x.double().tolist())
print(f"{x[0].item()}", f"{x[0]:.10f}", f"{x.sum():.2e}")
