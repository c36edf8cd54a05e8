"""The float arithmetic of torch's AVX2/AVX512 CPU kernels, on numpy (../shared/reference/rng.md §3b, §2).

torch's float32 `randn` with 16 or more elements runs avx_mathfun's `log256_ps` and `sincos256_ps` (Cephes
polynomials) in float32, and its compiler fuses several multiply-adds into FMA instructions. numpy has no FMA,
so `fma32`/`fma64` rebuild a single-rounding fused multiply-add from exact pieces. Everything else is a plain
numpy float32 operation, which rounds once like the vector instruction it stands for.
"""

import numpy as np

f32 = np.float32


def F(literal):
    """The float32 nearest to a decimal constant, as the C source's float literals."""
    return f32(literal)


# ---------------------------------------------------------------- fused multiply-add
_LOW_BITS = np.uint64((1 << 29) - 1)  # the 29 mantissa bits a double has beyond a float32's 24
_MIDPOINT = np.uint64(1 << 28)


def fma32(a, b, c):
    """float32 a*b + c with one rounding (arrays or scalars, broadcast).

    The product of two float32 is exact in double; the double sum then rounds once more when cast to float32.
    That second rounding can only go wrong when the double sum lies exactly halfway between two float32
    (a tie); those rare elements are redone with the exact error of the sum.
    """
    a, b, c = np.broadcast_arrays(np.asarray(a, f32), np.asarray(b, f32), np.asarray(c, f32))
    product = np.asarray(a.astype(np.float64) * b)
    total = np.asarray(product + c)
    out = total.astype(f32)
    tie = (total.view(np.uint64) & _LOW_BITS) == _MIDPOINT
    if tie.any():
        out[tie] = _round_odd(total[tie], product[tie], c[tie].astype(np.float64)).astype(f32)
    return out


def fma64(a, b, c):
    """float64 a*b + c with one rounding, after Boldo and Melquiond's emulation through round-to-odd:
    a*b = hi + lo exactly (Dekker), c + hi = s + t exactly (TwoSum), then RN(s + RO(t + lo)).
    Exact unless a*b underflows, which the samplers never meet (a uniform in [0, 1) times a normal span)."""
    a, b, c = np.broadcast_arrays(np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64))
    hi = a * b
    lo = _product_error(a, b, hi)
    s = c + hi
    t = _sum_error(c, hi, s)
    out = s + _round_odd(t + lo, t, lo)
    return np.where(out == 0, s, out)  # an exact zero: a*b = -c = hi, so s has IEEE's sign of zero


def fused_multiply_add(a, b, c):
    """a*b + c rounded once, in the floating dtype numpy gives the three: what a compiled `a * b + c` computes
    in torch's CPU kernels (the compiler fuses it into an FMA instruction). Other dtypes are exact anyway."""
    dtype = np.result_type(a, b, c)
    if dtype == np.float32:
        return fma32(a, b, c)
    if dtype == np.float64:
        return fma64(a, b, c)
    return a * b + c


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


def _product_error(a, b, p):
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


# ---------------------------------------------------------------- log256_ps
_SQRTHF = F(0.707106781186547524)
_LOG_P = [F(p) for p in (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1,
                         1.4249322787E-1, -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)]
_LOG_Q1 = F(-2.12194440e-4)
_LOG_Q2 = F(0.693359375)


def log_ps(a):
    """Cephes logf as avx_mathfun's log256_ps computes it, for float32 a > 0."""
    bits = a.view(np.uint32)
    e = ((bits >> 23).astype(np.int32) - 126).astype(f32)                  # float(exponent) + 1
    m = ((bits & np.uint32(0x807FFFFF)) | np.uint32(0x3F000000)).view(f32)  # mantissa in [0.5, 1)
    small = m < _SQRTHF
    e = e - np.where(small, f32(1), f32(0))
    x = (m - f32(1)) + np.where(small, m, f32(0))
    z = x * x
    y = np.full_like(x, _LOG_P[0])
    for p in _LOG_P[1:]:
        y = fma32(y, x, p)
    y = y * x
    y = fma32(y, z, e * _LOG_Q1)   # the compiler fuses y*z with the add; e*q1 is rounded first
    y = y - z * f32(0.5)
    x = x + y
    return x + e * _LOG_Q2


# ---------------------------------------------------------------- sincos256_ps
_FOPI = F(1.27323954473516)  # 4 / pi
_DP = [F(-0.78515625), F(-2.4187564849853515625e-4), F(-3.77489497744594108e-8)]
_COS_P = [F(2.443315711809948E-005), F(-1.388731625493765E-003), F(4.166664568298827E-002)]
_SIN_P = [F(-1.9515295891E-4), F(8.3321608736E-3), F(-1.6666654611E-1)]


def sincos_ps(t):
    """(sin t, cos t) for float32 t, as avx_mathfun's sincos256_ps computes them."""
    x = np.abs(t)
    sign_sin = np.signbit(t)
    j = (x * _FOPI).astype(np.int32)          # truncation, as _mm256_cvttps_epi32
    j = (j + 1) & ~1
    y = j.astype(f32)
    swap = (j & 4) != 0
    poly_mask = (j & 2) == 0
    sign_cos = (~(j - 2) & 4) != 0
    for dp in _DP:                            # extended-precision reduction by pi/4, each step fused
        x = fma32(y, dp, x)
    sign_sin = sign_sin ^ swap
    z = x * x
    cp = fma32(fma32(_COS_P[0], z, _COS_P[1]), z, _COS_P[2]) * z
    cp = fma32(cp, z, -(z * f32(0.5))) + f32(1)
    sp = fma32(fma32(_SIN_P[0], z, _SIN_P[1]), z, _SIN_P[2]) * z
    sp = fma32(sp, x, x)
    sin = np.where(poly_mask, sp, cp)
    cos = np.where(poly_mask, cp, sp)
    return np.where(sign_sin, -sin, sin), np.where(sign_cos, -cos, cos)


_TWO_PI = F(6.283185307179586)


def normal_blocks_float32(d):
    """torch's normal_fill_16_AVX2 on rows of 16 float32 uniforms: the first 8 give the radius, the last 8
    the angle; the row becomes 8 cosine then 8 sine outputs (standard normal)."""
    out = np.empty_like(d)
    for i in range(0, len(d), _ROWS_PER_CHUNK):  # chunks that stay in the CPU cache: about 3x faster
        u = d[i:i + _ROWS_PER_CHUNK]
        radius = np.sqrt(f32(-2) * log_ps(f32(1) - u[:, :8]))
        sin, cos = sincos_ps(_TWO_PI * u[:, 8:])
        out[i:i + _ROWS_PER_CHUNK, :8] = radius * cos
        out[i:i + _ROWS_PER_CHUNK, 8:] = radius * sin
    return out


_ROWS_PER_CHUNK = 8192
