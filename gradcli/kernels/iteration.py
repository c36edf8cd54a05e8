"""TensorIterator's iteration order, which decides the order torch's CPU kernels add things up in.

ATen hands its kernels the operands as a stack of dimensions, fastest first: for a reduction the reduced
dimensions go first, the others are sorted by stride (`reorder_dimensions`), then neighbours that walk memory
as one are merged (`coalesce_dimensions`). A kernel sees two dimensions at a time (a "plane" of size0 x size1)
and is called once per index of the remaining ones. Work over GRAIN_SIZE elements is split between threads:
contiguous ranges of the flattened iteration space for a one-element output, column ranges otherwise.
Strides here count elements, not bytes.
"""

import functools
from collections import namedtuple

import numpy as np

from ..core import limits

GRAIN_SIZE = 32768

Layout = namedtuple("Layout", "shape in_strides out_strides order")
Layout.__doc__ = """Dimensions fastest first: sizes, input strides, output strides (0 where reduced); order lists
the input's dims fastest first, before neighbours were merged."""


def reduction_layout(shape, strides, reduced):
    """The layout TensorIterator builds to reduce an input of `shape`/`strides` over the dims in `reduced`
    into a fresh contiguous output."""
    return _reduction_layout(tuple(shape), tuple(strides), frozenset(reduced))


@functools.lru_cache(maxsize=1024)
def _reduction_layout(shape, strides, reduced):
    ndim = len(shape)
    out_strides = [0] * ndim
    step = 1
    for d in reversed(range(ndim)):
        if d not in reduced:
            out_strides[d] = step
            step *= shape[d]
    order = _reorder(shape, [out_strides, list(strides)], reduction=True)
    merged = _coalesce([shape[d] for d in order], [strides[d] for d in order], [out_strides[d] for d in order])
    return merged._replace(order=tuple(order))


def _reorder(shape, operand_strides, reduction):
    """reorder_dimensions: a permutation of the dims, fastest first (operand 0 is the output)."""
    ndim = len(shape)
    perm = list(reversed(range(ndim)))

    def should_swap(dim0, dim1):
        for index, strides in enumerate(operand_strides):
            s0, s1 = strides[dim0], strides[dim1]
            if reduction and index == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1  # reduced dims go first
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[dim0] > shape[dim1]:
                return 1
        return 0

    for i in range(1, ndim):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            comparison = should_swap(perm[dim0], perm[dim1])
            if comparison > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif comparison < 0:
                break
    return perm


def _coalesce(shape, in_strides, out_strides):
    shape, operands = list(shape), [list(in_strides), list(out_strides)]
    if len(shape) <= 1:
        return Layout(shape, operands[0], operands[1], None)
    prev = 0
    for dim in range(1, len(shape)):
        mergeable = shape[prev] == 1 or shape[dim] == 1 or all(
            shape[prev] * s[prev] == s[dim] for s in operands)
        if mergeable:
            if shape[prev] == 1:
                for s in operands:
                    s[prev] = s[dim]
            shape[prev] *= shape[dim]
        else:
            prev += 1
            if prev != dim:
                for s in operands:
                    s[prev] = s[dim]
                shape[prev] = shape[dim]
    n = prev + 1
    return Layout(shape[:n], operands[0][:n], operands[1][:n], None)


def layout_view(x, layout):
    """x seen with the layout's dims, fastest first (a numpy view: the dims are x's, permuted and merged)."""
    if x.ndim == 0:
        return x.reshape(1)
    permuted = x.transpose(layout.order[::-1])
    return permuted.reshape(tuple(layout.shape[::-1])).transpose()


def view(x, shape, strides):
    """x's memory seen with the given dims (element strides), fastest first: view[i0, i1, ...]."""
    return np.lib.stride_tricks.as_strided(x, shape=tuple(shape), strides=tuple(s * x.itemsize for s in strides),
                                           writeable=False)


def thread_chunks(n, grain, threads):
    """at::parallel_for's split of range(n) between threads, as (begin, end) per thread (OpenMP build)."""
    if n <= grain or threads == 1 or n <= 1:
        return [(0, n)]
    used = min(threads, -(-n // grain)) if grain > 0 else threads
    chunk = -(-n // used)
    limits.tick(-(-n // chunk))  # each chunk is a step of the loops below (set_num_threads(10**8) makes many)
    return [(b, min(n, b + chunk)) for b in range(0, n, chunk)]


def plane_steps(shape, begin, end):
    """serial_for_each over the flattened range [begin, end): the (index, size0, size1) of each call of a
    kernel's 2-d loop; index gives the position of the call's first element, fastest dim first."""
    shape = list(shape) + [1] * (2 - len(shape))
    values, offset = list(np.unravel_index(begin, shape[::-1])[::-1]) if begin else [0] * len(shape), begin
    steps = []
    while offset < end:
        step0 = min(shape[0] - values[0], end - offset)
        step1 = 1
        if step0 == shape[0]:
            step1 = min(shape[1] - values[1], (end - offset) // shape[0])
        steps.append((tuple(int(v) for v in values), step0, step1))
        offset += step0 * step1
        overflow, i = step0, 0
        if step1 != 1:
            i, overflow = 1, step1
        while i < len(shape) and overflow:
            value = values[i] + overflow
            overflow = 1 if value >= shape[i] else 0
            values[i] = value - shape[i] if overflow else value
            i += 1
    return steps


def split_dim(layout, threads):
    """find_split_dim: the kept dim a multi-output reduction splits between threads."""
    shape, reduced = layout.shape, [s == 0 for s in layout.out_strides]
    best = len(shape) - 1
    for dim in range(best, -1, -1):
        if reduced[dim] and shape[dim] > 1:
            break
        if shape[dim] >= threads:
            return dim
        if shape[dim] > shape[best]:
            best = dim
    return best


def column_chunks(layout, dim, itemsize, threads):
    """parallel_dim_reduction's column ranges of `dim`, rounded to 128 bytes where the input is contiguous."""
    cols = layout.shape[dim]
    chunks = thread_chunks(cols, 1, threads)
    if layout.in_strides[dim] != 1:
        return [c for c in chunks if c[0] != c[1]]
    multiple = 128 // itemsize
    rounded = []
    for begin, end in chunks:
        begin -= begin % multiple
        if end != cols:
            end -= end % multiple
        if begin != end:
            rounded.append((begin, end))
    return rounded
