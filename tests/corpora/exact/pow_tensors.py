# torch.pow(tensor, tensor) printed in full: SLEEF's powf in vector blocks, the C library's in the tails, over
# contiguous, strided, transposed and broadcast operands, float32 and float16, one and two threads
import torch

torch.manual_seed(0)
for threads in (1, 2):
    torch.set_num_threads(threads)
    for n in (1, 5, 16, 31, 32, 33, 47, 64, 100, 257):
        a = torch.rand(n) * 4 + 0.05
        b = torch.randn(n) * 3
        print(n, torch.pow(a, b).tolist(), (a ** b.half()).tolist()[:4], (a.half() ** b.half()).tolist())
    m = torch.rand(7, 46) * 2
    e = torch.randn(46)
    print((m ** e).sum().item(), (m.t() ** e[:7]).tolist()[0], (m[:, ::2] ** m[:, 1::2])[3].tolist())
    big = torch.rand(40000) + 0.5
    print((big ** torch.randn(40000)).sum().item(), torch.pow(-big[:40], torch.arange(40.)).tolist()[:6])
