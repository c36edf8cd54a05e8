import torch
a = torch.tensor([-3., 3., -6., 6., 0., -0., 5., -5., 2.5, float('inf'), 1.0])
print(a % 3, a % -3, torch.remainder(a, torch.tensor(-3.)), torch.remainder(a.double(), 3), torch.tensor([-3, 4]) % 3)
print(torch.remainder(torch.tensor([1., -1.]), float('inf')), torch.tensor([-0.0]) % 3, 7 % torch.tensor([-3., 3.]))
print(torch.tensor([-3., 3.], dtype=torch.float16) % 3, torch.tensor([-7, 7]) % -3, torch.tensor([1.5, -1.5]) % torch.tensor([0., 0.]))
h = torch.tensor([-3.5, 2.0], requires_grad=True)
r = torch.remainder(h, 2)
r.sum().backward()
print(r, h.grad)
