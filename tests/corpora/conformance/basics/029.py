import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
names = [x.T, x.t(), x.transpose(0, 1), x.permute(1, 0), x[0], x[:, 0], x[0:1], x[[0]], x.unsqueeze(0), x.squeeze(0), x.view(4), x.reshape(4), x.flatten(), x.clone(), x.t().contiguous(), x.double(), x.to(torch.float64), x.expand(2, 2, 2)]
for y in names:
    print(y.grad_fn.name())
