"""SLEEF's float64 vector functions as torch's ATen calls them (`Sleef_expd8_u10` and kin), bit for bit.

Ports of shibatch/sleef `src/libm/sleefsimddp.c` (Boost Software License 1.0) as built for AVX2 and AVX512F: both
have fused multiply-adds, so `vmla` is one rounding (fma64), the polynomials are evaluated as SLEEF's Estrin
macros write them, and the double-double helpers of `src/common/dd.h` take their FMA branch (a product's
rounding error comes exact from Dekker's TwoProduct). The two builds compute the same values for the functions
here. Arrays of float64 in, float64 out.
"""

import functools

import numpy as np

from . import native
from .fma import fma64, product_error
# dd.h's additions are df.h's (no multiply-add in them): sleef.py's serve both precisions
from .sleef import _add, _add2, _add2_ff as _add2_dd_d, _add2_ffff as _add2_dd, _add_f_ff as _add_d_dd
from .sleef import _add_ff as _add_dd_d, _add_ffff as _add_dd, _normalize
from ..core.numerics import errors_ignored

_D = np.float64
_R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931
_L2U = .69314718055966295651160180568695068359375
_L2L = .28235290563031577122588448175013436025525412068e-12
_LN2 = (0.693147180559945286226764, 2.319046813846299558417771e-17)
_LOG_DBL_MAX = float.fromhex("0x1.62e42fefa39efp+9")
_LOG1P_BOUND = float.fromhex("0x1.c7b1f3cac7433p+1019")
_INF = np.inf


_BLOCK = 1 << 14  # elements: a function's temporaries then stay in the CPU cache (about twice as fast)


def _in_blocks(function):
    """An element-wise function applied a block at a time to arrays larger than _BLOCK."""
    @functools.wraps(function)
    def blocked(x):
        x = np.asarray(x, _D)
        if x.size <= _BLOCK:
            return function(x)
        flat = x.reshape(-1)
        out = np.empty(flat.shape)
        for start in range(0, flat.size, _BLOCK):
            out[start:start + _BLOCK] = function(flat[start:start + _BLOCK])
        return out.reshape(x.shape)
    return blocked


# ---------------------------------------------------------------- double-double arithmetic (dd.h, FMA branch)
def _pe(x, y, s):            # vfmapn(x, y, s) with s = x*y: the product's exact rounding error
    return product_error(x, y, s)


def _mul_dd_d(x, y):         # ddmul_vd2_vd2_vd
    s = x[0] * y
    return s, fma64(x[1], y, _pe(x[0], y, s))


def _mul_dd(x, y):           # ddmul_vd2_vd2_vd2
    s = x[0] * y[0]
    return s, fma64(x[0], y[1], fma64(x[1], y[0], _pe(x[0], y[0], s)))


def _squ(x):                 # ddsqu_vd2_vd2
    s = x[0] * x[0]
    return s, fma64(x[0] + x[0], x[1], _pe(x[0], x[0], s))


def _div(n, d):              # dddiv_vd2_vd2_vd2
    t = 1.0 / d[0]
    s = n[0] * t
    u = _pe(t, n[0], s)
    v = fma64(-d[1], t, fma64(-d[0], t, 1.0))
    return s, fma64(s, v, fma64(n[1], t, u))


def _rec(d):                 # ddrec_vd2_vd2
    s = 1.0 / d[0]
    return s, s * fma64(-d[1], s, fma64(-d[0], s, 1.0))


def _p2(x, c1, c0):
    return fma64(x, c1, c0)


def _p4(x, x2, c):
    return fma64(x2, _p2(x, c[0], c[1]), _p2(x, c[2], c[3]))


def _p8(x, x2, x4, c):
    return fma64(x4, _p4(x, x2, c[:4]), _p4(x, x2, c[4:]))


