"""Which elements torch's element-wise kernels compute with vector code and which with scalar code.

`cpu_kernel_vec` walks TensorIterator's rows (kernels/iteration.py): a row whose operands are contiguous goes
through `vectorized_loop`, which takes 2 * Vec::size() elements at a time with the vector function and leaves
the rest of the row to the scalar function; any other row runs the scalar function throughout. Work of
GRAIN_SIZE elements or more is split between threads, each taking a range of the flattened iteration (its
range ends in its own scalar tail). Both functions are element-wise, so only the split between them matters.
"""

import math

import numpy as np

from . import cpu, iteration

VECTOR_BYTES = {"avx512": 64, "avx2": 32, "default": 32}


def width(dtype, capability=None):
    """Vec::size() for dtype under a capability (the current one by default)."""
    itemsize = _ITEMSIZES.get(dtype) or np.dtype(dtype).itemsize
    return VECTOR_BYTES[capability or cpu.capability()] // itemsize


_ITEMSIZES = {np.float16: 2, np.float32: 4, np.float64: 8}  # (np.dtype() costs more than a small kernel's step)


def elementwise_layout(*arrays):
    """The iteration TensorIterator builds for an element-wise op of same-shape (or broadcast) inputs with a
    fresh output: dims sorted by the inputs' strides (the output is allocated dense in that order), then
    merged. Returns (perm, shape, vectorizable): perm lists the dims fastest first, shape the merged sizes,
    vectorizable whether the fastest dim is contiguous in the output and every input (or a repeated value)."""
    shape = list(np.broadcast_shapes(*(a.shape for a in arrays)))
    operands = [[s // a.itemsize if n != 1 or m == 1 else 0 for n, m, s in
                 zip(a.shape, shape[len(shape) - a.ndim:], a.strides)] for a in arrays]
    operands = [[0] * (len(shape) - len(o)) + o for o in operands]
    perm = iteration._reorder(shape, operands, reduction=False)
    out, step = [0] * len(shape), 1
    for d in perm:
        out[d] = step
        step *= shape[d]
    merged = _merge([shape[d] for d in perm], [[o[d] for d in perm] for o in [out] + operands])
    sizes, strides = merged
    firsts = [o[0] for o in strides[1:]] if sizes else []
    # is_contiguous, or is_contiguous_scalar: one input may repeat one value (stride 0)
    vectorizable = not sizes or (strides[0][0] == 1 and all(f in (0, 1) for f in firsts) and firsts.count(0) <= 1)
    return perm, sizes, vectorizable


def _merge(shape, operands):
    """coalesce_dimensions for any number of operands."""
    if len(shape) <= 1:
        return shape, operands
    prev = 0
    for dim in range(1, len(shape)):
        if shape[prev] == 1 or shape[dim] == 1 or all(shape[prev] * o[prev] == o[dim] for o in operands):
            if shape[prev] == 1:
                for o in operands:
                    o[prev] = o[dim]
            shape[prev] *= shape[dim]
        else:
            prev += 1
            for o in operands:
                o[prev] = o[dim]
            shape[prev] = shape[dim]
    return shape[:prev + 1], [o[:prev + 1] for o in operands]


def vector_mask(shape, vectorizable, vector_width, threads=None, grain=iteration.GRAIN_SIZE):
    """Flags, in iteration order, of the elements vectorized_loop computes with the vector function; None
    when every element is (a single contiguous row that is a multiple of 2 * vector_width long)."""
    shape = list(shape) or [1]
    numel = math.prod(shape)
    threads = cpu.num_threads() if threads is None else threads
    if not vectorizable:
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


def pointwise(arrays, vector, scalar, vector_width, threads=None, grain=iteration.GRAIN_SIZE):
    """cpu_kernel_vec over one or more arrays (broadcast): vector(*values) where torch runs the vector code,
    scalar(*values) where it runs the scalar code, laid out as torch lays out the result (dense in the
    inputs' stride order)."""
    if arrays.__class__ is np.ndarray:  # the common call: one operand, often small (then without the checks below)
        if runs_as_one_row(arrays, grain):
            return _one_row([arrays], vector, scalar, vector_width)
        arrays = [arrays]
    else:
        arrays = [np.asarray(a) for a in (arrays if isinstance(arrays, (list, tuple)) else [arrays])]
    dtype = arrays[0].dtype
    shape = arrays[0].shape
    if all(a.shape == shape and a.flags.c_contiguous for a in arrays) and 0 not in shape and shape:
        if arrays[0].size < grain or (cpu.num_threads() if threads is None else threads) == 1:
            return _one_row(arrays, vector, scalar, vector_width)
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    if 0 in shape:
        return np.empty(shape, dtype)
    if not shape:
        return scalar(*(a.reshape(1) for a in arrays)).reshape(()).astype(dtype)
    perm, sizes, vectorizable = elementwise_layout(*arrays)
    mask = vector_mask(sizes, vectorizable, vector_width, threads, grain)
    order = perm[::-1]  # slowest first
    flats = [np.broadcast_to(a, shape).transpose(order).reshape(-1) for a in arrays]
    if mask is None:
        out = vector(*flats)
    else:
        out = np.empty(flats[0].shape, dtype)
        if mask.any():
            out[mask] = vector(*(f[mask] for f in flats))
        if not mask.all():
            out[~mask] = scalar(*(f[~mask] for f in flats))
    return out.reshape([shape[d] for d in order]).transpose(np.argsort(order))


def runs_as_one_row(x, grain=iteration.GRAIN_SIZE):
    """Whether pointwise runs the one array x as a single contiguous row, whatever the thread count: C order,
    at least one element and fewer than grain (then one thread takes it all)."""
    return 0 < x.size < grain and x.ndim > 0 and x.flags.c_contiguous


def one_row_vector_elements(x, grain=iteration.GRAIN_SIZE):
    """For one float32 or float64 array x that pointwise runs as a single row (runs_as_one_row): how many of
    its leading elements the vector function computes at the current capability (the scalar one computes the
    rest); None where pointwise takes another path."""
    return vector_elements(x.size, width(x.dtype.type)) if runs_as_one_row(x, grain) else None


def vector_elements(numel, vector_width):
    """vectorized_loop over one contiguous row of numel elements: how many, from its start, the vector function
    computes (whole blocks of 2 * Vec::size()); the scalar function computes the rest."""
    return numel // (2 * vector_width) * (2 * vector_width)


def _one_row(arrays, vector, scalar, vector_width):
    """pointwise of contiguous arrays of one shape in one contiguous row: vector blocks first, the scalar tail
    after them."""
    shape = arrays[0].shape
    numel = arrays[0].size
    flats = [a.reshape(-1) for a in arrays]
    whole = vector_elements(numel, vector_width)
    if whole == numel:
        out = vector(*flats)
    elif whole == 0:
        out = scalar(*flats)
    else:
        out = np.concatenate([vector(*(f[:whole] for f in flats)), scalar(*(f[whole:] for f in flats))])
    return out.reshape(shape)
