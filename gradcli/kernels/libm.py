"""The C library's float functions that torch's kernels call for elements their vector loop does not cover
(`std::exp` and kin in the scalar tail of `cpu_kernel_vec`), as GNU libc 2.28-2.40 computes them on x86-64.

`expf` and `exp2f` are glibc's table-driven double-precision algorithms (sysdeps/ieee754/flt-32/e_expf.c,
e_exp2f.c, from ARM's optimized-routines); `expm1f`, `log1pf`, `tanhf`, `sinhf`, `coshf` and `erff` are the Sun
fdlibm float ports of sysdeps/ieee754/flt-32 (s_*.c, e_*.c), computed in float. glibc 2.41 replaced these
fdlibm ones with correctly rounded CORE-MATH versions, so torch on a newer C library can differ from them in the
last bit. Vectorised: every
branch is evaluated and the right one selected. Arrays of float32 in, float32 out.
"""

import numpy as np

from . import native
from .fma import F, f32
from ..core.numerics import errors_ignored

# ---------------------------------------------------------------- expf (e_expf.c, e_exp2f_data.c)
_EXP2F_TABLE = np.array([
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51,
    0x3fef72b83c7d517b, 0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715, 0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429, 0x3feea47eb03a5585,
    0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069,
    0x3fef5818dcfba487, 0x3fef7c97337b9b5f, 0x3fefa4afa2a490da, 0x3fefd0765b6e4540], dtype=np.uint64)
_N = 32
_EXPF_C = [float.fromhex("0x1.c6af84b912394p-5") / _N ** 3, float.fromhex("0x1.ebfce50fac4f3p-3") / _N ** 2,
           float.fromhex("0x1.62e42ff0c52d6p-1") / _N]
_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * _N
_SHIFT = float.fromhex("0x1.8p+52")


@native.unary(f32)
def expf(x):
    """glibc's expf (float32 in, float32 out)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        xd = x.astype(np.float64)
        z = _INV_LN2_N * xd
        kd = z + _SHIFT
        ki = kd.view(np.uint64)
        r = z - (kd - _SHIFT)
        t = _EXP2F_TABLE[(ki % np.uint64(_N)).astype(np.intp)] + (ki << np.uint64(47))
        y = (_EXPF_C[0] * r + _EXPF_C[1]) * (r * r) + (_EXPF_C[2] * r + 1.0)
        out = (y * t.view(np.float64)).astype(f32)
        out = np.where(x > F(88.72283172607421875), f32(np.inf), out)   # 0x1.62e42ep6: overflow
        out = np.where(x < F(-103.97207641601562), f32(0), out)         # -0x1.9fe368p6: underflow
        return np.where(np.isnan(x), x, out).astype(f32)


_EXP2F_C = [float.fromhex("0x1.c6af84b912394p-5"), float.fromhex("0x1.ebfce50fac4f3p-3"),
            float.fromhex("0x1.62e42ff0c52d6p-1")]


@native.unary(f32)
def exp2f(x):
    """glibc's exp2f (e_exp2f.c: expf's table, an unscaled cubic)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        xd = x.astype(np.float64)
        kd = xd + _SHIFT / _N
        ki = kd.view(np.uint64)
        r = xd - (kd - _SHIFT / _N)
        t = _EXP2F_TABLE[(ki % np.uint64(_N)).astype(np.intp)] + (ki << np.uint64(47))
        y = (_EXP2F_C[0] * r + _EXP2F_C[1]) * (r * r) + (_EXP2F_C[2] * r + 1.0)
        out = (y * t.view(np.float64)).astype(f32)
        out = np.where(x >= F(128), f32(np.inf), out)
        out = np.where(x <= F(-150), f32(0), out)
        return np.where(np.isnan(x), x, out).astype(f32)


