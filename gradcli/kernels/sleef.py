"""SLEEF's float32 vector functions as torch's ATen calls them (`Sleef_expf16_u10` and kin), bit for bit.

Ports of shibatch/sleef `src/libm/sleefsimdsp.c` (Boost Software License 1.0) as built for AVX2 and AVX512F: both
builds have fused multiply-adds (SLEEF's `vmla`, `vfma`), and the double-float helpers of `src/common/df.h` take
their FMA branch. The two builds compute the same values for the functions here. Arrays of float32 in, float32
out; NaN, infinity and signed-zero cases follow SLEEF's selects.
"""

import numpy as np

from . import native
from .fma import F, f32, fma32, horner32
from ..core.numerics import errors_ignored

_R_LN2 = F(1.442695040888963407359924681001892137426645954152985934135449406931)
_L2U = F(0.693145751953125)
_L2L = F(1.428606765330187045e-06)
_LN2_HI, _LN2_LO = F(0.69314718246459960938), F(-1.904654323148236017e-09)
_INF = f32(np.inf)


# ---------------------------------------------------------------- double-float arithmetic (df.h, FMA branch)
# (the additions have no multiply-add and no constant: sleef64 uses them for double-doubles)
def _add(x, y):              # dfadd_vf2_vf_vf: |x| >= |y|
    s = x + y
    return s, (x - s) + y


def _add2(x, y):             # dfadd2_vf2_vf_vf: any order
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _add2_ff(x, y):          # dfadd2_vf2_vf2_vf
    s = x[0] + y
    v = s - x[0]
    t = (x[0] - (s - v)) + (y - v)
    return s, t + x[1]


def _add_ff(x, y):           # dfadd_vf2_vf2_vf
    s = x[0] + y
    return s, ((x[0] - s) + y) + x[1]


def _add_f_ff(x, y):         # dfadd_vf2_vf_vf2
    s = x + y[0]
    return s, ((x - s) + y[0]) + y[1]


def _add_ffff(x, y):         # dfadd_vf2_vf2_vf2: |x| >= |y|
    s = x[0] + y[0]
    return s, (((x[0] - s) + y[0]) + x[1]) + y[1]


def _add2_ffff(x, y):        # dfadd2_vf2_vf2_vf2
    s = x[0] + y[0]
    v = s - x[0]
    t = (x[0] - (s - v)) + (y[0] - v)
    return s, t + (x[1] + y[1])


def _mul_f(x, y):            # dfmul_vf2_vf_vf
    s = x * y
    return s, _exact_fma(x, y, -s)


def _mul_fff(x, y):          # dfmul_vf2_vf2_vf
    s = x[0] * y
    return s, fma32(x[1], y, _exact_fma(x[0], y, -s))


def _mul_ffff(x, y):         # dfmul_vf2_vf2_vf2
    s = x[0] * y[0]
    return s, fma32(x[0], y[1], fma32(x[1], y[0], _exact_fma(x[0], y[0], -s)))


def _squ(x):                 # dfsqu_vf2_vf2
    s = x[0] * x[0]
    return s, fma32(x[0] + x[0], x[1], _exact_fma(x[0], x[0], -s))


def _div(n, d):              # dfdiv_vf2_vf2_vf2
    t = f32(1) / d[0]
    s = n[0] * t
    u = _exact_fma(t, n[0], -s)
    v = fma32(-d[1], t, _exact_fma(-d[0], t, f32(1)))
    return s, fma32(s, v, fma32(n[1], t, u))


def _rec(d):                 # dfrec_vf2_vf2
    s = f32(1) / d[0]
    return s, s * fma32(-d[1], s, _exact_fma(-d[0], s, f32(1)))


def _exact_fma(a, b, c):
    """fma32(a, b, c) where a*b + c is exact in double: a product's rounding error (c = -fl(a*b)) or a
    reciprocal's remainder (1 - d*fl(1/d)). The double value is then rounded once, so no tie needs redoing."""
    return (np.asarray(a, np.float64) * b + c).astype(f32)


def _normalize(t):
    s = t[0] + t[1]
    return s, (t[0] - s) + t[1]


# ---------------------------------------------------------------- integer helpers
def _rint(x):
    """vrint_vi2_vf: round to nearest even, as cvtps2dq."""
    return np.rint(x).astype(np.int32)