def _poly(x, x2, x4, x8, coefficients, x16=None):
    """SLEEF's Estrin macros (estrin.h) POLY7, POLY9, POLY10 and POLY21, highest coefficient first, each MLA
    fused."""
    c = list(coefficients)
    n = len(c)
    if n in (7, 9, 10) and np.size(x) <= _BATCHED and all(v.__class__ is float for v in c):
        return _poly_batched(x, x2, x4, x8, c)
    if n == 7:
        return fma64(x4, fma64(x2, c[0], _p2(x, c[1], c[2])), _p4(x, x2, c[3:]))
    if n == 21:
        high = fma64(x4, c[0], _p4(x, x2, c[1:5]))
        return fma64(x16, high, fma64(x8, _p8(x, x2, x4, c[5:13]), _p8(x, x2, x4, c[13:])))
    eight = _p8(x, x2, x4, c[-8:])
    return fma64(x8, c[0] if n == 9 else _p2(x, c[0], c[1]), eight)


_BATCHED = 2048  # elements: below this a fused multiply-add's cost is its numpy calls, not its passes over memory


def _poly_batched(x, x2, x4, x8, c):
    """_poly of constant coefficients with each level of the Estrin tree in one fma64 over stacked operands: the
    same fused multiply-adds element for element, in fewer calls (POLY10's nine are four)."""
    column = (-1,) + (1,) * np.ndim(x)
    if len(c) == 7:
        # POLY7 = MLA(x4, MLA(x2, c0, POLY2(x, c1, c2)), POLY4(x, x2, c3..c6))
        p2 = fma64(x, np.reshape(c[1::2], column), np.reshape(c[2::2], column))  # (c1, c2), (c3, c4), (c5, c6)
        high = np.empty_like(p2[1:])
        high[0], high[1] = c[0], p2[1]
        p4 = fma64(x2, high, p2[0::2])  # MLA(x2, c0, p2[0]), MLA(x2, p2[1], p2[2])
        return fma64(x4, p4[0], p4[1])
    # POLY9/10 = MLA(x8, c0 or POLY2(x, c0, c1), POLY8(x, x2, x4, c[-8:]))
    eight = c[-8:]
    pairs = eight + c[:2] if len(c) == 10 else eight
    p2 = fma64(x, np.reshape(pairs[0::2], column), np.reshape(pairs[1::2], column))
    p4 = fma64(x2, p2[0:4:2], p2[1:4:2])
    return fma64(x8, p2[4] if len(c) == 10 else c[0], fma64(x4, p4[0], p4[1]))


# ---------------------------------------------------------------- integer helpers
def _rint(x):
    return np.rint(x).astype(np.int64)


def _pow2i(q):
    return ((q + 0x3FF) << 52).astype(np.int64).view(_D)


def _ldexp2(d, e):
    half = e >> 1
    return (d * _pow2i(half)) * _pow2i(e - half)


def _ldexp3(d, q):
    return (d.view(np.int64) + (q.astype(np.int64) << 52)).view(_D)


def _ilogb2k(d):
    return ((d.view(np.int64) >> 52) & 0x7FF) - 0x3FF


def _exponent_mantissa(d):
    """e = ilogb(d / 0.75), m = d / 2**e in [0.75, 1.5) for positive d (subnormals scaled by 2**64 first)."""
    tiny = d < float.fromhex("0x1p-1022")
    d = np.where(tiny, d * 18446744073709551616.0, d)
    e = _ilogb2k(d * (1.0 / 0.75))
    return np.where(tiny, e - 64, e), _ldexp3(d, -e)


# ---------------------------------------------------------------- exp
_EXP_POLY = (0.2081276378237164457e-8, 0.2511210703042288022e-7, 0.2755762628169491192e-6, 0.2755723402025388239e-5,
             0.2480158687479686264e-4, 0.1984126989855865850e-3, 0.1388888888914497797e-2, 0.8333333333314938210e-2,
             0.4166666666666602598e-1, 0.1666666666666669072e+0)


@_in_blocks
@native.unary(_D)
def exp_u10(d):
    """Sleef_expd_u10: Vectorized<double>::exp()."""
    d = np.asarray(d, _D)
    with errors_ignored():
        u = np.rint(d * _R_LN2)
        q = u.astype(np.int64)
        s = u * -_L2U + d  # (u is an integer below 2^11 and L2U has 42 bits: the product is exact, one rounding)
        s = fma64(u, -_L2L, s)
        s2 = s * s
        s4 = s2 * s2
        u = _poly(s, s2, s4, s4 * s4, _EXP_POLY)
        u = fma64(u, s, 0.5)
        u = fma64(u, s, 1.0)
        u = fma64(u, s, 1.0)
        u = _ldexp2(u, np.where(np.isfinite(d), q, 0))
        u = np.where(d > _LOG_DBL_MAX, _INF, u)
        u = np.where(d < -1000, 0.0, u)
        return np.where(np.isnan(d), d, u)