# ---------------------------------------------------------------- powf (e_powf.c, e_powf_log2_data.c)
_POWF_LOG2 = np.array([float.fromhex(h) for h in (
    "0x1.661ec79f8f3bep+0", "-0x1.efec65b963019p-2", "0x1.571ed4aaf883dp+0", "-0x1.b0b6832d4fca4p-2",
    "0x1.49539f0f010bp+0", "-0x1.7418b0a1fb77bp-2", "0x1.3c995b0b80385p+0", "-0x1.39de91a6dcf7bp-2",
    "0x1.30d190c8864a5p+0", "-0x1.01d9bf3f2b631p-2", "0x1.25e227b0b8eap+0", "-0x1.97c1d1b3b7afp-3",
    "0x1.1bb4a4a1a343fp+0", "-0x1.2f9e393af3c9fp-3", "0x1.12358f08ae5bap+0", "-0x1.960cbbf788d5cp-4",
    "0x1.0953f419900a7p+0", "-0x1.a6f9db6475fcep-5", "0x1p+0", "0x0p+0",
    "0x1.e608cfd9a47acp-1", "0x1.338ca9f24f53dp-4", "0x1.ca4b31f026aap-1", "0x1.476a9543891bap-3",
    "0x1.b2036576afce6p-1", "0x1.e840b4ac4e4d2p-3", "0x1.9c2d163a1aa2dp-1", "0x1.40645f0c6651cp-2",
    "0x1.886e6037841edp-1", "0x1.88e9c2c1b9ff8p-2", "0x1.767dcf5534862p-1", "0x1.ce0a44eb17bccp-2")]).reshape(16, 2)
_POWF_A = [float.fromhex(h) for h in ("0x1.27616c9496e0bp-2", "-0x1.71969a075c67ap-2", "0x1.ec70a6ca7baddp-2",
                                      "-0x1.7154748bef6c8p-1", "0x1.71547652ab82bp0")]


def powf(x, y):
    """glibc's powf for positive normal x and finite nonzero y (what the p-norms need: powf_positive), numpy's
    power (the same specials) elsewhere."""
    x, y = np.asarray(x, f32), np.asarray(y, f32)
    positive = powf_positive(x, y)  # (x and y as given: the twin takes a y of x's shape or a single one)
    if y.ndim == 0:  # (what np.broadcast_arrays makes of them, at half its cost)
        y = np.broadcast_to(y, x.shape)
    elif x.shape != y.shape:  # (np.broadcast_arrays of arrays of one shape is the arrays themselves)
        x, y = np.broadcast_arrays(x, y)
    with errors_ignored():
        ordinary = (x >= F(np.finfo(np.float32).tiny)) & np.isfinite(x) & np.isfinite(y) & (y != 0)
        return np.where(ordinary, positive, np.power(x, y)).astype(f32)


@native.binary(f32)
def powf_positive(x, y):
    """glibc's powf where x is positive and normal and y finite and nonzero: log2 of x from a 16-entry table
    and a quintic in double, times y, then exp2f's table (other operands give meaningless values)."""
    x, y = np.broadcast_arrays(np.asarray(x, f32), np.asarray(y, f32))
    with errors_ignored():
        ix = _bits(x).astype(np.int64) & 0xFFFFFFFF
        tmp = ix - 0x3F330000
        i = (tmp >> 19) % 16
        top = tmp & 0xFF800000
        z = _from_bits((ix - top).astype(np.uint32).view(np.int32)).astype(np.float64)
        k = (top.astype(np.uint32).view(np.int32) >> np.int32(23)).astype(np.float64)
        invc, logc = _POWF_LOG2[i, 0], _POWF_LOG2[i, 1]
        r = z * invc - 1
        r2 = r * r
        q = _POWF_A[4] * r + (logc + k)
        q = (_POWF_A[2] * r + _POWF_A[3]) * r2 + q
        ylogx = y.astype(np.float64) * ((_POWF_A[0] * r + _POWF_A[1]) * (r2 * r2) + q)
        kd = ylogx + _SHIFT / _N
        ki = kd.view(np.uint64)
        r = ylogx - (kd - _SHIFT / _N)
        t = _EXP2F_TABLE[(ki % np.uint64(_N)).astype(np.intp)] + (ki << np.uint64(47))
        out = ((_EXP2F_C[0] * r + _EXP2F_C[1]) * (r * r) + (_EXP2F_C[2] * r + 1.0)) * t.view(np.float64)
        out = out.astype(f32)
        out = np.where(ylogx > float.fromhex("0x1.fffffffd1d571p+6"), f32(np.inf), out)
        return np.where(ylogx <= -150.0, f32(0), out)


# ---------------------------------------------------------------- expm1f (s_expm1f.c)
_LN2_HI, _LN2_LO, _INVLN2 = F(6.9313812256e-01), F(9.0580006145e-06), F(1.4426950216e+00)
_Q = [F(q) for q in (-3.3333335072e-02, 1.5873016091e-03, -7.9365076090e-05, 4.0082177293e-06, -2.0109921195e-07)]


def _bits(x):
    return x.view(np.int32)


def _from_bits(i):
    return np.asarray(i, np.int32).view(f32)