def _pow2i(q):
    return ((q + np.int32(0x7F)) << np.int32(23)).view(f32)


def _ldexp2(d, e):
    half = e >> np.int32(1)
    return (d * _pow2i(half)) * _pow2i(e - half)


def _ldexp3(d, q):
    return (d.view(np.int32) + (q << np.int32(23))).view(f32)


def _ldexp(x, q):            # vldexp_vf_vf_vi2
    m = q >> np.int32(31)
    m = (((m + q) >> np.int32(6)) - m) << np.int32(4)
    q = q - (m << np.int32(2))
    m = m + np.int32(0x7F)
    m = np.where(m > 0, m, 0).astype(np.int32)
    m = np.where(m > 0xFF, np.int32(0xFF), m).astype(np.int32)
    u = (m << np.int32(23)).view(f32)
    x = ((x * u) * u) * u * u
    return x * (((q + np.int32(0x7F)) << np.int32(23)).view(f32))


def _exponent_mantissa(d):
    """e = ilogb(d / 0.75), m = d / 2**e in [0.75, 1.5), for positive normal d (SLEEF's AVX2 branch; AVX512's
    getexp/getmant give the same); subnormals are scaled by 2**64 first."""
    tiny = d < F(1.1754943508222875e-38)
    scaled = tiny.any()  # (most arrays have no subnormal: two selects fewer)
    if scaled:
        d = np.where(tiny, d * F(18446744073709551616.0), d)
    e = (((d * F(1.0 / 0.75)).view(np.int32) >> np.int32(23)) & np.int32(0xFF)) - np.int32(0x7F)
    m = _ldexp3(d, -e)
    return (np.where(tiny, e - np.int32(64), e) if scaled else e).astype(np.int32), m


# ---------------------------------------------------------------- exp
_EXPF_POLY = [F(c) for c in (0.000198527617612853646278381, 0.00139304355252534151077271, 0.00833336077630519866943359,
                             0.0416664853692054748535156, 0.166666671633720397949219, 0.5)]
_EXPK2F_POLY = [F(c) for c in (0.1980960224e-3, 0.1394256484e-2, 0.8333456703e-2, 0.4166637361e-1)]
_EXPKF_POLY = [F(c) for c in (0.00136324646882712841033936, 0.00836596917361021041870117, 0.0416710823774337768554688,
                              0.166665524244308471679688, 0.499999850988388061523438)]


@native.unary(f32)
def expf_u10(d):
    """Sleef_expf_u10: Vectorized<float>::exp()."""
    d = np.asarray(d, f32)
    with errors_ignored():
        q = _rint(d * _R_LN2)
        qf = q.astype(f32)
        s = d - qf * _L2U  # fma(qf, -L2U, d): L2U has 15 bits and |q| < 2**9, so the product is exact
        s = fma32(qf, -_L2L, s)
        u = horner32(s, _EXPF_POLY)
        u = f32(1) + fma32(s * s, u, s)
        u = np.ldexp(u, q)  # _ldexp2(u, q): u is in [0.5, 2), so both round u * 2**q once
        u = np.where(d < F(-104), f32(0), u)
        return np.where(F(100) < d, _INF, u).astype(f32)


def _reduce_ln2(d):
    """d = q*ln2 + s for a double-float d: q nearest to d/ln2, s in double-float (ln2 in two parts)."""
    q = _rint((d[0] + d[1]) * _R_LN2)
    qf = q.astype(f32)
    return q, _add2_ff(_add2_ff(d, qf * -_L2U), qf * -_L2L)


def _expk2f(d):
    """expk2f: exp of a double-float, as a double-float."""
    q, s = _reduce_ln2(d)
    u = horner32(s[0], _EXPK2F_POLY)
    t = _add2_ff(_mul_fff(s, u), F(0.166666659414234244790680580464e+0))
    t = _add2_ff(_mul_ffff(s, t), f32(0.5))
    t = _add2_ffff(s, _mul_ffff(_squ(s), t))
    t = _add_f_ff(f32(1), t)
    x, y = _ldexp2(t[0], q), _ldexp2(t[1], q)
    under = d[0] < F(-104)
    return np.where(under, f32(0), x), np.where(under, f32(0), y)


