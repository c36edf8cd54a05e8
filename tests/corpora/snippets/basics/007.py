# the chain rule by hand and by autograd
import torch

x = torch.tensor(0.7, requires_grad=True)
u = torch.sin(x)
v = u ** 3
v.backward()
by_hand = 3 * torch.sin(x.detach()) ** 2 * torch.cos(x.detach())
print(f"autograd: {x.grad.item():.6f}")
print(f"by hand:  {by_hand.item():.6f}")
print("agree:", abs(x.grad - by_hand).item() < 1e-6)
