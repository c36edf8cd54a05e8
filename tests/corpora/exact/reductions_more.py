# p-norms other than 2 (NormOneOps, NormOps: one by one in the input's precision, threads over GRAIN_SIZE), nansum,
# nanmean and cumprod (a running double) printed in full
import torch
torch.manual_seed(0)
a = torch.randn(37, 29)
b = torch.randn(5000)
print(a.norm(p=1).item(), a.norm(p=3).item(), a.norm(p=1, dim=1)[:3].tolist(), b.norm(p=1).item(), b.norm(p=0.5).item())
print(torch.linalg.vector_norm(b, ord=3).item(), torch.linalg.vector_norm(a, ord=1, dim=0)[:3].tolist())
print(a.double().norm(p=1).item(), a.double().norm(p=3).item(), b.double().norm(p=0.7).item(), a.t().norm(p=1.5, dim=0)[:4].tolist())
print(a[:, ::2].norm(p=1).item(), a.norm(p=-2).item())
torch.set_num_threads(2)
big = torch.randn(100000)
print(big.norm(p=1).item(), big.norm(p=3).item(), big.reshape(100, 1000).norm(p=1, dim=1)[:3].tolist())
c = a.clone(); c[0, 0] = float('nan'); c[5, 7] = float('nan')
print(c.nansum().item(), c.nanmean().item(), c.nansum(dim=0)[:4].tolist(), c.t().nansum(dim=1)[:3].tolist(), a.nansum().item())
print((a * 0.01 + 1).cumprod(1)[0, -3:].tolist(), (a * 0.01 + 1).cumprod(0)[-1, :3].tolist(), (a.half() * 0.01 + 1).cumprod(1)[2, -3:].tolist())
print(c.nanmean(dim=1)[:3].tolist(), c.double().nansum().item(), (a.double() * 0.01 + 1).cumprod(0)[-1, :2].tolist())