@native.unary(f32)
def expm1f_u10(a):
    """Sleef_expm1f_u10: Vectorized<float>::expm1()."""
    a = np.asarray(a, f32)
    with errors_ignored():
        d = _add2_ff(_expk2f((a, np.zeros_like(a))), f32(-1))
        x = d[0] + d[1]
        x = np.where(a > F(88.72283172607421875), _INF, x)
        x = np.where(a < F(-16.635532333438687426013570), f32(-1), x)
        return np.where(_is_negative_zero(a), f32(-0.0), x).astype(f32)


@native.unary(f32)
def tanhf_u10(x):
    """Sleef_tanhf_u10: Vectorized<float>::tanh()."""
    x = np.asarray(x, f32)
    with errors_ignored():
        y = np.abs(x)
        d = _expk2f((y, np.zeros_like(y)))
        e = _rec(d)
        d = _div(_add_ffff(d, (-e[0], -e[1])), _add_ffff(d, e))
        y = d[0] + d[1]
        y = np.where((np.abs(x) > F(8.664339742)) | np.isnan(y), f32(1), y)
        y = np.where(np.signbit(x), -y, y)
        return np.where(np.isnan(x), x, y).astype(f32)


_EXP2F_POLY = [F(c) for c in (0.1535920892e-3, 0.1339262701e-2, 0.9618384764e-2, 0.5550347269e-1, 0.2402264476e+0,
                              0.6931471825e+0, 1.0)]


@native.unary(f32)
def exp2f_u10(d):
    """Sleef_exp2f_u10: Vectorized<float>::exp2()."""
    d = np.asarray(d, f32)
    with errors_ignored():
        u = np.rint(d)
        q = u.astype(np.int32)
        u = _ldexp2(horner32(d - u, _EXP2F_POLY), q)
        u = np.where(d >= F(128), _INF, u)
        return np.where(d < F(-150), f32(0), u).astype(f32)


@native.unary(f32)
def sinhf_u10(x):
    """Sleef_sinhf_u10: Vectorized<float>::sinh()."""
    return _hyperbolic(x, -1)


@native.unary(f32)
def coshf_u10(x):
    """Sleef_coshf_u10: Vectorized<float>::cosh()."""
    return _hyperbolic(x, 1)


def _hyperbolic(x, sign):
    """(e^|x| + sign e^-|x|) / 2 in double-float, infinite past |x| = 89; sinh takes x's sign."""
    x = np.asarray(x, f32)
    with errors_ignored():
        d = _expk2f((np.abs(x), np.zeros_like(x)))
        e = _rec(d)
        d = _add_ffff(d, (sign * e[0], sign * e[1]))
        y = (d[0] + d[1]) * f32(0.5)
        y = np.where((np.abs(x) > F(89)) | np.isnan(y), _INF, y)
        if sign < 0:
            y = np.where(np.signbit(x), -y, y)
        return np.where(np.isnan(x), x, y).astype(f32)


# ---------------------------------------------------------------- log
@native.unary(f32)
def logf_u10(d):
    """Sleef_logf_u10: Vectorized<float>::log()."""
    d = np.asarray(d, f32)
    with errors_ignored():
        e, m = _exponent_mantissa(d)
        s = _mul_fff((_LN2_HI, _LN2_LO), e.astype(f32))
        x = _div(_add2(f32(-1), m), _add2(f32(1), m))
        r = _log_tail(s, x)
        r = np.where(d == _INF, _INF, r)
        r = np.where((d < 0) | np.isnan(d), f32(np.nan), r)
        return np.where(d == 0, -_INF, r).astype(f32)


def _log_tail(s, x):
    x2 = x[0] * x[0]
    t = fma32(fma32(F(+0.3027294874e+0), x2, F(+0.3996108174e+0)), x2, F(+0.6666694880e+0))
    s = _add_ffff(s, (x[0] * f32(2), x[1] * f32(2)))
    s = _add_ff(s, (x2 * x[0]) * t)
    return s[0] + s[1]


_LOG1PF_BOUND = F(1.0e+38)