_EXPK2_POLY = (+0.1602472219709932072e-9, +0.2092255183563157007e-8, +0.2505230023782644465e-7,
               +0.2755724800902135303e-6, +0.2755731892386044373e-5, +0.2480158735605815065e-4,
               +0.1984126984148071858e-3, +0.1388888888886763255e-2, +0.8333333333333347095e-2,
               +0.4166666666666669905e-1)


def _expk2(d):
    """expk2: exp of a double-double, as a double-double."""
    u = (d[0] + d[1]) * _R_LN2
    dq = np.rint(u)
    q = np.where(np.isfinite(dq), dq, 0).astype(np.int64)
    s = _add2_dd_d(d, dq * -_L2U)
    s = _add2_dd_d(s, dq * -_L2L)
    s2 = _squ(s)
    s4 = _squ(s2)
    u = _poly(s[0], s2[0], s4[0], s4[0] * s4[0], _EXPK2_POLY)
    t = _add_d_dd(0.5, _mul_dd_d(s, +0.1666666666666666574e+0))
    t = _add_d_dd(1.0, _mul_dd(t, s))
    t = _add_d_dd(1.0, _mul_dd(t, s))
    t = _add_dd(t, _mul_dd_d(s4, u))
    under = d[0] < -1000
    return np.where(under, 0.0, _ldexp2(t[0], q)), np.where(under, 0.0, _ldexp2(t[1], q))


@_in_blocks
@native.unary(_D)
def expm1_u10(a):
    """Sleef_expm1d_u10: Vectorized<double>::expm1()."""
    a = np.asarray(a, _D)
    with errors_ignored():
        d = _add2_dd_d(_expk2((a, np.zeros_like(a))), -1.0)
        x = d[0] + d[1]
        x = np.where(a > 709.782712893383996732223, _INF, x)
        x = np.where(a < -36.736800569677101399113302437, -1.0, x)
        x = np.where((a == 0) & np.signbit(a), -0.0, x)
        return np.where(np.isnan(a), a, x)


def _hyperbolic(x, sign):
    """(e^|x| + sign e^-|x|) / 2 in double-double (xsinh, xcosh), infinite past |x| = 710; sinh takes x's sign."""
    x = np.asarray(x, _D)
    with errors_ignored():
        d = _expk2((np.abs(x), np.zeros_like(x)))
        e = _rec(d)
        d = _add_dd(d, (sign * e[0], sign * e[1]))
        y = (d[0] + d[1]) * 0.5
        y = np.where((np.abs(x) > 710) | np.isnan(y), _INF, y)
        if sign < 0:
            y = np.copysign(y, x)
        return np.where(np.isnan(x), x, y)


@_in_blocks
@native.unary(_D)
def sinh_u10(x):
    """Sleef_sinhd_u10: Vectorized<double>::sinh()."""
    return _hyperbolic(x, -1)


@_in_blocks
@native.unary(_D)
def cosh_u10(x):
    """Sleef_coshd_u10: Vectorized<double>::cosh()."""
    return _hyperbolic(x, 1)


_EXP2_POLY = (+0.4434359082926529454e-9, +0.7073164598085707425e-8, +0.1017819260921760451e-6,
              +0.1321543872511327615e-5, +0.1525273353517584730e-4, +0.1540353045101147808e-3,
              +0.1333355814670499073e-2, +0.9618129107597600536e-2, +0.5550410866482046596e-1,
              +0.2402265069591012214e+0)


