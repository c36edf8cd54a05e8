"""torch's float32 and float64 softmax and log_softmax (ATen's SoftMaxKernel.cpp, LogSoftmaxKernelImpl.h), bit
for bit.

Over the last dimension each row is reduced with `vec::reduce_all` (vectors of Vec::size() lanes, then a
butterfly across the lanes); softmax multiplies by the reciprocal of the sum, log_softmax subtracts SLEEF's log
of it. Over another dimension, positions along the inner dimensions are handled Vec::size() at a time with
running max and sum vectors, and the positions left over take the scalar path (the C library's exp);
softmax then divides by the sum. torch makes the input contiguous first, and so do these.
"""

import math

import numpy as np

from . import cpu, iteration, loops, unary
from ..core.numerics import errors_ignored


def softmax(x, dim):
    """torch.softmax(x, dim) for float32 and float64."""
    return _dispatch(x, dim, log=False)


def log_softmax(x, dim):
    """torch.log_softmax(x, dim) for float32 and float64."""
    return _dispatch(x, dim, log=True)


def _dispatch(x, dim, log):
    x = np.ascontiguousarray(x)
    if x.dtype != np.float64:
        x = x.astype(np.float32, copy=False)
    if x.ndim == 0:
        x = x.reshape(1)
        return _dispatch(x, 0, log).reshape(())
    dim %= x.ndim
    outer, size = math.prod(x.shape[:dim]), x.shape[dim]
    inner = math.prod(x.shape[dim + 1:])
    if x.size == 0:
        return x.copy()
    width, m = loops.width(x.dtype), unary.arithmetic(x)
    with errors_ignored():
        rows = x.reshape(outer, size, inner)
        if dim == x.ndim - 1:  # (another dim of inner size 1 takes the other kernel)
            out = _lastdim(rows[:, :, 0], width, log, m)
        elif log:
            out = _log_softmax_inner(rows, width, m)
        else:
            out = _softmax_inner(rows, width, m)
    return out.reshape(x.shape)


# ---------------------------------------------------------------- vec::reduce_all over rows
def reduce_all(rows, op, width):
    """vec::reduce_all(op, row) for each row of a 2-d array: whole vectors folded in order, the partial last
    vector into the first lanes, then the lanes folded (_fold_lanes). Rows shorter than a vector are folded
    left to right."""
    n = rows.shape[1]
    if n < width:
        acc = rows[:, 0]
        for i in range(1, n):
            acc = op(acc, rows[:, i])
        return acc
    acc = rows[:, :width].copy()
    full = n // width * width
    for start in range(width, full, width):
        acc = op(acc, rows[:, start:start + width])
    if full < n:
        acc[:, :n - full] = op(acc[:, :n - full], rows[:, full:])
    return _fold_lanes(acc, op, width)


def _fold_lanes(acc, op, width):
    """vec_reduce_all over a vector's lanes: float32's SIMD specialisation combines lanes i and i ^ step for
    step = width/2, ..., 1; the generic one (float64) folds lane after lane into lane 0."""
    if acc.dtype != np.float32:
        out = acc[:, 0]
        for i in range(1, width):
            out = op(out, acc[:, i])
        return out
    step = width // 2
    while step:
        acc = op(acc, acc[:, np.arange(width) ^ step])
        step //= 2
    return acc[:, 0]


def dot_rows(a, b, width, fma, fuse_tail=True):
    """vec::map2_reduce_all(x * y, +) over rows: like reduce_all of the products, except that GCC fuses the
    multiply into the add of the partial last vector where the kernel runs on the calling thread (measured:
    not in the copy the thread pool runs)."""
    n = a.shape[1]
    if n < width:
        return reduce_all(a * b, np.add, width)
    acc = a[:, :width] * b[:, :width]
    full = n // width * width
    for start in range(width, full, width):
        acc = acc + a[:, start:start + width] * b[:, start:start + width]
    if full < n:
        tail = fma(a[:, full:], b[:, full:], acc[:, :n - full]) if fuse_tail else \
            acc[:, :n - full] + a[:, full:] * b[:, full:]
        acc[:, :n - full] = tail
    return _fold_lanes(acc, np.add, width)


