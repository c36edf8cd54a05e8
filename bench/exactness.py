"""How often results agree with torch's in the last bit where torch calls Intel MKL, whose code we cannot port
(docs/exactness.md). Needs torch: /work/torchenv/bin/python bench/exactness.py

Prints two Markdown tables: for float32 exp/log/tanh/sin/cos/erf/sqrt (MKL's VML), the share of elements equal
to torch's for numpy's float32 function and for the float64 value rounded once (gradcli.kernels.unary's
estimate); for matrix products of small shapes (MKL's BLAS), the share for numpy's `@`, a left-to-right
float32 dot product, the same with fused multiply-adds, and float64 rounded once.
"""

import sys

import numpy as np
import torch

sys.path.insert(0, ".")
from gradcli.kernels.fma import fma32  # noqa: E402

SHAPES = [(1, 1, 1), (1, 2, 1), (2, 2, 2), (1, 3, 1), (3, 3, 3), (1, 4, 1), (4, 4, 4), (1, 5, 1), (2, 5, 3),
          (4, 3, 2), (5, 8, 5), (8, 8, 8), (10, 5, 3), (16, 16, 16), (3, 20, 1), (32, 10, 1), (64, 32, 10),
          (100, 10, 1), (128, 64, 32), (1, 784, 10), (64, 784, 128)]


def sequential(a, b, fused):
    out = np.zeros((a.shape[0], b.shape[1]), np.float32)
    for k in range(a.shape[1]):
        column, row = a[:, k:k + 1], b[k:k + 1, :]
        out = fma32(column, row, out) if fused else out + column * row
    return out


def vml_table():
    from math import erf
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(-10, 10, 100000), rng.standard_normal(100000)]).astype(np.float32)
    print("| function | numpy float32 | float64 rounded once |")
    print("|---|---|---|")
    for name in ("exp", "log", "tanh", "sin", "cos", "erf", "sqrt"):
        values = np.abs(x) if name in ("log", "sqrt") else x
        reference = getattr(torch, name)(torch.from_numpy(values)).numpy()
        wide = values.astype(np.float64)
        if name == "erf":
            numpy_f32 = None
            rounded = np.vectorize(erf)(wide).astype(np.float32)
        else:
            numpy_f32 = getattr(np, name)(values)
            rounded = getattr(np, name)(wide).astype(np.float32)
        share = (lambda v: "-" if v is None else f"{100 * np.mean(v == reference):.2f}%")
        print(f"| {name} | {share(numpy_f32)} | {share(rounded)} |")


def main():
    torch.set_num_threads(1)
    vml_table()
    print()
    rng = np.random.default_rng(0)
    print("| m x k @ k x n | numpy @ | left-to-right | with FMA | float64 rounded |")
    print("|---|---|---|---|---|")
    for m, k, n in SHAPES:
        shares = np.zeros(4)
        trials = max(1, 4000 // (m * n))
        for _ in range(trials):
            a = rng.standard_normal((m, k)).astype(np.float32)
            b = rng.standard_normal((k, n)).astype(np.float32)
            reference = (torch.from_numpy(a) @ torch.from_numpy(b)).numpy()
            candidates = [a @ b, sequential(a, b, False), sequential(a, b, True),
                          (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)]
            shares += [np.mean(c == reference) for c in candidates]
        print(f"| {m} x {k} @ {k} x {n} | " + " | ".join(f"{100 * s / trials:.1f}%" for s in shares) + " |")


if __name__ == "__main__":
    main()
