"""The C library's logarithm family as torch's scalar loops call it: glibc's float `logf`, `asinhf`, `acoshf` and
`atanhf` (x86-64, glibc 2.28-2.40) ported and vectorised, and the platform's own double functions.

`logf` is ARM's optimized-routines algorithm glibc took in 2.28 (sysdeps/ieee754/flt-32/e_logf.c: a 16-entry
table of 1/c and log(c), a cubic in double); `asinhf`, `acoshf` and `atanhf` are Sun fdlibm's float ports
(s_asinhf.c, e_acoshf.c, e_atanhf.c) over `logf`, `log1pf` (kernels/libm.py) and `sqrtf`, computed in float
with every branch evaluated and the right one selected. Arrays of float32 in, float32 out.
"""

import numpy as np

from . import libm, native
from .fma import F, f32
from ..core.numerics import errors_ignored

# ---------------------------------------------------------------- logf (e_logf.c, e_logf_data.c)
_LOGF_INVC = np.array([float.fromhex(h) for h in (
    "0x1.661ec79f8f3bep+0", "0x1.571ed4aaf883dp+0", "0x1.49539f0f010bp+0", "0x1.3c995b0b80385p+0",
    "0x1.30d190c8864a5p+0", "0x1.25e227b0b8eap+0", "0x1.1bb4a4a1a343fp+0", "0x1.12358f08ae5bap+0",
    "0x1.0953f419900a7p+0", "0x1p+0", "0x1.e608cfd9a47acp-1", "0x1.ca4b31f026aap-1",
    "0x1.b2036576afce6p-1", "0x1.9c2d163a1aa2dp-1", "0x1.886e6037841edp-1", "0x1.767dcf5534862p-1")])
_LOGF_LOGC = np.array([float.fromhex(h) for h in (
    "-0x1.57bf7808caadep-2", "-0x1.2bef0a7c06ddbp-2", "-0x1.01eae7f513a67p-2", "-0x1.b31d8a68224e9p-3",
    "-0x1.6574f0ac07758p-3", "-0x1.1aa2bc79c81p-3", "-0x1.a4e76ce8c0e5ep-4", "-0x1.1973c5a611cccp-4",
    "-0x1.252f438e10c1ep-5", "0x0p+0", "0x1.aa5aa5df25984p-5", "0x1.c5e53aa362eb4p-4",
    "0x1.526e57720db08p-3", "0x1.bc2860d22477p-3", "0x1.1058bc8a07ee1p-2", "0x1.4043057b6ee09p-2")])
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_A = [float.fromhex(h) for h in ("-0x1.00ea348b88334p-2", "0x1.5575b0be00b6ap-2", "-0x1.ffffef20a4123p-2")]
_OFF = np.uint32(0x3F330000)


@native.unary(f32)
def logf(x):
    """glibc's logf: x = 2^k z, log(x) = log1p(z/c - 1) + log(c) + k ln2 with c from a 16-entry table."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = x.view(np.uint32)
        subnormal = (ix < 0x00800000) & (ix != 0)
        ix = np.where(subnormal, (x * F(2.0 ** 23)).view(np.uint32) - np.uint32(23 << 23), ix).astype(np.uint32)
        tmp = ix - _OFF
        i = ((tmp >> np.uint32(19)) & np.uint32(15)).astype(np.intp)
        k = (tmp.view(np.int32) >> np.int32(23)).astype(np.float64)
        z = (ix - (tmp & np.uint32(0x1FF << 23))).view(f32).astype(np.float64)
        r = z * _LOGF_INVC[i] - 1
        y0 = _LOGF_LOGC[i] + k * _LOGF_LN2
        r2 = r * r
        y = _LOGF_A[1] * r + _LOGF_A[2]
        y = _LOGF_A[0] * r2 + y
        out = (y * r2 + (y0 + r)).astype(f32)
        out = np.where(x == 1, f32(0), out)
        out = np.where(x == 0, f32(-np.inf), out)
        out = np.where((x < 0) | np.isnan(x), f32(np.nan), out)
        return np.where(x == np.inf, x, out).astype(f32)


# ---------------------------------------------------------------- asinhf, acoshf, atanhf (fdlibm)
_LN2 = F(6.9314718246e-01)
_ONE, _TWO = f32(1), f32(2)


def _branches(x, branches):
    """A function defined by branches, each (mask, f) evaluated on its own elements only (the later masks win)."""
    out = np.zeros_like(x)
    for mask, f in branches:
        if mask.all():
            out = f(x)
        elif mask.any():
            out[mask] = f(x[mask])
    return out


@native.unary(f32)
def asinhf(x):
    """glibc's asinhf: log(2|x|) past 2^14, log(2|x| + 1/(sqrt(x^2+1) + |x|)) past 2, log1p below, x's sign."""
    x = np.asarray(x, f32)
    with errors_ignored():
        ix = x.view(np.int32) & np.int32(0x7FFFFFFF)

        def small(a):
            t = a * a
            return libm.log1pf(a + t / (_ONE + np.sqrt(_ONE + t)))
        w = _branches(np.abs(x), [(ix <= 0x40000000, small),
                                  (ix > 0x40000000, lambda a: logf(_TWO * a + _ONE / (np.sqrt(a * a + _ONE) + a))),
                                  (ix > 0x47000000, lambda a: logf(a) + _LN2)])
        w = np.where(ix < 0x38000000, x, np.copysign(w, x))  # |x| < 2^-14
        return np.where(ix >= 0x7F800000, x + x, w).astype(f32)


@native.unary(f32)
def acoshf(x):
    """glibc's acoshf: log(2x) past 2^28, log(2x - 1/(x + sqrt(x^2-1))) past 2, log1p below, NaN below 1."""
    x = np.asarray(x, f32)
    with errors_ignored():
        hx = x.view(np.int32)

        def small(v):
            t = v - _ONE
            return libm.log1pf(t + np.sqrt(_TWO * t + t * t))
        y = _branches(x, [(hx <= 0x40000000, small),
                          (hx > 0x40000000, lambda v: logf(_TWO * v - _ONE / (v + np.sqrt(v * v - _ONE)))),
                          (hx >= 0x4D800000, lambda v: logf(v) + _LN2)])
        y = np.where(hx == 0x3F800000, f32(0), y)
        y = np.where(hx < 0x3F800000, f32(np.nan), y)  # (negative x too: its bits are negative)
        return np.where(hx >= 0x7F800000, x + x, y).astype(f32)


@native.unary(f32)
def atanhf(x):
    """glibc's atanhf: log1p(2a + 2a*a/(1-a)) / 2 below 0.5, log1p(2a/(1-a)) / 2 above, x's sign."""
    x = np.asarray(x, f32)
    with errors_ignored():
        a = np.abs(x)
        t = a + a
        below = F(0.5) * libm.log1pf(t + t * a / (_ONE - a))
        above = F(0.5) * libm.log1pf((a + a) / (_ONE - a))
        y = np.copysign(np.where(a < F(0.5), below, above), x)
        y = np.where(a < F(2.0 ** -28), x, y)
        y = np.where(a == 1, x / f32(0), y)
        return np.where((a > 1) | np.isnan(x), f32(np.nan), y).astype(f32)