@_in_blocks
@native.unary(_D)
def exp2_u10(d):
    """Sleef_exp2d_u10: Vectorized<double>::exp2()."""
    d = np.asarray(d, _D)
    with errors_ignored():
        u = np.rint(d)
        q = np.where(np.isfinite(u), u, 0).astype(np.int64)
        s = d - u
        s2 = s * s
        s4 = s2 * s2
        u = _poly(s, s2, s4, s4 * s4, _EXP2_POLY)
        u = fma64(u, s, +0.6931471805599452862e+0)
        u = fma64(u, s, 1.0)
        u = _ldexp2(u, q)
        u = np.where(d >= 1024, _INF, u)
        u = np.where(d < -2000, 0.0, u)
        return np.where(np.isnan(d), d, u)


@_in_blocks
@native.unary(_D)
def tanh_u10(x):
    """Sleef_tanhd_u10: Vectorized<double>::tanh()."""
    x = np.asarray(x, _D)
    with errors_ignored():
        y = np.abs(x)
        d = _expk2((y, np.zeros_like(y)))
        e = _rec(d)
        d = _div(_add2_dd(d, (-e[0], -e[1])), _add2_dd(d, e))
        y = d[0] + d[1]
        y = np.where((np.abs(x) > 18.714973875) | np.isnan(y), 1.0, y)
        y = np.copysign(y, x)
        return np.where(np.isnan(x), x, y)


# ---------------------------------------------------------------- log
_LOG_POLY = (0.1532076988502701353e+0, 0.1525629051003428716e+0, 0.1818605932937785996e+0, 0.2222214519839380009e+0,
             0.2857142932794299317e+0, 0.3999999999635251990e+0, 0.6666666666667333541e+0)


def _log_tail(e, x):
    """ln2 * e + 2x + x^3 * P(x^2), the last step of xlog_u1 and xlog1p."""
    x2 = x[0] * x[0]
    x4 = x2 * x2
    t = _poly(x2, x4, x4 * x4, None, _LOG_POLY)
    s = _mul_dd_d(_LN2, e.astype(_D))
    s = _add_dd(s, (x[0] * 2.0, x[1] * 2.0))
    s = _add_dd_d(s, (x2 * x[0]) * t)
    return s[0] + s[1]


@_in_blocks
@native.unary(_D)
def log_u10(d):
    """Sleef_logd_u10 (xlog_u1): Vectorized<double>::log()."""
    d = np.asarray(d, _D)
    with errors_ignored():
        e, m = _exponent_mantissa(d)
        x = _div(_add2(-1.0, m), _add2(1.0, m))
        r = _log_tail(e, x)
        r = np.where(d == _INF, _INF, r)
        r = np.where((d < 0) | np.isnan(d), np.nan, r)
        return np.where(d == 0, -_INF, r)


@_in_blocks
@native.unary(_D)
def log1p_u10(d):
    """Sleef_log1pd_u10: Vectorized<double>::log1p()."""
    d = np.asarray(d, _D)
    with errors_ignored():
        e, _ = _exponent_mantissa(d + 1.0)
        t = _ldexp3(np.ones_like(d), -e)
        m = fma64(d, t, t - 1.0)
        x = _div((m, np.zeros_like(m)), _add(np.full_like(m, 2.0), m))
        r = _log_tail(e, x)
        big = ~(d <= _LOG1P_BOUND)
        if big.any():
            r = np.where(big, log_u10(d), r)
        r = np.where((d < -1) | np.isnan(d), np.nan, r)
        r = np.where(d == -1, -_INF, r)
        return np.where((d == 0) & np.signbit(d), -0.0, r)


_LOGK2_POLY = (0.13860436390467167910856, 0.131699838841615374240845, 0.153914168346271945653214,
               0.181816523941564611721589, 0.22222224632662035403996, 0.285714285511134091777308,
               0.400000000000914013309483)


def _logk2(d):
    """logk2: log of a double-double (d >= 1 here), as a double-double."""
    e = _ilogb2k(d[0] * (1.0 / 0.75))
    m = (_ldexp2(d[0], -e), _ldexp2(d[1], -e))
    x = _div(_add2_dd_d(m, -1.0), _add2_dd_d(m, 1.0))
    x2 = _squ(x)
    x4 = x2[0] * x2[0]
    t = _poly(x2[0], x4, x4 * x4, None, _LOGK2_POLY)
    t = fma64(t, x2[0], 0.666666666666664853302393)
    s = _mul_dd_d(_LN2, e.astype(_D))
    s = _add_dd(s, (x[0] * 2.0, x[1] * 2.0))
    return _add_dd(s, _mul_dd_d(_mul_dd(x2, x), t))


