"""Fused multiply-add with one rounding, as torch's compiled CPU kernels compute it (numpy has none).

`fma32`/`fma64` rebuild a single-rounding a*b + c from exact pieces; everything else in these kernels is a plain
numpy operation, which rounds once like the vector instruction it stands for.
"""

import functools
import math

import numpy as np

from . import native

f32 = np.float32


@functools.lru_cache(maxsize=None)
def F(literal):
    """The float32 nearest to a decimal constant, as the C source's float literals (made once per literal:
    kernels name their constants where the C source does)."""
    return f32(literal)


# ---------------------------------------------------------------- fused multiply-add
_LOW_BITS = np.uint64((1 << 29) - 1)  # the 29 mantissa bits a double has beyond a float32's 24
_MIDPOINT = np.uint64(1 << 28)


@native.fused(np.float32)
def fma32(a, b, c):
    """float32 a*b + c with one rounding (arrays or scalars, broadcast).

    The product of two float32 is exact in double; the double sum then rounds once more when cast to float32.
    That second rounding can only go wrong when the double sum lies exactly halfway between two float32
    (a tie); those rare elements are redone with the exact error of the sum.
    """
    a, b, c = _float32(a), _float32(b), _float32(c)
    if a.size > _BLOCK or b.size > _BLOCK or c.size > _BLOCK:
        shape = np.broadcast_shapes(a.shape, b.shape, c.shape)
        if all(v.shape == shape or v.size == 1 for v in (a, b, c)):
            return _fma32_blocks(a, b, c, shape)
    total = np.asarray(a.astype(np.float64) * b + c)
    out = total.astype(f32)
    if np.count_nonzero((total.view(np.uint64) & _LOW_BITS) == _MIDPOINT):
        tie = (total.view(np.uint64) & _LOW_BITS) == _MIDPOINT
        a, b, c = np.broadcast_arrays(a, b, c)
        product = a[tie].astype(np.float64) * b[tie]
        out[tie] = _round_odd(total[tie], product, c[tie].astype(np.float64)).astype(f32)
    return out


_BLOCK = 1 << 16  # elements: the double temporaries stay in the CPU cache (docs/bench.md)
_F32 = np.dtype(np.float32)


def _float32(v):
    """v as float32 (an array or a numpy float32 as they are: asarray costs more than a small kernel step)."""
    return v if (v.__class__ is np.ndarray and v.dtype is _F32) or v.__class__ is f32 else np.asarray(v, f32)


def _fma32_blocks(a, b, c, shape):
    """fma32 for operands of one shape or single values, a block at a time."""
    flat = [v.reshape(-1) if v.shape == shape else v.reshape(()) for v in (a, b, c)]
    n = math.prod(shape)
    out = np.empty(n, f32)
    total = np.empty(min(n, _BLOCK), np.float64)
    low = np.empty(total.size, np.uint64)
    for start in range(0, n, _BLOCK):
        end = min(n, start + _BLOCK)
        x, y, z = (v[start:end] if v.ndim else v for v in flat)
        t = total[:end - start]
        np.multiply(x, y, out=t, dtype=np.float64)
        np.add(t, z, out=t, dtype=np.float64)
        out[start:end] = t
        check = np.bitwise_and(t.view(np.uint64), _LOW_BITS, out=low[:end - start])
        tie = check == _MIDPOINT
        if tie.any():
            xs, ys, zs = (np.broadcast_to(v, t.shape)[tie] for v in (x, y, z))
            product = xs.astype(np.float64) * ys
            out[start:end][tie] = _round_odd(t[tie], product, zs.astype(np.float64)).astype(f32)
    return out.reshape(shape)


def horner32(x, coefficients):
    """c0, then u = fma32(u, x, c) for each further coefficient: a polynomial in Horner's form as the vector
    code evaluates it, each step one fused multiply-add rounded to float32 (coefficients: float32 numbers or
    arrays broadcasting with x). Every step runs in double and rounds to float32; the double sums are checked
    for ties all at once at the end, and only if one is found is the chain redone step by step with fma32
    (a few whole-array steps per coefficient instead of fma32's dozen: most of a small kernel's time)."""
    x = _float32(x)
    if x.size > _BLOCK or len(coefficients) < 3:
        u = coefficients[0]
        for c in coefficients[1:]:
            u = fma32(u, x, c)
        return np.asarray(u, f32)
    wide = x.astype(np.float64)
    totals = np.empty((len(coefficients) - 1,) + np.broadcast_shapes(x.shape, *(np.shape(c) for c in coefficients)))
    u = np.asarray(coefficients[0], f32).astype(np.float64)
    for step, c in enumerate(coefficients[1:]):
        total = np.multiply(u, wide, out=totals[step, ...])  # (a view even when 0-dim)
        total += c
        u = total.astype(f32).astype(np.float64)
    if np.count_nonzero((totals.view(np.uint64) & _LOW_BITS) == _MIDPOINT):
        u = coefficients[0]
        for c in coefficients[1:]:
            u = fma32(u, x, c)
    return np.asarray(u, f32)


