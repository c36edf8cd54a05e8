"""Which elements torch's element-wise kernels compute with vector code and which with scalar code.

`cpu_kernel_vec` walks TensorIterator's rows (kernels/iteration.py): a row whose operands are contiguous goes
through `vectorized_loop`, which takes 2 * Vec::size() elements at a time with the vector function and leaves
the rest of the row to the scalar function; any other row runs the scalar function throughout. Work of
GRAIN_SIZE elements or more is split between threads, each taking a range of the flattened iteration (its
range ends in its own scalar tail). Both functions are element-wise, so only the split between them matters.
"""

import numpy as np

from . import cpu, iteration

VECTOR_BYTES = {"avx512": 64, "avx2": 32, "default": 32}


def width(dtype, capability=None):
    """Vec::size() for dtype under a capability (the current one by default)."""
    return VECTOR_BYTES[capability or cpu.capability()] // np.dtype(dtype).itemsize


def unary_layout(x):
    """The iteration TensorIterator builds for a unary op with a fresh output: dims sorted by x's strides
    (the output is allocated dense in that order), then merged. Returns (perm, layout): perm lists x's dims
    fastest first."""
    shape = list(x.shape)
    strides = [s // x.itemsize for s in x.strides]
    perm = iteration._reorder(shape, [strides], reduction=False)
    out_strides, step = [0] * len(shape), 1
    for d in perm:
        out_strides[d] = step
        step *= shape[d]
    layout = iteration._coalesce([shape[d] for d in perm], [strides[d] for d in perm],
                                 [out_strides[d] for d in perm])
    return perm, layout


def vector_mask(layout, vector_width, threads=None, grain=iteration.GRAIN_SIZE):
    """Flags, in iteration order, of the elements vectorized_loop computes with the vector function; None
    when every element is (a single contiguous row that is a multiple of 2 * vector_width long)."""
    shape = list(layout.shape) or [1]
    numel = int(np.prod(shape))
    threads = cpu.num_threads() if threads is None else threads
    contiguous = layout.out_strides[:1] in ([1], []) and layout.in_strides[:1] in ([1], [0], [])
    if not contiguous:
        return np.zeros(numel, bool)
    block = 2 * vector_width
    chunks = iteration.thread_chunks(numel, grain, threads)
    if len(shape) == 1 and len(chunks) == 1 and numel % block == 0:
        return None
    mask = np.zeros(numel, bool)
    for begin, end in chunks:
        if len(shape) == 1:
            mask[begin:begin + (end - begin) // block * block] = True
            continue
        offset = begin
        for _, size0, size1 in iteration.plane_steps(shape, begin, end):
            rows = mask[offset:offset + size0 * size1].reshape(size1, size0)
            rows[:, :size0 // block * block] = True
            offset += size0 * size1
    return mask


def pointwise(x, vector, scalar, vector_width, threads=None, grain=iteration.GRAIN_SIZE):
    """cpu_kernel_vec over one array: vector(values) where torch runs the vector code, scalar(values) where
    it runs the scalar code, laid out as torch lays out the result (dense in x's stride order)."""
    x = np.asarray(x)
    if x.size == 0:
        return np.empty_like(x)
    if x.ndim == 0:
        return scalar(x.reshape(1)).reshape(()).astype(x.dtype)
    perm, layout = unary_layout(x)
    mask = vector_mask(layout, vector_width, threads, grain)
    order = perm[::-1]  # slowest first
    flat = x.transpose(order).reshape(-1)
    if mask is None:
        out = vector(flat)
    else:
        out = np.empty(flat.shape, x.dtype)
        if mask.any():
            out[mask] = vector(flat[mask])
        if not mask.all():
            out[~mask] = scalar(flat[~mask])
    return out.reshape([x.shape[d] for d in order]).transpose(np.argsort(order))
