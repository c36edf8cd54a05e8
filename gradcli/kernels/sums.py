"""torch's floating-point sum (ATen's SumKernel.cpp, `cascade_sum`) and what is built on it: mean, cumsum.

The cascade: a row of items is added in blocks of L >= 16, block sums in blocks of L, and so on over four
levels, so that only numbers of similar size meet. Rows are summed four interleaved at a time (row_sum's
ILP), contiguous rows in 8-lane vectors (AVX2 registers: torch builds this kernel for AVX2 only, so AVX512
machines add up in the same order). Which of the four strategies runs depends on the strides of the plane
TensorIterator hands over (kernels/iteration.py). float16 is summed in float32 and rounded once at the end.
"""

import math

import numpy as np

from . import cpu, iteration
from ..core import limits

_LANES = 32  # bytes in a vector of the AVX2 build
_ACC = {np.dtype(np.float16): np.dtype(np.float32), np.dtype(np.float32): np.dtype(np.float32),
        np.dtype(np.float64): np.dtype(np.float64)}


# ---------------------------------------------------------------- building blocks (axis 0 is summed)
def _sequential(x):
    """Left-to-right sum over axis 0, as a scalar loop adds.

    np.einsum does it in one pass, in this order, when the innermost loop runs over another axis (einsum's
    own loops then add one item at a time into the running sums; tests/test_kernels checks it against the
    plain loop); when axis 0 would be the innermost, einsum vectorises the sum, so a Python loop adds."""
    if x.shape[0] <= 1:
        return x[0].copy() if x.shape[0] else np.zeros(x.shape[1:], x.dtype)
    if x.size <= _SMALL:  # one call: accumulate adds along the axis in order
        return np.add.accumulate(x, axis=0)[-1]
    if any(n > 1 and abs(s) < abs(x.strides[0]) for n, s in zip(x.shape[1:], x.strides[1:])):
        return np.einsum("i...->...", x)
    return fold(np.add, x[1:], x[0].copy())