@native.unary(f32)
def expm1f(x):
    """glibc's expm1f (fdlibm)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        hx = _bits(x) & np.int32(0x7FFFFFFF)
        negative = np.signbit(x)
        # argument reduction: x = hi - lo = k*ln2 + r
        near = hx < 0x3F851592  # |x| < 1.5 ln2: k = +-1
        kf = (_INVLN2 * x + np.where(negative, F(-0.5), F(0.5))).astype(np.int32)  # C truncation
        k = np.where(near, np.where(negative, -1, 1), kf).astype(np.int32)
        t = k.astype(f32)
        hi = np.where(near, np.where(negative, x + _LN2_HI, x - _LN2_HI), x - t * _LN2_HI)
        lo = np.where(near, np.where(negative, -_LN2_LO, _LN2_LO), t * _LN2_LO)
        reduced = hx > 0x3EB17218  # |x| > 0.5 ln2
        k = np.where(reduced, k, 0).astype(np.int32)
        xr = np.where(reduced, hi - lo, x)
        c = np.where(reduced, (hi - xr) - lo, f32(0))
        # x is now in the primary range
        hfx = F(0.5) * xr
        hxs = xr * hfx
        r1 = f32(1) + hxs * (_Q[0] + hxs * (_Q[1] + hxs * (_Q[2] + hxs * (_Q[3] + hxs * _Q[4]))))
        t = F(3.0) - r1 * hfx
        e = hxs * ((r1 - t) / (F(6.0) - xr * t))
        no_k = xr - (xr * e - hxs)
        e = (xr * (e - c) - c) - hxs
        k_minus1 = F(0.5) * (xr - e) - F(0.5)
        k_plus1 = np.where(xr < F(-0.25), F(-2.0) * (e - (xr + F(0.5))), f32(1) + F(2.0) * (xr - e))
        shift = k << np.int32(23)
        y_big = _from_bits(_bits(f32(1) - (e - xr)) + shift) - f32(1)           # k <= -2 or k > 56
        small_t = _from_bits(np.int32(0x3F800000) - (np.int32(0x1000000) >> np.clip(k, 0, 31)))
        y_small = _from_bits(_bits(small_t - (e - xr)) + shift)                  # k < 23
        y_mid = _from_bits(_bits((xr - (e + _from_bits((np.int32(0x7F) - k) << np.int32(23)))) + f32(1)) + shift)
        y = np.where((k <= -2) | (k > 56), y_big, np.where(k < 23, y_small, y_mid))
        y = np.where(k == 1, k_plus1, np.where(k == -1, k_minus1, y))
        y = np.where(k == 0, no_k, y)
        y = np.where(hx < 0x33000000, x, y)                                      # |x| < 2**-25
        y = np.where((hx >= 0x4195B844) & negative, f32(-1), y)                   # x < -27 ln2
        y = np.where((hx >= 0x42B17218) & ~negative & (x > F(8.8721679688e+01)), f32(np.inf), y)
        return np.where(np.isnan(x), x, y).astype(f32)


# ---------------------------------------------------------------- log1pf (s_log1pf.c)
_LP = [F(c) for c in (6.6666668653e-01, 4.0000000596e-01, 2.8571429849e-01, 2.2222198546e-01, 1.8183572590e-01,
                      1.5313838422e-01, 1.4798198640e-01)]


@native.unary(f32)
def log1pf(x):
    """glibc's log1pf (fdlibm)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        hx = _bits(x)
        ax = hx & np.int32(0x7FFFFFFF)
        direct = (hx < 0x3ED413D7) & ((hx > 0) | (hx <= np.int32(-0x416A09E1)))  # -0.2929 < x < 0.41422: k = 0
        u = np.where(hx < 0x5A000000, f32(1) + x, x)
        hu = _bits(u)
        k = (hu >> np.int32(23)) - np.int32(127)
        c = np.where(hx < 0x5A000000, np.where(k > 0, f32(1) - (u - x), x - (u - f32(1))) / u, f32(0))
        hu = hu & np.int32(0x007FFFFF)
        low = hu < 0x3504F7
        u = np.where(low, _from_bits(hu | np.int32(0x3F800000)), _from_bits(hu | np.int32(0x3F000000)))
        k = np.where(low, k, k + 1)
        hu = np.where(low, hu, (np.int32(0x00800000) - hu) >> np.int32(2))
        f = np.where(direct, x, u - f32(1))
        k = np.where(direct, 0, k).astype(np.int32)
        hu = np.where(direct, 1, hu)
        c = np.where(direct, f32(0), c)
        kf = k.astype(f32)
        hfsq = F(0.5) * f * f
        # |f| < 2**-20
        r_small = hfsq * (f32(1) - F(0.66666666666666666) * f)
        tiny_f = np.where(k == 0, f - r_small, kf * _LN2_HI - ((r_small - (kf * _LN2_LO + c)) - f))
        tiny_f = np.where(f == 0, np.where(k == 0, f32(0), kf * _LN2_HI + (c + kf * _LN2_LO)), tiny_f)
        s = f / (F(2.0) + f)
        z = s * s
        r = z * (_LP[0] + z * (_LP[1] + z * (_LP[2] + z * (_LP[3] + z * (_LP[4] + z * (_LP[5] + z * _LP[6]))))))
        y = np.where(k == 0, f - (hfsq - s * (hfsq + r)),
                     kf * _LN2_HI - ((hfsq - (s * (hfsq + r) + (kf * _LN2_LO + c))) - f))
        y = np.where(hu == 0, tiny_f, y)
        small = ax < 0x31000000  # |x| < 2**-29
        y = np.where(small, np.where(ax < 0x24800000, x, x - x * x * F(0.5)), y)
        y = np.where(x == -1, f32(-np.inf), np.where(x < -1, f32(np.nan), y))
        return np.where((hx >= 0x7F800000) | np.isnan(x), x + x, y).astype(f32)


