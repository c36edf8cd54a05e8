"""torch's other float reductions in its order: prod, the 2-norm, var/std (ATen's ReduceOpsKernel.cpp,
ReduceOps.cpp), and mean, cumsum and logsumexp on top of the cascade sum.

- prod (`binary_kernel_reduce_vec`): a contiguous row in four 8-lane accumulators (the AVX2 kernel on every
  x86 machine), folded lane by lane, the leftover elements one by one; other layouts element by element.
- 2-norm: a contiguous float32/64 row in one 8-lane accumulator of squares, lanes folded in order, the rest
  added one by one, then the square root; otherwise (and float16, in float) element by element (`NormTwoOps`).
- var/std over everything: the float mean as a double, then the squared deviations added in double;
  over some dims (and float16 over everything): Welford's update in double for each output, one output over
  GRAIN_SIZE elements split between threads and their states combined.
- mean: the sum divided by the count; cumsum: a running double (float for float16).
"""

import math

import numpy as np

from . import cpu, iteration, libm, sums, unary
from .fma import f32, fma64, fused_multiply_add
from ..core import limits
from ..core.numerics import errors_ignored

_VECTOR_BYTES = 32  # these kernels run their AVX2 build on AVX512 machines too


def mean(x, dims=None, keepdim=False):
    """torch.mean: float32/64 sum over the count; float16 summed in float32 and divided before rounding."""
    x = np.asarray(x)
    count = x.size if dims is None else math.prod(x.shape[d] for d in dims)
    if x.dtype == np.float16:
        total = sums.sum(sums._to_float32(x), dims, keepdim)
        return (total / f32(count)).astype(np.float16)
    total = sums.sum(x, dims, keepdim)
    if count:
        return total / x.dtype.type(count)
    with errors_ignored():  # 0 / 0
        return (total / x.dtype.type(count)).astype(x.dtype)


def cumsum(x, dim):
    """torch.cumsum: a running sum in the accumulate type (double for float32), rounded at each output."""
    x = np.asarray(x)
    acc = np.float32 if x.dtype == np.float16 else np.float64
    return np.cumsum(x.astype(acc), axis=dim).astype(x.dtype)


def cumprod(x, dim):
    """torch.cumprod: a running product in the accumulate type (double for float32), rounded at each output."""
    x = np.asarray(x)
    acc = np.float32 if x.dtype == np.float16 else np.float64
    return np.cumprod(x.astype(acc), axis=dim).astype(x.dtype)


def nansum(x, dims=None, keepdim=False):
    """torch.nansum: the cascade sum with each NaN read as zero (without sum's float32 buffer for float16)."""
    x = np.asarray(x)
    nan = np.isnan(x)
    if nan.any():
        x = x.copy(order="K")  # (laid out as x: the sum's strategy follows the layout)
        x[nan] = 0
    return sums.sum(x, dims, keepdim, acc_buffer=False)


# ---------------------------------------------------------------- layouts
def _rows(x, dims):
    """The reduced elements of each output as rows, in TensorIterator's order (fastest dim first), and the
    shape of the kept dims; contiguous says whether one reduced dim runs contiguously (is_reduce_lastdim)."""
    rows, kept_shape, contiguous, _ = _layout_rows(x, dims)
    return rows, kept_shape, contiguous