def _maximum(a, b):
    """vec::maximum: the larger, NaN if either is NaN (np.maximum's NaN is the operand's: made the default one)."""
    out = np.maximum(a, b)
    nan = np.isnan(out)  # exactly where a or b is NaN
    return np.where(nan, a.dtype.type(np.nan), out) if nan.any() else out


def _lastdim(rows, width, log, m):
    # (without a NaN among the values no maximum of them is NaN: numpy's maximum is vec::maximum there)
    top = reduce_all(rows, _maximum if np.isnan(rows).any() else np.maximum, width)[:, None]
    shifted = rows - top
    exps = m.vector.exp(shifted)
    total = reduce_all(exps, np.add, width)[:, None]
    if log:
        return shifted - m.vector.log(total)
    return exps * (m.const(1) / total)


# ---------------------------------------------------------------- another dimension
def _softmax_inner(x, width, m, stored=None):
    """_vec_softmax: position groups of `width` along the inner dims take the vector path, unless they would
    cross the end of the inner dims or of a thread's range; the rest run the scalar loop (whose exps pass
    through `stored` before the division: float16's kernel keeps them in its output)."""
    outer, size, inner = x.shape
    positions = outer * inner
    vector = np.zeros(positions, bool)
    # torch 2.13 splits the positions between threads whatever their number (measured: a grain of 1)
    for begin, end in iteration.thread_chunks(positions, 1, cpu.num_threads()):
        idx = begin
        while idx < end:
            inner_idx = idx % inner
            if inner_idx + width <= inner and idx + width <= end:
                vector[idx:idx + width] = True
                idx += width
            else:
                idx += end - idx if idx + width > end else inner - inner_idx
    columns = x.transpose(0, 2, 1).reshape(positions, size)  # one row per position
    out = np.empty_like(columns)
    if vector.any():
        v = columns[vector]
        top = v[:, 0]
        for d in range(1, size):
            top = _maximum(top, v[:, d])
        exps = m.vector.exp(v - top[:, None])
        total = exps[:, 0] + m.const(0)
        for d in range(1, size):
            total = total + exps[:, d]
        out[vector] = exps / total[:, None]
    if not vector.all():
        s = columns[~vector]
        top = s[:, 0]
        for d in range(1, size):
            top = np.where(top < s[:, d], s[:, d], top)  # std::max
        exps = m.scalar.exp(s - top[:, None])
        total = np.zeros(len(s), x.dtype)
        for d in range(size):
            total = total + exps[:, d]
        out[~vector] = (exps if stored is None else stored(exps)) / total[:, None]
    return out.reshape(outer, inner, size).transpose(0, 2, 1)


def _log_softmax_inner(x, width, m, itemsize=None):
    """_vec_logsoftmax: the inner dims in chunks of a multiple of `width` (128 KiB of the softmax dim in items
    of `itemsize` bytes, x's own by default); in each chunk the last size % width positions take the scalar
    path for max and sum."""
    outer, size, inner = x.shape
    chunk = max(128 * 1024 // size // (itemsize or x.dtype.itemsize), width) // width * width
    chunk = min(chunk, inner)
    vector = np.zeros(inner, bool)
    for begin in range(0, inner, chunk):
        length = min(chunk, inner - begin)
        vector[begin:begin + length - length % width] = True
    top = np.full((outer, inner), -np.inf, x.dtype)
    for d in range(size):
        top = np.where(x[:, d] > top, x[:, d], top)
    total = np.zeros((outer, inner), x.dtype)
    for d in range(size):
        shifted = x[:, d] - top
        total[:, vector] += m.vector.exp(shifted[:, vector])
        total[:, ~vector] += m.scalar.exp(shifted[:, ~vector])
    return (x - top[:, None]) - m.vector.log(total)[:, None]