# ---------------------------------------------------------------- tanhf (s_tanhf.c)
@native.unary(f32)
def tanhf(x):
    """glibc's tanhf (fdlibm, through expm1f)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = _bits(x) & np.int32(0x7FFFFFFF)
        a = np.abs(x)
        big_t = expm1f(F(2.0) * a)
        small_t = expm1f(F(-2.0) * a)
        z = np.where(ix >= 0x3F800000, f32(1) - F(2.0) / (big_t + F(2.0)), -small_t / (small_t + F(2.0)))
        z = np.where(ix >= 0x41B00000, f32(1), z)  # |x| >= 22
        z = np.where(np.signbit(x), -z, z)
        z = np.where(ix < 0x24000000, x * (f32(1) + x), z)  # |x| < 2**-55
        return np.where(np.isnan(x) | (x == 0), x, z).astype(f32)


@native.unary(f32)
def sinhf(x):
    """glibc's sinhf (e_sinhf.c, fdlibm: expm1f below 22, expf above, in two halves near overflow)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = _bits(x) & np.int32(0x7FFFFFFF)
        a = np.abs(x)
        h = np.where(np.signbit(x), F(-0.5), F(0.5))
        t = expm1f(a)
        z = np.where(ix < 0x3F800000, h * (F(2.0) * t - t * t / (t + f32(1))), h * (t + t / (t + f32(1))))
        z = np.where(ix < 0x31800000, x, z)  # |x| < 2**-28
        z = np.where(ix >= 0x41B00000, h * expf(a), z)  # |x| >= 22
        w = expf(F(0.5) * a)
        z = np.where(ix >= 0x42B17180, (h * w) * w, z)
        z = np.where(ix > 0x42B2D4FC, x * F(1.0e37), z)  # overflow
        return np.where(ix >= 0x7F800000, x + x, z).astype(f32)


