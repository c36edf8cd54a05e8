# exp2 printed in full: SLEEF's exp2f in the vector blocks, glibc's in the tails, float32 and float16
import torch

torch.manual_seed(0)
for n in (1, 5, 16, 31, 32, 33, 64, 100):
    x = torch.randn(n) * 6
    print(n, torch.exp2(x).tolist())
m = torch.randn(9, 37) * 30
print(torch.exp2(m.t())[2].tolist(), torch.exp2(m[:, ::3])[1].tolist(), torch.exp2(m.half() / 10)[0, :6].tolist())
print(torch.exp2(torch.linspace(-155, 130, 100)).tolist()[::7])
x = torch.randn(300, requires_grad=True)
torch.exp2(x).sum().backward()
print(x.grad[:6].tolist())
