import torch
import torch.nn as nn
torch.manual_seed(1)
x = torch.randn(3, 5, requires_grad=True)
for act in (nn.ReLU(), nn.LeakyReLU(), nn.LeakyReLU(0.2), nn.Tanh(), nn.Sigmoid(), nn.Softmax(dim=1), nn.LogSoftmax(dim=1),
            nn.GELU(), nn.GELU(approximate='tanh'), nn.ELU(), nn.ELU(alpha=0.5), nn.SiLU(), nn.Softplus(), nn.Softplus(beta=2, threshold=10)):
    y = act(x)
    g, = torch.autograd.grad((y * torch.arange(5.)).sum(), x)
    print(act, y.grad_fn)
    print(y)
    print(g)
print(nn.ReLU(inplace=True), nn.SiLU(inplace=True), nn.ELU(inplace=True), nn.LeakyReLU(inplace=True))