@native.unary(f32)
def coshf(x):
    """glibc's coshf (e_coshf.c, fdlibm: expm1f below ln2/2, expf above, in two halves near overflow)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = _bits(x) & np.int32(0x7FFFFFFF)
        a = np.abs(x)
        t = expm1f(a)
        w = f32(1) + t
        small = f32(1) + (t * t) / (w + w)
        e = expf(a)
        z = np.where(ix < 0x3EB17218, small, F(0.5) * e + F(0.5) / e)
        z = np.where(ix < 0x24000000, f32(1), z)
        z = np.where(ix >= 0x41B00000, F(0.5) * e, z)  # |x| >= 22
        half = expf(F(0.5) * a)
        z = np.where(ix >= 0x42B17180, (F(0.5) * half) * half, z)
        z = np.where(ix > 0x42B2D4FC, F(1.0e30) * F(1.0e30), z)  # overflow
        return np.where(ix >= 0x7F800000, x * x, z).astype(f32)


# ---------------------------------------------------------------- erff (s_erff.c)
_ERX, _EFX = F(8.4506291151e-01), F(1.2837916613e-01)
_PP = [F(c) for c in (1.2837916613e-01, -3.2504209876e-01, -2.8481749818e-02, -5.7702702470e-03, -2.3763017452e-05)]
_QQ = [F(c) for c in (3.9791721106e-01, 6.5022252500e-02, 5.0813062117e-03, 1.3249473704e-04, -3.9602282413e-06)]
_PA = [F(c) for c in (-2.3621185683e-03, 4.1485610604e-01, -3.7220788002e-01, 3.1834661961e-01, -1.1089469492e-01,
                      3.5478305072e-02, -2.1663755178e-03)]
_QA = [F(c) for c in (1.0642088205e-01, 5.4039794207e-01, 7.1828655899e-02, 1.2617121637e-01, 1.3637083583e-02,
                      1.1984500103e-02)]
_RA = [F(c) for c in (-9.8649440333e-03, -6.9385856390e-01, -1.0558626175e+01, -6.2375331879e+01, -1.6239666748e+02,
                      -1.8460508728e+02, -8.1287437439e+01, -9.8143291473e+00)]
_SA = [F(c) for c in (1.9651271820e+01, 1.3765776062e+02, 4.3456588745e+02, 6.4538726807e+02, 4.2900814819e+02,
                      1.0863500214e+02, 6.5702495575e+00, -6.0424413532e-02)]
_RB = [F(c) for c in (-9.8649431020e-03, -7.9928326607e-01, -1.7757955551e+01, -1.6063638306e+02, -6.3756646729e+02,
                      -1.0250950928e+03, -4.8351919556e+02)]
_SB = [F(c) for c in (3.0338060379e+01, 3.2579251099e+02, 1.5367296143e+03, 3.1998581543e+03, 2.5530502930e+03,
                      4.7452853394e+02, -2.2440952301e+01)]


def _horner(s, coefficients):
    """c0 + s*(c1 + s*(c2 + ...)), innermost first, as the C source nests it."""
    acc = coefficients[-1]
    for c in reversed(coefficients[:-1]):
        acc = c + s * acc
    return acc


@native.unary(f32)
def erff(x):
    """glibc's erff (fdlibm)."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = _bits(x) & np.int32(0x7FFFFFFF)
        negative = np.signbit(x)
        z = x * x
        y = _horner(z, _PP) / _horner(z, [f32(1)] + _QQ)
        near0 = x + x * y
        near0 = np.where(ix < 0x31800000, np.where(ix < 0x04000000, F(0.0625) * (F(16.0) * x + (F(16.0) * _EFX) * x),
                                                   x + _EFX * x), near0)
        s = np.abs(x) - f32(1)
        pq = _horner(s, _PA) / _horner(s, [f32(1)] + _QA)
        near1 = np.where(negative, -_ERX - pq, _ERX + pq)
        a = np.abs(x)
        s = f32(1) / (a * a)
        inner = ix < 0x4036DB6E
        r = np.where(inner, _horner(s, _RA), _horner(s, _RB))
        big_s = np.where(inner, _horner(s, [f32(1)] + _SA), _horner(s, [f32(1)] + _SB))
        zz = _from_bits(_bits(a) & np.int32(-0x1000))
        r = expf(-zz * zz - F(0.5625)) * expf((zz - a) * (zz + a) + r / big_s)
        tail = np.where(negative, r / a - f32(1), f32(1) - r / a)
        y = np.where(ix < 0x3F580000, near0, np.where(ix < 0x3FA00000, near1, tail))
        y = np.where(ix >= 0x40C00000, np.where(negative, f32(-1), f32(1)), y)
        return np.where(np.isnan(x), x, y).astype(f32)


# ---------------------------------------------------------------- erf in double (s_erf.c), for estimates
# fdlibm's double erf (Sun Microsystems 1993, freely distributable with this notice; glibc's dbl-64 s_erf.c):
# the same four ranges as erff, with double coefficients, and numpy's exp for __ieee754_exp. numpy's float64
# exp is within an ulp, so this is within a couple of double ulps of glibc's erf (math.erf) and, rounded to
# float, equal to it but for the rare input whose value lies that close to a float's rounding boundary.
_D = float
_ERX64, _EFX64 = _D("8.45062911510467529297e-01"), _D("1.28379167095512586316e-01")
_EFX8_64 = _D("1.02703333676410069053e+00")
_INNER64 = float(np.uint64(0x4006DB6E00000000).view(np.float64))  # the source's high-word test, ~1/0.35
_PP64 = (1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02,
         -5.77027029648944159157e-03, -2.37630166566501626084e-05)