def fold(ufunc, x, acc):
    """acc, then ufunc(acc, x[0]), ufunc(.., x[1]), ... over axis 0, left to right, as a scalar loop does:
    `ufunc.accumulate` (which goes in order) over blocks that stay in the CPU cache, each started from the
    running value."""
    rows = max(1, _BLOCK // max(1, acc.size))
    for start in range(0, x.shape[0], rows):
        block = x[start:start + rows]
        if block.shape[0] == 1:
            acc = ufunc(acc, block[0])
            continue
        running = np.empty(block.shape, acc.dtype)
        ufunc(acc, block[0], out=running[0])
        running[1:] = block[1:]
        ufunc.accumulate(running, axis=0, out=running)
        acc = running[-1].copy()
    return acc


_SMALL = 4096
_ZERO = {np.dtype(np.float32): np.float32(0), np.dtype(np.float64): np.float64(0)}
_BLOCK = 1 << 16  # elements


def _ceil_log2(n):
    return 1 if n <= 2 else (n - 1).bit_length()


def _cascade(x):
    """multi_row_sum: the four-level cascade over axis 0, element-wise over the other axes."""
    size = x.shape[0]
    step = 1 << max(4, _ceil_log2(size) // 4)
    rest = x.shape[1:]
    blocks = size // step
    if not blocks:  # the partial sums of the higher levels are all zero
        return _sequential(x) + x.dtype.type(0)
    if blocks < step:  # only level 0 closes blocks: the block sums, in order, then the higher levels' zeros
        tail = _sequential(x[blocks * step:])
        level = _sequential(x[:blocks * step].reshape(blocks, step, *rest).swapaxes(0, 1))
        return (tail + _sequential(level)) + x.dtype.type(0)
    tail = _sequential(x[blocks * step:])
    level = _sequential(x[:blocks * step].reshape(blocks, step, *rest).swapaxes(0, 1))
    partials = []
    for _ in range(2):  # levels 1 and 2 close a group every `step` entries; level 3 never closes
        groups = level.shape[0] // step
        partials.append(_sequential(level[groups * step:]))
        level = _sequential(level[:groups * step].reshape(groups, step, *rest).swapaxes(0, 1))
    return ((tail + partials[0]) + partials[1]) + _sequential(level)


def _row_sum(x):
    """row_sum: four interleaved cascades over axis 0 (items 4i+k go to partial k), then added up."""
    size = x.shape[0]
    quads = size // 4
    partial = _cascade(x[:quads * 4].reshape(quads, 4, *x.shape[1:]))
    return _sequential(np.concatenate([partial[:1], x[quads * 4:], partial[1:]]))


# ---------------------------------------------------------------- the four strategies of cascade_sum
def _inner_vectorized(plane):
    """vectorized_inner_sum: each column contiguous along axis 0, added up in vectors of the accumulating
    type (float16 loads one vector of 16 into two float vectors and adds them: lane i is v[i] + v[i + 8])."""
    width = _LANES // plane.itemsize
    count = plane.shape[0] // width
    vectors = plane[:count * width].reshape(count, width, *plane.shape[1:])
    if plane.dtype == np.float16:
        wide = vectors.astype(np.float32)
        vectors = wide[:, :width // 2] + wide[:, width // 2:]
    lanes = _row_sum(vectors)
    # final_acc = 0, then the leftover elements, then the lanes, one at a time
    return _sequential(np.concatenate([plane[count * width:].astype(lanes.dtype), lanes]))


def _contiguous_rows(rows):
    """The sums of contiguous float32/64 rows (the last axis of a 1-d or 2-d array) of two vectors or more
    (shorter ones add up in _short_row_order), each as _plane_sums adds one row, in a few whole-array steps
    while the cascade has no full block (rows under 64 vectors: the common small case); None otherwise. Signed
    zeros may come out as -0 where torch's zeroed accumulators give +0: the caller adds 0, as torch's output
    does."""
    width = _LANES // rows.itemsize
    size = rows.shape[-1]
    count = size // width
    quads = count // 4
    if quads >= 16:
        return None
    outer = rows.shape[:-1]
    vectors = rows[..., :count * width].reshape(outer + (count, width))
    if quads:  # four interleaved partial sums of vectors, then the partials, the leftover vectors
        partial = vectors[..., :4, :].reshape(outer + (4 * width,)) if quads == 1 else \
            np.add.accumulate(vectors[..., :quads * 4, :].reshape(outer + (quads, 4 * width)), axis=-2)[..., -1, :]
        vectors = np.concatenate([partial[..., :width], rows[..., quads * 4 * width:count * width],
                                  partial[..., width:]], axis=-1).reshape(outer + (-1, width))
    lanes = np.add.accumulate(vectors, axis=-2)[..., -1, :] if vectors.shape[-2] > 1 else vectors[..., 0, :]
    # final_acc = 0, then the leftover elements, then the lanes, one at a time
    return np.add.accumulate(np.concatenate([rows[..., count * width:], lanes], axis=-1), axis=-1)[..., -1:]


def _short_row_order(size, width):
    """The order row_sum adds a row of fewer than two vectors in, one element after another. Under one vector
    (scalar_inner_sum), each of the four partial sums holds one element at most: the first partial, the
    leftovers, the other partials. One vector and a bit: the leftovers, then the lanes, one element each."""
    key = size, width
    if key not in _SHORT_ROW_ORDERS:
        if size < 4:
            order = range(size)
        elif size < width:
            order = [0, *range(4, size), 1, 2, 3]
        else:
            order = [*range(width, size), *range(width)]
        _SHORT_ROW_ORDERS[key] = np.array(order, np.intp)
    return _SHORT_ROW_ORDERS[key]


_SHORT_ROW_ORDERS = {}


def _contiguous_columns(plane):
    """The column sums of a C-contiguous float32/64 (n, columns) array with 1 < n < 16 (the outer sums'
    cascade has no full block): columns in whole groups of 4 vectors add down the column; the others as
    row_sum does, four interleaved partial sums, then the leftover rows, then the partials."""
    group = 4 * (_LANES // plane.itemsize) if plane.shape[1] >= _LANES // plane.itemsize else 4
    whole = plane.shape[1] - plane.shape[1] % group
    n = plane.shape[0]
    if n < 4 or whole == plane.shape[1]:
        return np.add.accumulate(plane, axis=0)[-1]
    rest = plane[:, whole:]
    quads = n // 4
    partial = rest[:4] if quads == 1 else np.add.accumulate(rest[:quads * 4].reshape(quads, 4, -1), axis=0)[-1]
    rest = np.add.accumulate(np.concatenate([partial[:1], rest[quads * 4:], partial[1:]]), axis=0)[-1]
    return np.concatenate([np.add.accumulate(plane[:, :whole], axis=0)[-1], rest]) if whole else rest


def _dense_columns(plane):
    """The column sums of a C-contiguous (n, columns) array, columns > 1: what _serial's _plane_sums computes for
    it (in-strides (columns, 1)), without working out the iteration's layout; under 256 rows (one level of the
    cascade) in a few whole-array steps."""
    n, cols = plane.shape
    width = _LANES // plane.itemsize
    group = 4 * width if cols >= width else 4
    if n >= 256 or plane.size > _SMALL:
        return _columns(plane, group)
    whole = cols - cols % group
    parts = []
    if whole:  # groups of columns: the cascade down each column
        parts.append(_one_level(plane[:, :whole]))
    if whole < cols:  # the rest as row_sum: four interleaved cascades, then the leftover rows, then the partials
        rest = plane[:, whole:]
        quads = n // 4
        partial = _one_level(rest[:quads * 4].reshape(quads, 4, cols - whole))
        parts.append(np.add.accumulate(np.concatenate([partial[:1], rest[quads * 4:], partial[1:]]), axis=0)[-1])
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _one_level(x):
    """_cascade over axis 0 of fewer than 256 items (blocks of 16 at most, so only level 0 closes any)."""
    size = x.shape[0]
    blocks = size // 16
    zero = x.dtype.type(0)
    if not blocks:
        return np.add.accumulate(x, axis=0)[-1] + zero
    level = np.add.accumulate(x[:blocks * 16].reshape(blocks, 16, *x.shape[1:]), axis=1)[:, -1]
    total = np.add.accumulate(level, axis=0)[-1]
    if blocks * 16 < size:
        total = np.add.accumulate(x[blocks * 16:], axis=0)[-1] + total
    return total + zero


def _columns(plane, group):
    """vectorized_outer_sum (group = 4 vectors' lanes) and scalar_outer_sum (group = 4): whole groups of
    columns run the cascade down each column, the rest row_sum."""
    plane = plane.astype(_ACC[plane.dtype], copy=False)
    cols = plane.shape[1]
    whole = cols - cols % group
    if whole == cols:
        return _cascade(plane)
    if whole == 0:
        return _row_sum(plane)
    return np.concatenate([_cascade(plane[:, :whole]), _row_sum(plane[:, whole:])])


def _plane_sums(plane, in_strides):
    """One call of cascade_sum's 2-d loop for every index of the outer dims at once: plane[i0, i1, ...]
    summed over i0, for each i1 (and outer index)."""
    width = _LANES // plane.itemsize
    s0, s1 = in_strides
    if s0 == 1 and plane.shape[0] >= width:
        return _inner_vectorized(plane)
    if s1 == 1 and plane.shape[1] >= width:
        return _columns(plane, 4 * (_LANES // _ACC[plane.dtype].itemsize))
    if s0 < s1:
        return _row_sum(plane.astype(_ACC[plane.dtype], copy=False))
    return _columns(plane, 4)


# ---------------------------------------------------------------- sum
def sum(x, dims=None, keepdim=False, acc_buffer=True):
    """torch.sum of a float16/32/64 array over `dims` (None: all), in torch's order. acc_buffer=False is
    cascade_sum without sum_out's float32 buffer (torch.nansum): float16 rounds at every store."""
    x = np.asarray(x)
    if x.size and x.flags.c_contiguous and x.dtype.char in "fd" and (
            x.size < iteration.GRAIN_SIZE or cpu.num_threads() == 1):
        result = _contiguous_sum(x, dims, keepdim)
        if result is not None:
            return result
    dims = tuple(range(x.ndim)) if dims is None else tuple(d % max(x.ndim, 1) for d in dims)
    kept = tuple(n for d, n in enumerate(x.shape) if d not in dims)
    if x.size == 0:
        result = np.zeros(kept, x.dtype)
    else:
        result = _reduce(x, dims, acc_buffer).reshape(kept)
    return result.reshape(tuple(1 if d in dims else n for d, n in enumerate(x.shape))) if keepdim else result


def _contiguous_sum(x, dims, keepdim):
    """sum of a C-contiguous float32/64 array over its trailing dims (rows; all dims: one row) or its leading
    dims (columns), on the whole array at once while it is small; None for anything else."""
    try:
        layout = _DENSE_LAYOUTS[x.shape, x.itemsize, dims, keepdim]
    except KeyError:
        if len(_DENSE_LAYOUTS) > 4096:  # (a long session's many shapes)
            _DENSE_LAYOUTS.clear()
        layout = _DENSE_LAYOUTS[x.shape, x.itemsize, dims, keepdim] = _dense_layout(x, dims, keepdim)
    except TypeError:  # dims given as a list
        layout = _dense_layout(x, dims, keepdim)
    if layout is None:
        return None
    plane_shape, rows, order, result_shape = layout
    plane = x.reshape(plane_shape)
    if order is not None:  # short rows: one sequence each
        values = np.add.accumulate(plane.take(order, axis=1), axis=1)[:, -1]
    else:
        values = _contiguous_rows(plane) if rows else \
            _contiguous_columns(plane) if plane.shape[0] < 16 else _dense_columns(plane)
        if values is None:
            return None
    return (values + _ZERO[values.dtype]).reshape(result_shape)  # into torch's zeroed output: -0 becomes +0


_DENSE_LAYOUTS = {}  # (shape, itemsize, dims, keepdim) -> _dense_layout's answer


def _dense_layout(x, dims, keepdim):
    """How _contiguous_sum sees a dense array like x: (the 2-d plane's shape, rows or columns, for short rows the
    order their elements are added in, the result's shape), or None where it does not apply."""
    shape, ndim = x.shape, x.ndim
    if not ndim or dims is None or len(dims) == ndim == len({d % ndim for d in dims}):  # all: one row
        plane, rows, result_shape = (1, x.size), True, (1,) * ndim if keepdim else ()
    else:
        reduced = sorted({d % ndim for d in dims})
        if not reduced or reduced[-1] - reduced[0] + 1 != len(reduced):
            return None
        result_shape = tuple(1 if d in reduced else n for d, n in enumerate(shape)) if keepdim else \
            tuple(n for d, n in enumerate(shape) if d not in reduced)
        if reduced[-1] == ndim - 1:  # trailing dims: one row per output
            plane, rows = (x.size // math.prod(shape[reduced[0]:]), math.prod(shape[reduced[0]:])), True
        elif reduced[0] == 0:  # leading dims: one column per output
            plane = math.prod(shape[:reduced[-1] + 1]), math.prod(shape[reduced[-1] + 1:])
            rows = plane[1] == 1  # TensorIterator drops the size-1 kept dims: one row
            if rows:
                plane = 1, plane[0]
        else:
            return None
    width = _LANES // x.itemsize
    order = _short_row_order(plane[1], width) if rows and plane[1] < 2 * width else None
    return plane, rows, order, result_shape


def _reduce(x, dims, acc_buffer=True):
    shape, strides = (x.shape, [s // x.itemsize for s in x.strides]) if x.ndim else ((1,), [0])
    layout = iteration.reduction_layout(list(shape), strides, set(dims) if x.ndim else {0})
    if acc_buffer and x.dtype == np.float16 and len(layout.shape) >= 2 and layout.out_strides[:2] == [0, 0]:
        # sum_out's accumulation buffer: two reduced dims in one plane would round every partial sum to
        # float16, so torch sums x.to(float32) into float32 and copies the result
        return _reduce(_to_float32(x), dims).astype(np.float16)
    threads = cpu.num_threads()
    if x.size >= iteration.GRAIN_SIZE and threads > 1:
        if all(s == 0 for s in layout.out_strides):
            return _two_pass(x, layout, threads)
        dim = iteration.split_dim(layout, threads)
        if dim == 1 and layout.out_strides[0] == 0:
            chunks = iteration.column_chunks(layout, dim, x.itemsize, threads)
            return _serial(x, layout, chunks)
    return _serial(x, layout)


def _padded(layout):
    shape, ins, outs = list(layout.shape), list(layout.in_strides), list(layout.out_strides)
    if len(shape) == 1:
        shape, ins, outs = shape + [1], ins + [0], outs + [0]
    return shape, ins, outs


def _serial(x, layout, column_chunks=None):
    """serial_for_each over the whole layout (with the columns of dim 1 split as threads take them): the
    output, kept dims in torch's order."""
    shape, ins, outs = _padded(layout)
    data = iteration.layout_view(x, layout)
    if data.ndim == 1:
        data = data[:, None]
    if outs[0] != 0 and outs[1] == 0:  # cascade_sum moves the reduced dim of the plane first
        data, ins, outs = data.swapaxes(0, 1), [ins[1], ins[0]] + ins[2:], [outs[1], outs[0]] + outs[2:]
    if outs[0] != 0:  # nothing reduced in the plane: out += in
        sums, dims = data.astype(_ACC[x.dtype]), outs
    elif column_chunks:
        sums = np.concatenate([_plane_sums(data[:, b:e], ins[:2]) for b, e in column_chunks])
        dims = outs[1:]
    else:
        sums, dims = _plane_sums(data, ins[:2]), outs[1:]
    # the calls add into the output in counter order: the fastest dim varies fastest
    reduced = [a for a, s in enumerate(dims) if s == 0]
    kept = sorted((a for a, s in enumerate(dims) if s != 0), key=lambda a: -dims[a])
    ordered = sums.transpose(reduced[::-1] + kept)
    ordered = ordered.reshape((-1,) + ordered.shape[len(reduced):])
    return _stored(ordered, x.dtype)


def _two_pass(x, layout, threads):
    """two_pass_reduction: each thread sums its range of the flattened iteration into its own slot, then the
    slots are summed like any contiguous row."""
    shape, ins, _ = _padded(layout)
    limits.check_length(threads, "the per-thread buffer of the reduction")  # (torch's has one slot per thread)
    slots = np.zeros(threads, x.dtype)
    for thread, (begin, end) in enumerate(iteration.thread_chunks(x.size, iteration.GRAIN_SIZE, threads)):
        values = []
        for index, size0, size1 in iteration.plane_steps(layout.shape, begin, end):
            start = _shifted(x, int(np.dot(index, ins[:len(index)])))
            values.extend(np.atleast_1d(_plane_sums(iteration.view(start, [size0, size1], ins[:2]), ins[:2])))
        slots[thread] = _stored(np.array(values, _ACC[x.dtype]), x.dtype)
    return _reduce(slots, (0,))


def _stored(values, dtype):
    """The output after each of `values` (axis 0, in order) is added into it from zero, as CastStoreAccumulate
    does: for float16 each value is rounded to float16 first, then added to the output in float and rounded back
    (measured: torch.nansum of float16)."""
    if dtype != np.float16:
        return (_sequential(values) + values.dtype.type(0)).astype(dtype)
    out = np.zeros(values.shape[1:], dtype)
    for row in values:
        out = (out.astype(np.float32) + row.astype(dtype)).astype(dtype)
    return out


def _to_float32(x):
    """x.to(torch.float32): the same strides when x is dense, else contiguous."""
    dense = np.empty_like(x, np.float32, order="K")
    if sorted(dense.strides) == sorted(s * 2 for s in x.strides):
        dense[...] = x
        return dense
    return np.ascontiguousarray(x, np.float32)


def _shifted(x, offset):
    """x's memory from `offset` elements on."""
    return np.lib.stride_tricks.as_strided(x, shape=(offset + 1,), strides=(x.itemsize,), writeable=False)[offset:]