@native.fused(np.float64)
def fma64(a, b, c):
    """float64 a*b + c with one rounding, after Boldo and Melquiond's emulation through round-to-odd:
    a*b = hi + lo exactly (Dekker), c + hi = s + t exactly (TwoSum), then RN(s + RO(t + lo)).
    Exact unless a*b underflows, which the samplers never meet (a uniform in [0, 1) times a normal span).
    A few elements take Python's floats instead (_fma64_few): on a small array each numpy call costs more than
    its arithmetic."""
    a, b, c = np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64)
    if max(a.size, b.size, c.size) <= _FEW:
        out = _fma64_few(a, b, c)
        if out is not None:
            return out
    hi = a * b
    lo = product_error(a, b, hi)
    s = c + hi
    t = _sum_error(c, hi, s)
    v = t + lo
    inexact = _sum_error(t, lo, v)
    # round t + lo to odd: v truncated toward zero (one step back where it was rounded away from zero), its
    # last bit set where it is inexact
    nonzero = inexact != 0
    away = nonzero & (np.signbit(inexact) != np.signbit(v))
    odd = ((v.view(np.uint64) - away) | nonzero).view(np.float64)
    out = s + odd
    out = np.where(out == 0, s, out)  # an exact zero: a*b = -c = hi, so s has IEEE's sign of zero
    return np.where(np.isfinite(s), out, s)  # infinities and NaNs: a*b + c's own


_FEW = 24  # elements: up to this many, Python floats one by one cost fewer instructions than numpy (measured)
_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp's split


def _fma64_few(a, b, c):
    """fma64 of a few elements with Python's floats: Dekker's a*b = hi + lo, then math.fsum's correctly rounded
    hi + lo + c, which is the fused multiply-add wherever the product is exact as hi + lo and nothing overflows:
    there fma64's numpy arithmetic gives the same value. None (fma64's own path then) for a 0-d result, for
    operands that broadcast otherwise than a single value against one shape, and for any element out of that
    range (infinities, NaNs, a tiny or huge product)."""
    shape = max(a.shape, b.shape, c.shape, key=len)
    if not shape:
        return None  # (fma64 gives a 0-d result its own way)
    n = math.prod(shape)
    columns = []
    for v in (a, b, c):
        if v.shape == shape:
            columns.append(v.reshape(-1).tolist())
        elif v.size == 1:
            columns.append([v.item()] * n)
        else:  # (broadcasting costs more than it saves here)
            return None
    out = []
    for x, y, z in zip(*columns):
        if not (abs(x) < 1e300 and abs(y) < 1e300 and abs(z) < 1e300):  # (also False for NaN)
            return None
        h = x * y
        if x == 0.0 or y == 0.0:  # an exact (signed) zero product: the sum rounds once, with IEEE's sign of zero
            out.append(h + z)
            continue
        if not 1e-270 < abs(h) < 1e300:  # Dekker's partial products exact (none below the normal range)
            return None
        t = x * _SPLIT
        xh = t - (t - x)
        xl = x - xh
        t = y * _SPLIT
        yh = t - (t - y)
        yl = y - yh
        out.append(math.fsum((h, ((xh * yh - h) + xh * yl + xl * yh) + xl * yl, z)))
    return np.array(out, np.float64).reshape(shape)


def fused_multiply_add(a, b, c):
    """a*b + c rounded once, in the floating dtype numpy gives the three: what a compiled `a * b + c` computes
    in torch's CPU kernels (the compiler fuses it into an FMA instruction). Other dtypes are exact anyway."""
    dtype = np.result_type(a, b, c)
    if dtype == np.float32:
        return fma32(a, b, c)
    if dtype == np.float64:
        return fma64(a, b, c)
    return a * b + c


@native.unary(np.float32)
def one_minus_square32(y):
    """float32 1 - y*y with one rounding, as a compiled `1 - y * y` (a fused multiply-add) gives it, for a
    float32 array y. In double, y*y is exact and so is 1 - y*y for |y| >= 1/8; the single rounding to float32
    can only go wrong at a float32 tie, where fma32 redoes the element. Twice as fast as fma32 on every element."""
    wide = y.astype(np.float64)
    np.multiply(wide, wide, out=wide)
    np.subtract(1.0, wide, out=wide)
    out = wide.astype(f32)
    tie = (wide.view(np.uint64) & _LOW_BITS) == _MIDPOINT
    if tie.any():
        out[tie] = fma32(-y[tie], y[tie], f32(1))
    return out


def _sum_error(x, y, s):
    """TwoSum: the exact x + y - s for s = fl(x + y)."""
    yy = s - x
    return (x - (s - yy)) + (y - yy)


def product_error(a, b, p):
    """Dekker's TwoProduct: the exact a*b - p for p = fl(a*b), by Veltkamp splitting."""
    def split(x):
        t = x * 134217729.0  # 2**27 + 1
        high = t - (t - x)
        return high, x - high
    ah, al = split(a)
    bh, bl = split(b)
    return ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _round_odd(s, x, y):
    """s = fl(x + y) re-rounded to odd: when inexact with an even last bit, step one ulp toward x + y."""
    error = _sum_error(x, y, s)
    bits = np.array(s, dtype=np.float64).view(np.uint64)  # a copy, also of a numpy scalar
    nudge = (error != 0) & ((bits & np.uint64(1)) == 0)
    away = (error > 0) == (s > 0)  # moving away from zero raises the magnitude bits
    bits[nudge & away] += np.uint64(1)
    bits[nudge & ~away] -= np.uint64(1)
    return bits.view(np.float64)