_QQ64 = (1.0, 3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03,
         1.32494738004321644526e-04, -3.96022827877536812320e-06)
_PA64 = (-2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01,
         3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02,
         -2.16637559486879084300e-03)
_QA64 = (1.0, 1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02,
         1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02)
_RA64 = (-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01,
         -6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02,
         -8.12874355063065934246e+01, -9.81432934416914548592e+00)
_SA64 = (1.0, 1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02,
         6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02,
         6.57024977031928170135e+00, -6.04244152148580987438e-02)
_RB64 = (-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01,
         -1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03,
         -4.83519191608651397019e+02)
_SB64 = (1.0, 3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03,
         3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02,
         -2.24409524465858183362e+01)


def erf64(x):
    """erf in float64, vectorised (fdlibm's algorithm; see above for how close to math.erf), in blocks whose
    temporaries stay in the CPU cache."""
    x = np.asarray(x, np.float64)
    if x.size <= _ERF_BLOCK:
        return _erf64(x)
    flat = x.reshape(-1)
    out = np.empty(flat.shape, np.float64)
    for start in range(0, flat.size, _ERF_BLOCK):
        out[start:start + _ERF_BLOCK] = _erf64(flat[start:start + _ERF_BLOCK])
    return out.reshape(x.shape)


_ERF_BLOCK = 1 << 14


def _erf64(x):
    """Every range evaluated on the whole block and the right one selected (cheaper than boolean gathers)."""
    with errors_ignored():
        a = np.abs(x)
        negative = np.signbit(x)
        z = x * x
        out = x + x * (_horner(z, _PP64) / _horner(z, _QQ64))
        out = np.where(a < 2.0 ** -28, np.where(a < 2.0 ** -1022, 0.125 * (8.0 * x + _EFX8_64 * x), x + _EFX64 * x),
                       out)
        s = a - 1.0
        pq = _horner(s, _PA64) / _horner(s, _QA64)
        near1 = np.where(negative, -_ERX64 - pq, _ERX64 + pq)
        s = 1.0 / z
        inner = a < _INNER64
        r = np.where(inner, _horner(s, _RA64), _horner(s, _RB64))
        big_s = np.where(inner, _horner(s, _SA64), _horner(s, _SB64))
        zz = (a.view(np.uint64) & np.uint64(0xFFFFFFFF00000000)).view(np.float64)
        r = np.exp(-zz * zz - 0.5625) * np.exp((zz - a) * (zz + a) + r / big_s)
        tail = np.where(negative, r / a - 1.0, 1.0 - r / a)
        out = np.where(a < 0.84375, out, np.where(a < 1.25, near1, np.where(a < 6.0, tail, np.where(negative, -1.0, 1.0))))
        return np.where(np.isnan(x), x, out)


# ---------------------------------------------------------------- the C library's double functions
def c_double(function, fallback, arguments=1):
    """The element-wise kernel of `function`, one of Python's math module's, over float64 arrays (broadcast,
    one per argument): math calls the platform's C library, as torch's scalar loops do (numpy's float64
    functions may be a vector library's). Where math raises instead of returning the C library's infinity or
    NaN (math.atanh(1.0), math.exp(1000.0)), numpy's `fallback` gives that special value. A function of math's
    has a compiled twin (native) where gradcli_accel has `c_<its name>`: the same C function over the array."""
    def safe(*v):
        try:
            return function(*v)
        except (ValueError, OverflowError):
            with errors_ignored():
                return float(fallback(*v))

    def kernel(*arrays):
        if len(arrays) == 1:  # (broadcast_arrays costs more than a small array's elements)
            arrays = (np.asarray(arrays[0], np.float64),)
        else:
            arrays = np.broadcast_arrays(*(np.asarray(a, np.float64) for a in arrays))
        values = [a.reshape(-1).tolist() for a in arrays]
        n = arrays[0].size
        try:  # (math's own function, mapped without a Python frame per element, unless one raises)
            flat = np.fromiter(map(function, *values), np.float64, n)
        except (ValueError, OverflowError):
            flat = np.fromiter(map(safe, *values), np.float64, n)
        return flat.reshape(arrays[0].shape)
    if getattr(function, "__module__", None) != "math":  # (a function of Python's own: no C twin)
        return kernel
    kernel.__name__ = kernel.__qualname__ = "c_" + function.__name__
    return (native.unary if arguments == 1 else native.binary)(np.float64)(kernel)
