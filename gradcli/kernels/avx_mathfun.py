"""avx_mathfun's float32 log and sincos (Cephes polynomials), which torch's float32 `randn` runs for 16 or more
elements (../shared/reference/rng.md §3b, §2), and the Box-Muller blocks built on them."""

import numpy as np

from .fma import F, f32, fma32

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
    for i in range(0, len(d), _ROWS_PER_CHUNK):  # chunks that stay in the CPU cache (docs/bench.md)
        u = d[i:i + _ROWS_PER_CHUNK]
        radius = np.sqrt(f32(-2) * log_ps(f32(1) - u[:, :8]))
        sin, cos = sincos_ps(_TWO_PI * u[:, 8:])
        out[i:i + _ROWS_PER_CHUNK, :8] = radius * cos
        out[i:i + _ROWS_PER_CHUNK, 8:] = radius * sin
    return out


_ROWS_PER_CHUNK = 8192
