# sinh and cosh printed in full: SLEEF's sinhf/coshf in the vector blocks, glibc's in the tails, float32 and
# float16, over sizes, layouts and magnitudes up to overflow
import torch

torch.manual_seed(0)
for n in (1, 3, 16, 31, 32, 33, 50, 64, 65, 100):
    x = torch.randn(n) * 4
    print(n, torch.sinh(x).tolist(), torch.cosh(x).tolist()[:8])
m = torch.randn(9, 37) * 3
print(torch.sinh(m.t())[2].tolist(), torch.cosh(m[:, ::3])[1].tolist(), torch.sinh(m.half())[0, :6].tolist(),
      torch.cosh(m.half())[1, :6].tolist())
big = torch.linspace(-95, 95, 200)
print(torch.sinh(big).tolist()[::9], torch.cosh(big).tolist()[::9], torch.sinh(torch.tensor([0.0, -0.0, 1e-30])).tolist())
x = torch.randn(300, requires_grad=True)
(x.sinh() * x.cosh()).sum().backward()
print(x.grad[:6].tolist())
