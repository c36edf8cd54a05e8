# batched products whose items have fewer than 400 multiply-adds (torch's own loops, no MKL): a tiny attention
# trained 300 steps with plain SGD printing loss.item(), then bmm and @ of batches in float32, float64 and
# float16, transposed and broadcast operands, and their gradients, printed in full
import torch

torch.manual_seed(7)
q = torch.randn(4, 5, 8, requires_grad=True)
k = torch.randn(4, 5, 8, requires_grad=True)
v = torch.randn(4, 5, 8, requires_grad=True)
target = torch.randn(4, 5, 8)
for step in range(300):
    attention = torch.softmax(q @ k.transpose(1, 2) / 8 ** 0.5, dim=-1)
    loss = ((attention @ v - target) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in (q, k, v):
            p -= 0.5 * p.grad
            p.grad.zero_()
    print(step, loss.item())

for shape in [(1, 1, 1, 1), (3, 2, 3, 4), (6, 7, 5, 9), (2, 1, 30, 12), (5, 19, 1, 20), (2, 3, 7, 6)]:
    b, n, m, p = shape
    for dtype in (torch.float32, torch.float64, torch.float16):
        x = torch.randn(b, n, m).to(dtype)
        y = torch.randn(b, m, p).to(dtype)
        print(shape, dtype, torch.bmm(x, y).flatten().tolist()[-5:], (x @ y).sum().item())
        print(torch.bmm(x.transpose(1, 2).contiguous().transpose(1, 2), y[:, :, :]).flatten().tolist()[:5])
        print(torch.matmul(x.unsqueeze(1).expand(b, 2, n, m), y.unsqueeze(1)).flatten().tolist()[-3:])
        if dtype != torch.float16:
            xr, yr = x.clone().requires_grad_(), y.clone().requires_grad_()
            (torch.bmm(xr, yr) ** 2).sum().backward()
            print(xr.grad.flatten().tolist()[:4], yr.grad.flatten().tolist()[-4:])
