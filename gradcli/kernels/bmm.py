"""torch's bmm on the CPU (ATen's bmm_out_or_baddbmm_): products of fewer than 400 multiply-adds per item
(rows x columns x contraction) run ATen's own loops, anything larger MKL's batched gemm.

The loops (baddbmm_cpu_kernel): each result element is `acc += a[i, k] * b[k, j]` over k from zero in the
operands' op-math type (float for float16), a product rounded, then a sum rounded (the file is built without
FMA), rounded once to the result type; here vectorised across every element of every batch item at once. The
larger products are MKL's (kernels/mkl.py, the mkl extra); without it, or for float16, numpy's.
"""

import numpy as np

from . import mkl

_LOOPS = 400  # multiply-adds per batch item under which torch runs its own loops


def bmm(a, b):
    """torch.bmm(a, b) of (batch, n, k) and (batch, k, m) arrays of one dtype."""
    batch, n, k = a.shape
    m = b.shape[2]
    if a.dtype.kind != "f" or not (a.size and b.size):
        return np.matmul(a, b)
    if k * n * m < _LOOPS:
        return _loops(a, b)
    if a.dtype == np.float16 or not mkl.available():
        return np.matmul(a, b)
    # items laid out neither by rows nor by columns are copied by rows first (measured: torch then takes one
    # batched gemm, except for such a first operand against a second one by columns: a gemm per item)
    if not mkl.rows_or_columns(b):
        b = np.ascontiguousarray(b)
    if not mkl.rows_or_columns(a):
        if mkl.by_columns(b):
            return np.stack([mkl.gemm(a[i], b[i]) for i in range(batch)])
        a = np.ascontiguousarray(a)
    out = mkl.gemm_batched(a, b)
    return np.matmul(a, b) if out is None else out  # (sizes past MKL's 32-bit counts)


def _loops(a, b):
    """baddbmm_cpu_kernel: acc = 0, then acc += a[..., i, k] * b[..., k, j] for k in order, in op-math."""
    dtype = a.dtype
    opmath = np.float32 if dtype == np.float16 else dtype
    a, b = a.astype(opmath, copy=False), b.astype(opmath, copy=False)
    acc = np.zeros((a.shape[0], a.shape[1], b.shape[2]), opmath)
    for k in range(a.shape[2]):
        acc += a[:, :, k, None] * b[:, None, k, :]
    return acc.astype(dtype, copy=False)
