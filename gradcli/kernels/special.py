"""Special functions as ATen's Math.h computes them (numpy has none of these and gradcli does not use scipy):
erfinv (a rational first guess, then two Newton steps), digamma and polygamma (recurrence to large x, then the
asymptotic series; polygamma(n >= 2) through the Hurwitz zeta), lgamma, erf and erfc (per element from Python's
math module, which is libm's), each computed in double and rounded to the array's dtype.
"""

import math

import numpy as np

from . import libm

_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (8.33333333333333333333E-2, -2.10927960927960927961E-2, 7.57575757575757575758E-3,
              -4.16666666666666666667E-3, 3.96825396825396825397E-3, -8.33333333333333333333E-3,
              8.33333333333333333333E-2)


def _per_element(fn, x, domain_error=math.nan):
    """fn(float) over an array, in double with C's rules (x / 0 is inf, not an exception), rounded back to x's
    floating dtype; `domain_error` where Python's math refuses an argument that C answers with a value."""
    flat = libm.c_double(fn, lambda v: domain_error)(np.asarray(x, np.float64))
    return flat.astype(x.dtype if x.dtype.kind == "f" else np.float32)


def erf(x):
    return _per_element(math.erf, x)


def erfc(x):
    return _per_element(math.erfc, x)


def lgamma(x):
    return _per_element(math.lgamma, x, domain_error=math.inf)  # the poles (0, -1, -2, ...)


def _digamma(x):
    if x == 0:
        return math.copysign(math.inf, -x)
    if x < 0:
        if x == math.trunc(x):
            return math.nan
        r = math.modf(x)[0]
        return _digamma(1 - x) - np.pi / np.tan(np.pi * r)
    result = 0.0
    while x < 10:
        result -= 1 / x
        x += 1
    if x == 10:
        return result + _PSI_10
    y = 0.0
    if x < 1.0e17:
        z = 1.0 / (x * x)
        p = 0.0
        for a in _DIGAMMA_A:
            p = p * z + a
        y = z * p
    return result + math.log(x) - (0.5 / x) - y


def digamma(x):
    return _per_element(lambda v: _digamma(v) if math.isfinite(v) else (math.inf if v > 0 else math.nan), x)


def _trigamma(x):
    sign, result = 1.0, 0.0
    if x < 0.5:
        sign = -1.0
        sin_pi_x = np.sin(np.pi * x)
        result -= (math.pi * math.pi) / (sin_pi_x * sin_pi_x)
        x = 1 - x
    for _ in range(6):
        result += 1 / (x * x)
        x += 1
    ixx = 1 / (x * x)
    result += (1 + 1 / (2 * x) + ixx * (1. / 6 - ixx * (1. / 30 - ixx * (1. / 42)))) / x
    return sign * result


_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18)


def _zeta(x, q):
    """The Hurwitz zeta function, Cephes' zeta as ATen's Math.h has it (Euler-Maclaurin summation)."""
    machep = 1.11022302462515654042E-16
    if x == 1:
        return math.inf
    if x < 1:
        return math.nan
    if q <= 0:
        if q == -math.inf or q == math.floor(q):
            return math.inf
        if x != math.floor(x):
            return math.nan
    s = _power(q, -x)
    a, i, b = q, 0, 0.0
    while i < 9 or a <= 9:
        i += 1
        a += 1
        b = _power(a, -x)
        s += b
        if s != 0 and abs(b / s) < machep:  # (C's b / 0 is inf or nan, never below machep)
            return s
    w = a
    s += b * w / (x - 1)
    s -= 0.5 * b
    a, k = 1.0, 0.0
    for j in range(12):
        a *= x + k
        b /= w
        t = a * b / _ZETA_A[j]
        s += t
        if s != 0 and abs(t / s) < machep:
            return s
        k += 1
        a *= x + k
        b /= w
        k += 1
    return s


def _power(base, exponent):
    """C's pow: +-inf where Python's ** raises OverflowError ((-1e-300) ** -3 is -inf)."""
    with np.errstate(all="ignore"):
        return float(np.float64(base) ** exponent)


def polygamma(n, x):
    """The n-th derivative of digamma."""
    if n == 0:
        return digamma(x)
    if n == 1:
        return _per_element(_trigamma, x)
    factor = (1.0 if n % 2 else -1.0) * math.exp(math.lgamma(n + 1.0))
    return _per_element(lambda v: factor * _zeta(n + 1, v), x)


_ERFINV_A = (0.886226899, -1.645349621, 0.914624893, -0.140543331)
_ERFINV_B = (-2.118377725, 1.442710462, -0.329097515, 0.012229801)
_ERFINV_C = (-1.970840454, -1.624906493, 3.429567803, 1.641345311)
_ERFINV_D = (3.543889200, 1.637067800)


def _erfinv(y):
    y_abs = abs(y)
    if y_abs > 1.0 or math.isnan(y):
        return math.nan
    if y_abs == 1.0:
        return math.copysign(math.inf, y)
    a, b, c, d = _ERFINV_A, _ERFINV_B, _ERFINV_C, _ERFINV_D
    if y_abs <= 0.7:
        z = y * y
        num = ((a[3] * z + a[2]) * z + a[1]) * z + a[0]
        dem = (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1.0
        x = y * num / dem
    else:
        z = math.sqrt(-math.log((1.0 - y_abs) / 2.0))
        num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0]
        dem = (d[1] * z + d[0]) * z + 1.0
        x = math.copysign(num, y) / dem
    for _ in range(2):  # Newton-Raphson steps
        x = x - (math.erf(x) - y) / ((2.0 / math.sqrt(math.pi)) * math.exp(-x * x))
    return x


def erfinv(x):
    return _per_element(_erfinv, x)