def _layout_rows(x, dims):
    """_rows, plus the length of the innermost reduced dim and whether it is contiguous (a kernel's row)."""
    dims = tuple(range(x.ndim)) if dims is None else tuple(d % max(x.ndim, 1) for d in dims)
    if x.ndim == 0:
        return x.reshape(1, 1), (), True, (1, True)
    first = min(dims) if dims else 0
    if x.flags.c_contiguous and dims and len(set(dims)) == x.ndim - first:  # trailing dims of a dense array
        length = math.prod(x.shape[first:])
        if length > 1:  # (TensorIterator merges them into one contiguous reduced dim)
            return x.reshape(-1, length), x.shape[:first], True, (length, True)
    layout = iteration.reduction_layout(list(x.shape), [s // x.itemsize for s in x.strides], set(dims))
    reduced = [i for i, s in enumerate(layout.out_strides) if s == 0]
    kept = sorted((i for i, s in enumerate(layout.out_strides) if s != 0), key=lambda i: -layout.out_strides[i])
    data = iteration.layout_view(x, layout)
    rows = data.transpose(kept + reduced[::-1]).reshape(-1, math.prod([layout.shape[i] for i in reduced]))
    contiguous = reduced == [0] and layout.in_strides[0] == 1
    kept_shape = tuple(n for d, n in enumerate(x.shape) if d not in dims)
    row = (layout.shape[0], layout.in_strides[0] == 1) if reduced else (1, False)
    return rows, kept_shape, contiguous, row


def _shaped(values, kept_shape, x, dims, keepdim):
    out = values.reshape(kept_shape)
    if keepdim:
        dims = range(x.ndim) if dims is None else [d % x.ndim for d in dims]
        out = out.reshape(tuple(1 if d in dims else n for d, n in enumerate(x.shape)))
    return out


# ---------------------------------------------------------------- prod
def prod(x, dims=None, keepdim=False):
    """torch.prod of a float array."""
    x = np.asarray(x)
    if x.dtype.char in "fd" and 1 < x.size < _PROD_BLOCK[x.dtype.char] and x.flags.c_contiguous and (
            dims is None or len(set(d % x.ndim for d in dims)) == x.ndim):
        # all of a dense array shorter than one block of four vectors: the kernel's row is its leftover
        # elements alone, multiplied one by one into 1 (_prod_rows' tail): numpy's multiply reduction from
        # initial=1 does the same products in the same order
        with errors_ignored():
            values = np.multiply.reduce(x.reshape(1, -1), axis=1, initial=x.dtype.type(1))
        return _shaped(values, (), x, dims, keepdim)
    rows, kept_shape, _, (length, contiguous) = _layout_rows(x, dims)
    threads = cpu.num_threads()
    with errors_ignored():
        if rows.shape[0] == 1 and x.size >= iteration.GRAIN_SIZE and threads > 1:
            values = _prod_two_pass(rows[0], length, contiguous, threads)
        else:
            values = _prod_rows(rows.reshape(rows.shape[0], -1, length), contiguous)
    return _shaped(values, kept_shape, x, dims, keepdim)


_PROD_BLOCK = {"f": 4 * _VECTOR_BYTES // 4, "d": 4 * _VECTOR_BYTES // 8}  # elements in _prod_rows' block


def _prod_rows(rows, contiguous, out=None):
    """binary_kernel_reduce_vec, output by output: rows[:, r, :] are the kernel's rows in order, each
    multiplied into the output (1, or `out`). A contiguous row runs vectorized_inner_reduction: blocks of four
    vectors, acc[j] *= block[j], then (a0*a1)*(a2*a3) folded lane by lane, then the leftover elements."""
    out = np.ones(rows.shape[0], rows.dtype) if out is None else out
    lanes = _VECTOR_BYTES // rows.itemsize
    block = 4 * lanes
    count = rows.shape[2] // block if contiguous else 0
    for r in range(rows.shape[1]):
        row = rows[:, r]
        if count:
            blocks = row[:, :count * block].reshape(row.shape[0], count, 4, lanes).swapaxes(0, 1)
            acc = _running_product(blocks[0], blocks[1:])
            folded = (acc[:, 0] * acc[:, 1]) * (acc[:, 2] * acc[:, 3])
            lane = folded[:, 0]
            for j in range(1, lanes):
                lane = lane * folded[:, j]
            out = out * lane
        out = _running_product(out, row[:, count * block:].T)
    return out


def _running_product(acc, x):
    """acc * x[0] * x[1] * ... over axis 0, left to right, rounding each product: numpy's float32/64
    multiply reduction is a plain loop in order (no pairwise or unrolled partial products, unlike add;
    tests/kernels/test_kernels.py checks it); its float16 one keeps the running product in float, so float16 goes
    through accumulate, which stores (rounds) every step."""
    if not x.shape[0]:
        return acc
    if acc.dtype == np.float16:
        return sums.fold(np.multiply, x, acc)
    return np.multiply.reduce(np.concatenate([acc[None], x]), axis=0)


def _prod_two_pass(flat, length, contiguous, threads):
    """two_pass_reduction for one output: each thread's range of the flattened iteration into its own slot."""
    limits.check_length(threads, "the per-thread buffer of the reduction")  # (torch's has one slot per thread)
    slots = np.ones(threads, flat.dtype)
    for thread, (begin, end) in enumerate(iteration.thread_chunks(flat.size, iteration.GRAIN_SIZE, threads)):
        value = np.ones(1, flat.dtype)
        for _, size0, size1 in iteration.plane_steps([length, flat.size // length], begin, end):
            value = _prod_rows(flat[begin:begin + size0 * size1].reshape(1, size1, size0), contiguous, value)
            begin += size0 * size1
        slots[thread] = value[0]
    return _prod_rows(slots.reshape(1, 1, -1), True)


# ---------------------------------------------------------------- 2-norm
def norm2(x, dims=None, keepdim=False):
    """torch.linalg.vector_norm(x, 2) (and torch.norm) of a float16/32/64 array."""
    x = np.asarray(x)
    if x.size > 1 and x.flags.c_contiguous and (dims is None or len({d % x.ndim for d in dims}) == x.ndim):
        # all of a dense array: one row (what _rows gives, without its layout work)
        rows, kept_shape, contiguous = x.reshape(1, -1), (), True
    else:
        rows, kept_shape, contiguous = _rows(x, dims)
    with errors_ignored():
        if contiguous and rows.dtype != np.float16:
            lanes = _VECTOR_BYTES // rows.itemsize
            whole = rows.shape[1] // lanes * lanes
            # the lanes' sums (from a zeroed accumulator: squares are never -0), buffer[0] + buffer[1] + ...,
            # then the rest: the compiler vectorises that float loop by fours (squares first, then added in
            # order) and fuses the multiply-adds of what is left after that (measured: every one for double)
            group = 4 if rows.dtype == np.float32 else rows.shape[1] + 1
            epilogue = whole + (rows.shape[1] - whole) // group * group
            chain = rows[:, whole:epilogue] ** 2
            if whole:
                vectors = rows[:, :whole].reshape(rows.shape[0], -1, lanes).swapaxes(0, 1)
                chain = np.concatenate([sums._sequential(vectors * vectors), chain], axis=1)
            total = np.add.accumulate(chain, axis=1)[:, -1] if chain.shape[1] else np.zeros(rows.shape[0], rows.dtype)
            if epilogue < rows.shape[1]:
                for column in rows[:, epilogue:].T:
                    total = fused_multiply_add(column, column, total)
        else:  # NormTwoOps: acc + x * x (float16: in float)
            wide = _opmath(rows)
            total = _in_order(wide * wide)
        values = np.sqrt(total).astype(x.dtype)
    return _shaped(values, kept_shape, x, dims, keepdim)


def _opmath(rows):
    """rows in the type the norms compute in: float for float16, else their own."""
    return rows.astype(np.float32) if rows.dtype == np.float16 else rows


def _in_order(terms):
    """The sum of each row of terms added one by one from zero, one output over GRAIN_SIZE elements split
    between threads (binary_kernel_reduce), their partial sums added in thread order."""
    chunks = iteration.thread_chunks(terms.shape[1], iteration.GRAIN_SIZE, cpu.num_threads()) \
        if terms.shape[0] == 1 else [(0, terms.shape[1])]
    total = np.zeros(terms.shape[0], terms.dtype)
    for begin, end in chunks:
        total = total + sums._sequential(terms[:, begin:end].T)
    return total


def norm(x, p, dims=None, keepdim=False):
    """torch.linalg.vector_norm(x, p) of a float16/32/64 array for a finite p other than 0 and 2: NormOneOps
    (acc + |x|) for p = 1, NormOps (acc + pow(|x|, p), then pow(acc, 1 / p)) otherwise, each output's elements
    one by one in TensorIterator's order in x's precision (float16: in float); one output over GRAIN_SIZE elements is split between
    threads, their partial sums added in order."""
    x = np.asarray(x)
    rows, kept_shape, _ = _rows(x, dims)
    if rows.shape[1] == 1:  # (nothing to add: torch gives |x| as it is)
        return _shaped(np.abs(rows[:, 0]), kept_shape, x, dims, keepdim)
    wide = _opmath(rows)
    dtype = wide.dtype.type
    with errors_ignored():
        total = _in_order(np.abs(wide) if p == 1 else _pow(np.abs(wide), dtype(p)))
        if p != 1:
            total = _pow(total, dtype(1) / dtype(p))
        total = total.astype(x.dtype)
    return _shaped(total, kept_shape, x, dims, keepdim)


_C_POW = np.frompyfunc(math.pow, 2, 1)  # the C library's pow (numpy's own may be a vector library's)


def _pow(base, exponent):
    """std::pow in base's precision: glibc's powf (libm.powf) for float32, the C library's pow for float64."""
    if base.dtype == np.float32:
        return libm.powf(base, exponent)
    return _C_POW(base, float(exponent)).astype(np.float64)


# ---------------------------------------------------------------- var / std
def var(x, dims=None, correction=1, keepdim=False, take_sqrt=False):
    """torch.var (torch.std with take_sqrt) of a float16/32/64 array."""
    x = np.asarray(x)
    reduced = range(x.ndim) if dims is None else {d % max(x.ndim, 1) for d in dims}
    if all(n == 1 for d, n in enumerate(x.shape) if d not in reduced) and x.dtype != np.float16:
        # everything reduced, as TensorIterator sees it (std_var_all_cpu is not for reduced floats)
        with errors_ignored():
            value = _var_all(x, correction, take_sqrt)
        kept_shape = tuple(n for d, n in enumerate(x.shape) if d not in reduced)
        return _shaped(np.asarray(value, x.dtype), kept_shape, x, dims, keepdim)
    return var_mean(x, dims, correction, keepdim, take_sqrt)[0]


def var_mean(x, dims=None, correction=1, keepdim=False, take_sqrt=False):
    """torch.var_mean (torch.std_mean with take_sqrt) of a float16/32/64 array: WelfordOps in double for each
    output (one output over GRAIN_SIZE elements split between threads, their states combined in order), the
    variance and the running mean rounded to x's dtype (float16 through float, as c10::Half converts). torch.var
    takes this path too, but for float32/64 over everything."""
    x = np.asarray(x)
    with errors_ignored():
        rows, kept_shape, _ = _rows(x, dims)
        chunks = iteration.thread_chunks(rows.shape[1], iteration.GRAIN_SIZE, cpu.num_threads()) \
            if rows.shape[0] == 1 else [(0, rows.shape[1])]
        count, center, m2 = 0.0, 0.0, 0.0
        for begin, end in chunks:  # binary_kernel_reduce: a Welford state per thread, combined in order
            part_count, part_center, part_m2 = _welford(rows[:, begin:end])
            if not count:
                count, center, m2 = part_count, part_center, part_m2
                continue
            delta = part_center - center
            total = count + part_count
            share = part_count / total
            center = fma64(delta, share, center)  # (GCC fuses this multiply-add; measured)
            m2 = m2 + part_m2 + delta * delta * count * share
            count = total
        result = m2 / max(count - correction, 0)
        result = np.sqrt(result) if take_sqrt else result
        through = np.float32 if x.dtype == np.float16 else x.dtype
        result, center = (np.asarray(v).astype(through).astype(x.dtype) for v in (result, center))
    return _shaped(result, kept_shape, x, dims, keepdim), _shaped(center, kept_shape, x, dims, keepdim)


def _welford(rows):
    """WelfordOps::reduce over each row in double: (count, mean, m2)."""
    count, center, m2 = 0, np.zeros(rows.shape[0]), np.zeros(rows.shape[0])
    for column in rows.T:
        count += 1
        value = column.astype(np.float64)
        delta = value - center
        center = center + delta / float(count)
        m2 = m2 + delta * (value - center)
    return float(count), center, m2


def _var_all(x, correction, take_sqrt):
    """std_var_all_cpu: squared deviations from the float mean, added in double per loop call and per
    thread, the thread sums added in thread order."""
    center = float(mean(x))
    shape, strides = (list(x.shape), [s // x.itemsize for s in x.strides]) if x.ndim else ([1], [0])
    perm = iteration._reorder(shape, [strides], reduction=False)
    layout = iteration._coalesce([shape[d] for d in perm], [strides[d] for d in perm], [0] * len(perm))
    flat = iteration.view(x, layout.shape, layout.in_strides).transpose().reshape(-1)
    squares = (flat.astype(np.float64) - center) ** 2
    total = 0.0
    for begin, end in iteration.thread_chunks(flat.size, iteration.GRAIN_SIZE, cpu.num_threads()):
        thread_sum, offset = 0.0, begin
        for _, size0, size1 in iteration.plane_steps(layout.shape, begin, end):
            thread_sum += np.cumsum(squares[offset:offset + size0 * size1])[-1]  # left to right
            offset += size0 * size1
        total += thread_sum
    result = total / max(0.0, x.size - correction)
    return np.sqrt(result) if take_sqrt else result


def logsumexp(x, dims, keepdim=False):
    """torch.logsumexp (ReduceOps.cpp): log(sum(exp(x - max))) + max, the infinite maxes taken as 0, the sum in
    torch's order and exp and log as torch computes them (unary.vml); numpy's for other dtypes."""
    x = np.asarray(x)
    # (the ufuncs and methods themselves, and vml's choice made once: np.max's and np.squeeze's wrappers and
    # vml's look-ups cost more than a small tensor's arithmetic)
    m = np.maximum.reduce(x, axis=dims, keepdims=True) if x.size else np.zeros((1,) * x.ndim, x.dtype)
    finite = np.isfinite(m)
    if np.count_nonzero(finite) != finite.size:  # (count_nonzero: no ufunc reduction to set up)
        m = np.where(finite, m, 0).astype(x.dtype, copy=False)
    if x.dtype in (f32, np.float64, np.float16) and x.size:
        total = sums.sum(_VML_EXP(x - m), dims, True)
        out = _VML_LOG(total) + m
        return out if keepdim else out.squeeze(dims)
    out = np.log(np.sum(np.exp(x - m), axis=dims, keepdims=True)) + m
    return (out if keepdim else np.squeeze(out, dims)).astype(x.dtype)


_VML_EXP, _VML_LOG = unary.vml_kernel("exp", np.exp), unary.vml_kernel("log", np.log)  # unary.vml's, chosen once
_CASCADE_LEVELS = 8


def nll_sums(values, kept, weights=None):
    """nll_loss's (N, C) reduction as ATen's nll_loss_out_frame adds it: `-= values[b]` (the picked
    log-probabilities, times their weights) over the batch in order, into a cascade of 8 partial sums that flush
    upwards whenever b has zero bits at a level (blocks of 16 or more), ignored targets skipped entirely; then the
    partials added in order. Returns (loss sum, weight sum) in values' dtype; the weight sum is the count of kept
    targets when there are no class weights."""
    dtype = values.dtype.type
    size = values.shape[0]
    if weights is None and 0 < size <= 256 and kept.all():
        return _nll_sums_all_kept(values), dtype(size)
    power = max(4, (size - 1).bit_length() // _CASCADE_LEVELS)
    mask = (1 << power) - 1
    losses, totals = [dtype(0)] * _CASCADE_LEVELS, [dtype(0)] * _CASCADE_LEVELS
    for b in np.flatnonzero(kept).tolist():
        losses[0] = losses[0] - values[b]
        if weights is not None:
            totals[0] = totals[0] + weights[b]
        for j in range(_CASCADE_LEVELS - 1):
            if b & (mask << (j * power)):
                break
            losses[j + 1], losses[j] = losses[j + 1] + losses[j], dtype(0)
            totals[j + 1], totals[j] = totals[j + 1] + totals[j], dtype(0)
    loss, weight = dtype(0), dtype(0)
    for j in range(_CASCADE_LEVELS):
        loss, weight = loss + losses[j], weight + totals[j]
    return loss, (weight if weights is not None else dtype(np.count_nonzero(kept)))


def _nll_sums_all_kept(values):
    """nll_sums' loss sum for at most 256 kept targets without weights, in whole-array steps: b = 0 flushes
    -values[0] to the top level; every 16th b flushes the 16 values before it (level 0's `-=` from zero) into
    level 1, which never flushes further; level 0 keeps the rest. Then level 0, 1 and the top are added from zero."""
    zero = values.dtype.type(0)
    blocks = (values.shape[0] - 1) // 16
    def from_zero(ufunc, rows):  # ((0 op r[0]) op r[1]) ... along the last axis
        start = np.zeros(rows.shape[:-1] + (1,), values.dtype)
        return ufunc.accumulate(np.concatenate([start, rows], axis=-1), axis=-1)[..., -1]
    top = zero - values[0]
    level1 = from_zero(np.add, from_zero(np.subtract, values[1:1 + 16 * blocks].reshape(blocks, 16)))
    level0 = from_zero(np.subtract, values[1 + 16 * blocks:])
    return ((zero + level0) + level1) + top