@_in_blocks
@native.unary(_D)
def atanh_u10(x):
    """Sleef_atanhd_u10: Vectorized<double>::atanh()."""
    x = np.asarray(x, _D)
    with errors_ignored():
        y = np.abs(x)
        d = _logk2(_div(_add2(1.0, y), _add2(1.0, -y)))
        r = np.where(y == 1, _INF, (d[0] + d[1]) * 0.5)
        r = np.where(y > 1, np.nan, r)
        r = np.copysign(r, x)
        return np.where(np.isinf(x) | np.isnan(r) | np.isnan(x), np.nan, r)


# ---------------------------------------------------------------- erf
_ERF_NEAR = (-0.2083271002525222097e-14, +0.7151909970790897009e-13, -0.1162238220110999364e-11,
             +0.1186474230821585259e-10, -0.8499973178354613440e-10, +0.4507647462598841629e-9,
             -0.1808044474288848915e-8, +0.5435081826716212389e-8, -0.1143939895758628484e-7,
             +0.1215442362680889243e-7, +0.1669878756181250355e-7, -0.9808074602255194288e-7,
             +0.1389000557865837204e-6, +0.2945514529987331866e-6, -0.1842918273003998283e-5,
             +0.3417987836115362136e-5, +0.3860236356493129101e-5, -0.3309403072749947546e-4,
             +0.1060862922597579532e-3, +0.2323253155213076174e-3, +0.1490149719145544729e-3)
_ERF_FAR = (-0.4024015130752621932e-18, +0.3847193332817048172e-16, -0.1749316241455644088e-14,
            +0.5029618322872872715e-13, -0.1025221466851463164e-11, +0.1573695559331945583e-10,
            -0.1884658558040203709e-9, +0.1798167853032159309e-8, -0.1380745342355033142e-7,
            +0.8525705726469103499e-7, -0.4160448058101303405e-6, +0.1517272660008588485e-5,
            -0.3341634127317201697e-5, -0.2515023395879724513e-5, +0.6539731269664907554e-4,
            -0.3551065097428388658e-3, +0.1210736097958368864e-2, -0.2605566912579998680e-2,
            +0.1252823202436093193e-2, +0.1820191395263313222e-1, -0.1021557155453465954e+0)
_ERF_NEAR_DD = ((0.0092877958392275604405, 7.9287559463961107493e-19),
                (0.042275531758784692937, 1.3785226620501016138e-19),
                (0.07052369794346953491, 9.5846628070792092842e-19))
_ERF_FAR_DD = ((-0.63691044383641748361, -2.4249477526539431839e-17),
               (-1.1282926061803961737, -6.2970338860410996505e-17),
               (-1.2261313785184804967e-05, -5.5329707514490107044e-22))
_EXPK_POLY = (2.51069683420950419527139e-08, 2.76286166770270649116855e-07, 2.75572496725023574143864e-06,
              2.48014973989819794114153e-05, 0.000198412698809069797676111, 0.0013888888939977128960529,
              0.00833333333332371417601081, 0.0416666666665409524128449, 0.166666666666666740681535,
              0.500000000000000999200722)


def _expk(d):
    """expk: exp of a double-double, as a double."""
    dq = np.rint((d[0] + d[1]) * _R_LN2)
    q = np.where(np.isfinite(dq), dq, 0).astype(np.int64)
    s = _add2_dd_d(d, dq * -_L2U)
    s = _normalize(_add2_dd_d(s, dq * -_L2L))
    s2 = s[0] * s[0]
    s4 = s2 * s2
    u = _poly(s[0], s2, s4, s4 * s4, _EXPK_POLY)
    t = _add_d_dd(1.0, s)
    t = _add_dd(t, _mul_dd_d(_squ(s), u))
    return np.where(d[0] < -1000, 0.0, _ldexp2(t[0] + t[1], q))


def _mla_dd(x, y, z):        # ddmla_vd2_vd_vd2_vd2: z + y*x
    return _add_dd(z, _mul_dd_d(y, x))