@native.unary(f32)
def log1pf_u10(d):
    """Sleef_log1pf_u10: Vectorized<float>::log1p()."""
    d = np.asarray(d, f32)
    with errors_ignored():
        dp1 = d + f32(1)
        e, _ = _exponent_mantissa(dp1)
        t = _ldexp3(np.ones_like(d), -e)
        m = fma32(d, t, t - f32(1))
        s = _mul_fff((_LN2_HI, _LN2_LO), e.astype(f32))
        x = _div((m, np.zeros_like(m)), _add(np.full_like(m, f32(2)), m))
        r = _log_tail(s, x)
        big = ~(d <= _LOG1PF_BOUND)
        if big.any():
            r = np.where(big, logf_u10(d), r)
        r = np.where(f32(-1) > d, f32(np.nan), r)
        r = np.where(d == f32(-1), -_INF, r)
        return np.where(_is_negative_zero(d), f32(-0.0), r).astype(f32)


def _is_negative_zero(x):
    return x.view(np.int32) == np.int32(-0x80000000)


# ---------------------------------------------------------------- pow
def _logkf(d):
    """logkf: log of a positive float as a double-float."""
    e, m = _exponent_mantissa(d)
    x = _div(_add2(f32(-1), m), _add2(f32(1), m))
    x2 = _squ(x)
    t = fma32(fma32(F(0.240320354700088500976562), x2[0], F(0.285112679004669189453125)), x2[0],
              F(0.400007992982864379882812))
    c = (np.full_like(t, F(0.66666662693023681640625)), np.full_like(t, F(3.69183861259614332084311e-09)))
    s = _mul_fff((_LN2_HI, _LN2_LO), e.astype(f32))
    s = _add_ffff(s, (x[0] * f32(2), x[1] * f32(2)))
    return _add_ffff(s, _mul_ffff(_mul_ffff(x2, x), _add2_ffff(_mul_fff(x2, t), c)))


def _expkf(d):
    """expkf: exp of a double-float, as a float."""
    q, s = _reduce_ln2(d)
    s = _normalize(s)
    u = horner32(s[0], _EXPKF_POLY)
    t = _add_ffff(s, _mul_fff(_squ(s), u))
    t = _add_f_ff(f32(1), t)
    u = _ldexp(t[0] + t[1], q)
    return np.where(d[0] < F(-104), f32(0), u)


@native.binary(f32)
def powf_u10(x, y):
    """Sleef_powf_u10: Vectorized<float>::pow(), x and y broadcast."""
    x, y = np.broadcast_arrays(np.asarray(x, f32), np.asarray(y, f32))
    with errors_ignored():
        yisint = (np.trunc(y) == y) | (np.abs(y) > F(1 << 24))
        truncated = np.where(np.abs(y) < F(1 << 31), y, 0).astype(np.int32)
        yisodd = ((truncated & 1) == 1) & yisint & (np.abs(y) < F(1 << 24))
        result = _expkf(_mul_fff(_logkf(np.abs(x)), y))
        result = np.where(np.isnan(result), _INF, result)
        sign = np.where(yisint, np.where(yisodd, f32(-1), f32(1)), f32(np.nan))
        result = result * np.where(x > 0, f32(1), sign)
        efx = np.abs(x) - f32(1)
        efx = np.where(np.signbit(y), -efx, efx)
        at_inf = np.where(efx < 0, f32(0), np.where(efx == 0, f32(1), _INF))
        result = np.where(np.isinf(y), at_inf, result)
        edge = np.where(np.signbit(y) ^ (x == 0), f32(0), _INF)
        edge = np.where(np.signbit(np.where(yisodd, x, f32(1))), -edge, edge)
        result = np.where(np.isinf(x) | (x == 0), edge, result)
        result = np.where(np.isnan(x) | np.isnan(y), f32(np.nan), result)
        return np.where((y == 0) | (x == 1), f32(1), result).astype(f32)


# ---------------------------------------------------------------- ATen's own vector kernels
_ERF_P = F(0.3275911)
_ERF_A = [F(c) for c in (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)]


@native.unary(f32)
def erf_aten(x):
    """Vectorized<float>::erf(): Abramowitz-Stegun 7.1.26 with Sleef's expf, as vec256/vec512_float.h write it."""
    x = np.asarray(x, f32)
    with errors_ignored():
        a = np.abs(x)
        t = f32(1) / fma32(_ERF_P, a, f32(1))
        r = horner32(t, _ERF_A)
        e = -expf_u10(-(x * x))
        y = fma32(e * t, r, f32(1))
        return np.where(np.signbit(x), -y, y).astype(f32)


