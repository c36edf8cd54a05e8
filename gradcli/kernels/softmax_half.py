"""torch's float16 softmax and log_softmax (ATen's SoftMaxKernel.cpp, LogSoftmaxKernelImpl.h): the reduced
floating-point kernels, which load float16 in vectors of 2 * Vec<float>::size() elements, compute in float and
round each output once.

Over the last dimension: softmax keeps the row in float, takes the max, SLEEF's exp over whole float vectors
and the C library's expf over the rest, a vector sum folded by `vec_reduce_all` with the rest added after it,
then multiplies by the reciprocal; log_softmax reduces with `reduce_all` / `map_reduce_all` for reduced floats
(two float accumulators, one for each half of a float16 vector), rounds the sum to float16, takes SLEEF's log
of it and rounds that too. Over another dimension,
softmax takes position groups of Vec<float16>::size() (the rest: the scalar loop, which rounds each exp to
float16 before dividing), log_softmax chunks of the inner dims whose last size % Vec<float16>::size() positions
take the scalar path.
"""

import math

import numpy as np

from . import libm, loops, sleef, unary
from .fma import f32
from .softmax import _log_softmax_inner, _maximum, _softmax_inner, reduce_all
from ..core.numerics import errors_ignored

f16 = np.float16


def dispatch(x, dim, log):
    """torch.softmax(x, dim), or torch.log_softmax with log, for float16 x."""
    x = np.ascontiguousarray(x, dtype=f16)
    if x.ndim == 0:
        return dispatch(x.reshape(1), 0, log).reshape(())
    dim %= x.ndim
    outer, size, inner = math.prod(x.shape[:dim]), x.shape[dim], math.prod(x.shape[dim + 1:])
    if x.size == 0:
        return x.copy()
    width = loops.width(f32)  # float lanes; a float16 vector holds two of them
    with errors_ignored():
        rows = x.reshape(outer, size, inner).astype(f32)
        if dim == x.ndim - 1:  # (torch picks the kernel by dim, not by the inner size)
            out = _log_softmax_lastdim(rows[:, :, 0], width) if log else _softmax_lastdim(rows[:, :, 0], width)
        elif log:  # the chunks hold float16 items; whole float16 vectors take the vector path
            out = _log_softmax_inner(rows, 2 * width, unary.SINGLE, itemsize=2)
        else:  # groups of a float16 vector's positions; the scalar path keeps its exps in float16
            out = _softmax_inner(rows, 2 * width, unary.SINGLE,
                                 stored=lambda exps: exps.astype(f16).astype(f32))
        out = out.astype(f16)
    return out.reshape(x.shape)


# ---------------------------------------------------------------- last dimension
def _softmax_lastdim(rows, width):
    n = rows.shape[1]
    whole = n - n % (2 * width)  # the max runs over float16 vectors
    top = reduce_all(rows[:, :whole], _maximum, width) if whole else np.full(rows.shape[0], -np.inf, f32)
    if whole < n:  # std::max over the rest: a NaN there is passed over
        rest = rows[:, whole:]
        top = np.where(np.isnan(top), top, np.fmax(top, np.nanmax(np.where(np.isnan(rest), -np.inf, rest), axis=1)))
    shifted = rows - top[:, None]
    vectors = n - n % width  # exp and the sum run over float vectors
    exps = np.concatenate([sleef.expf_u10(shifted[:, :vectors]), libm.expf(shifted[:, vectors:])], axis=1)
    total = reduce_all(exps[:, :vectors], np.add, width) if vectors else np.zeros(rows.shape[0], f32)
    for column in exps[:, vectors:].T:
        total = total + column
    return exps * (f32(1) / total)[:, None]


def _log_softmax_lastdim(rows, width):
    """serial_vec_log_softmax_lastdim_range: the sums and their logs are kept in float16 arrays (each rounded),
    the output computed in float from them."""
    top = _reduce_half_vectors(rows, _maximum, width)
    total = _reduce_half_vectors(sleef.expf_u10(rows - top[:, None]), np.add, width)
    log_total = sleef.logf_u10(total.astype(f16).astype(f32)).astype(f16).astype(f32)
    return (rows - top[:, None]) - log_total[:, None]


def _reduce_half_vectors(rows, op, width):
    """vec::reduce_all / map_reduce_all for reduced floats (functional_bfloat16.h): each float16 vector is two
    float vectors, added into two accumulators (the partial last vector into their first lanes), which are
    then combined and folded across lanes; a row shorter than a float16 vector folds its lanes in order."""
    n, block = rows.shape[1], 2 * width
    if n < block:
        if n > width:  # the second float vector folded into the first one's leading lanes
            first = rows[:, :width].copy()
            first[:, :n - width] = op(first[:, :n - width], rows[:, width:n])
            return _fold_lanes(first, op, width)
        return _fold_lanes(rows, op, n)
    acc0, acc1 = rows[:, :width].copy(), rows[:, width:block].copy()
    whole = n - n % block
    for start in range(block, whole, block):
        acc0 = op(acc0, rows[:, start:start + width])
        acc1 = op(acc1, rows[:, start + width:start + block])
    rest = n - whole
    if rest > width:
        acc0 = op(acc0, rows[:, whole:whole + width])
        acc1[:, :rest - width] = op(acc1[:, :rest - width], rows[:, whole + width:])
    elif rest:
        acc0[:, :rest] = op(acc0[:, :rest], rows[:, whole:])
    acc = op(acc0, acc1)
    step = width // 2
    while step:  # VecReduceAllSIMD: lanes i and i ^ step
        acc = op(acc, acc[:, np.arange(width) ^ step])
        step //= 2
    return acc[:, 0]


def _fold_lanes(lanes, op, count):
    """vec_reduce_all(op, vector, count): lane 0 combined with lanes 1, ..., count - 1 in order."""
    acc = lanes[:, 0]
    for i in range(1, count):
        acc = op(acc, lanes[:, i])
    return acc