@_in_blocks
@native.unary(_D)
def erf_u10(a):
    """Sleef_erfd_u10 (xerf_u1): Vectorized<double>::erf(). SLEEF branches on whether a whole vector is at most
    2.5; both branches give each lane the same value, so the lanes select their coefficients here."""
    a = np.asarray(a, _D)
    with errors_ignored():
        x = np.abs(a)
        x2 = x * x
        x4 = x2 * x2
        x8 = x4 * x4
        near = x <= 2.5
        t = _poly(x, x2, x4, x8, [np.where(near, n, f) for n, f in zip(_ERF_NEAR, _ERF_FAR)], x16=x8 * x8)
        c2, c1, c0 = ((np.where(near, n[0], f[0]), np.where(near, n[1], f[1]))
                      for n, f in zip(_ERF_NEAR_DD, _ERF_FAR_DD))
        zero = np.zeros_like(x)
        t2 = _mla_dd(x * x, _mla_dd(x, (t, zero), c2), _mla_dd(x, c1, c0))
        s2 = _add_d_dd(1.0, _mul_dd_d(t2, x))
        for _ in range(4):
            s2 = _squ(s2)
        s2 = _rec(s2)
        far = _expk(t2)
        t2 = (np.where(near, s2[0], far), np.where(near, s2[1], 0.0))
        t2 = _add2_dd_d(t2, -1.0)
        z = -(t2[0] + t2[1])
        z = np.where(x < 1e-8, x * 1.12837916709551262756245475959, z)
        z = np.where(x >= 6, 1.0, z)
        z = np.where(np.isinf(a), 1.0, z)
        z = np.where(a == 0, 0.0, z)
        return np.copysign(z, a)


# ---------------------------------------------------------------- pow
_LOGK_POLY = (0.116255524079935043668677, 0.103239680901072952701192, 0.117754809412463995466069,
              0.13332981086846273921509, 0.153846227114512262845736, 0.181818180850050775676507,
              0.222222222230083560345903, 0.285714285714249172087875, 0.400000000000000077715612)
_LOGK_C = (0.666666666666666629659233, 3.80554962542412056336616e-17)


def _logk(d):
    """logk: log of a positive double, as a double-double."""
    e, m = _exponent_mantissa(d)
    x = _div(_add2(-1.0, m), _add2(1.0, m))
    x2 = _squ(x)
    x4 = x2[0] * x2[0]
    x8 = x4 * x4
    t = _poly(x2[0], x4, x8, x8 * x8, _LOGK_POLY)
    s = _mul_dd_d(_LN2, e.astype(_D))
    s = _add_dd(s, (x[0] * 2.0, x[1] * 2.0))
    x = _mul_dd(x2, x)
    s = _add_dd(s, _mul_dd(x, _LOGK_C))
    x = _mul_dd(x2, x)
    return _add_dd(s, _mul_dd_d(x, t))


@native.binary(_D)
def pow_u10(x, y):
    """Sleef_powd_u10: Vectorized<double>::pow(), x and y broadcast."""
    x, y = np.broadcast_arrays(np.asarray(x, _D), np.asarray(y, _D))
    with errors_ignored():
        yisint = np.rint(y) == y
        half = y * 0.5
        yisodd = (np.rint(half) != half) & yisint
        d = _mul_dd_d(_logk(np.abs(x)), y)
        result = _expk(d)
        result = np.where(d[0] > _LOG_DBL_MAX, _INF, result)
        result = result * np.where(x > 0, 1.0, np.where(yisint, np.where(yisodd, -1.0, 1.0), np.nan))
        efx = np.abs(x) - 1
        efx = np.where(np.signbit(y), -efx, efx)
        at_inf = np.where(efx < 0, 0.0, np.where(efx == 0, 1.0, _INF))
        result = np.where(np.isinf(y), at_inf, result)
        edge = np.where(np.signbit(y) ^ (x == 0), 0.0, _INF)
        edge = np.where(np.signbit(np.where(yisodd, x, 1.0)), -edge, edge)
        result = np.where(np.isinf(x) | (x == 0), edge, result)
        result = np.where(np.isnan(x) | np.isnan(y), np.nan, result)
        return np.where((y == 0) | (x == 1), 1.0, result)
