# float16 reductions torch computes in float or double and rounds its own way: norms, var/std (Welford in
# double), nansum (no float32 buffer), softmax and log_softmax over the last and other dims, printed in full
import torch

torch.manual_seed(5)
for shape in [(3, 7), (2, 40), (3, 50), (6, 33), (5, 4, 37), (2, 70, 9), (300, 40)]:
    x = (torch.randn(*shape) * 3).half()
    print(shape, x.norm().item(), torch.linalg.vector_norm(x, 3).item(), x.norm(p=1, dim=-1).tolist()[:6])
    print(x.var().item(), x.std(dim=0).tolist()[:6], x.var(dim=-1, keepdim=True).flatten().tolist()[:6])
    y = x.clone()
    y[..., 0] = float("nan")
    print(y.nansum().item(), y.nansum(dim=0).flatten().tolist()[:6])
    for dim in range(x.dim()):
        print(dim, x.softmax(dim).flatten().tolist()[:8], x.log_softmax(dim).flatten().tolist()[-8:])
        print(x.softmax(dim).sum().item(), x.log_softmax(dim).sum().item())