# ---------------------------------------------------------------- sin, cos (u35)
_PI_A2, _PI_B2, _PI_C2 = F(3.1414794921875), F(0.00011315941810607910156), F(1.9841872589410058936e-09)
_PI_A, _PI_B, _PI_C, _PI_D = (F(3.140625), F(0.0009670257568359375), F(6.2771141529083251953e-07),
                              F(1.2154201256553420762e-10))
_SIN_POLY = [F(c) for c in (2.6083159809786593541503e-06, -0.0001981069071916863322258,
                            0.00833307858556509017944336, -0.166666597127914428710938)]


def _reduce_pi(d, r, q, scale):
    """d - q*pi in three (|r| < 125) or four (|r| < 39000) parts, each step fused."""
    u = q.astype(f32)
    near = fma32(u, -_PI_A2 * scale, d)
    near = fma32(u, -_PI_B2 * scale, near)
    near = fma32(u, -_PI_C2 * scale, near)
    far = fma32(u, -_PI_A * scale, r)
    for c in (_PI_B, _PI_C, _PI_D):
        far = fma32(u, -c * scale, far)
    return np.where(np.abs(r) < F(125.0), near, far)


def _sin_poly(d):
    s = d * d
    u = horner32(s, _SIN_POLY)
    return s * (u * d) + d


@native.unary(f32)
def sinf_u35(d):
    """Sleef_sinf_u35: Vectorized<float>::sin() (|d| < 39000; beyond, SLEEF's Payne-Hanek reduction is not
    ported and the float64 sine rounded once stands in)."""
    d = np.asarray(d, f32)
    with errors_ignored():
        q = _rint(d * F(1 / np.pi))
        x = _reduce_pi(d, d, q, f32(1))
        x = np.where((q & 1) == 1, -x, x)
        u = _sin_poly(x)
        u = np.where(_is_negative_zero(d), d, u)
        big = ~(np.abs(d) < F(39000))
        return np.where(big, np.sin(d.astype(np.float64)).astype(f32), u).astype(f32)


@native.unary(f32)
def cosf_u35(d):
    """Sleef_cosf_u35: Vectorized<float>::cos() (the same range as sinf_u35)."""
    d = np.asarray(d, f32)
    with errors_ignored():
        q = _rint(d * F(1 / np.pi) - F(0.5))
        q = q + q + np.int32(1)
        x = _reduce_pi(d, d, q, F(0.5))
        x = np.where((q & 2) == 0, -x, x)
        u = _sin_poly(x)
        big = ~(np.abs(d) < F(39000))
        return np.where(big, np.cos(d.astype(np.float64)).astype(f32), u).astype(f32)


# ---------------------------------------------------------------- atanh
def _logk2f(d):
    """logk2f: log of a double-float (d >= 1 here), as a double-float."""
    e = (((d[0] * F(1.0 / 0.75)).view(np.int32) >> np.int32(23)) & np.int32(0xFF)) - np.int32(0x7F)
    scale = _pow2i(-e)
    m = (d[0] * scale, d[1] * scale)
    x = _div(_add2_ff(m, f32(-1)), _add2_ff(m, f32(1)))
    x2 = _squ(x)
    t = horner32(x2[0], [F(0.2392828464508056640625), F(0.28518211841583251953125), F(0.400005877017974853515625),
                         F(0.666666686534881591796875)])
    s = _mul_fff((_LN2_HI, _LN2_LO), e.astype(f32))
    s = _add_ffff(s, (x[0] * f32(2), x[1] * f32(2)))
    return _add_ffff(s, _mul_fff(_mul_ffff(x2, x), t))


@native.unary(f32)
def atanhf_u10(x):
    """Sleef_atanhf_u10: Vectorized<float>::atanh()."""
    x = np.asarray(x, f32)
    with errors_ignored():
        y = np.abs(x)
        d = _logk2f(_div(_add2(f32(1), y), _add2(f32(1), -y)))
        r = np.where(y == 1, _INF, (d[0] + d[1]) * F(0.5))
        r = np.where(y > 1, f32(np.nan), r)
        r = np.copysign(r, x)
        return np.where(np.isinf(x) | np.isnan(r) | np.isnan(x), f32(np.nan), r).astype(f32)
