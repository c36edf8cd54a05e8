"""torch's element-wise float kernels, bit for bit where their arithmetic is open: each function takes and
returns a numpy array and computes what torch 2.13's CPU kernel computes for that dtype.

- ATen's `cpu_kernel_vec` kernels (sigmoid, silu, elu, softplus, tanh-GELU, rsqrt, pow): SLEEF's vector
  functions for the 2 * Vec::size() blocks, the C library's for the rest (kernels/loops.py); the activations
  decorated @native.activation run as one compiled pass where gradcli_accel is installed.
- `vml` kernels (expm1, log1p; exp, log, tanh, sin, cos, erf for float16): SLEEF for every element.
- GELU of a contiguous float32 tensor: oneDNN's JIT kernel (a minimax polynomial on AVX512 machines,
  Abramowitz-Stegun with its own exp on AVX2 ones).
- float32 and float64 exp, log, log2, log10, sqrt, sin, cos, tan, asin, acos, atan, tanh, erf, erfc and erfinv
  run Intel MKL's closed-source VML (VML_HA), which we cannot port: `vml` calls MKL itself when the optional
  mkl extra is installed (bit for bit); without it `vml_estimate` rounds the float64 result once for float32
  exp/log/tanh/sin/cos/erf, which agrees with MKL for 93-99.9% of elements (docs/exactness.md), and the rest
  stay numpy's.
"""

import math
from types import SimpleNamespace

import numpy as np

from . import cpu, iteration, libm, libm_log, loops, mkl, native, sleef, sleef64
from .fma import F, f32, fma32, fma64
from ..core.numerics import errors_ignored

_F16 = np.dtype(np.float16)


def _float_kernel(x, vector, scalar, grain=iteration.GRAIN_SIZE):
    """cpu_kernel_vec for float32, and for float16 as torch runs it: in float32, rounded once per element,
    with float16's Vec::size()."""
    x = np.asarray(x)
    out = native.whole_row(x, vector, scalar, loops.one_row_vector_elements(x, grain))  # (a small tensor: the
    if out is not None:                                                                  # port's steps cost more)
        return out
    with errors_ignored():
        if x.dtype == _F16:
            return loops.pointwise(x, lambda v: vector(v.astype(f32)).astype(_F16),
                                   lambda v: scalar(v.astype(f32)).astype(_F16), loops.width(_F16), grain=grain)
        return loops.pointwise(x, vector, scalar, loops.width(f32), grain=grain)


def _floats(x):
    return np.asarray(x).dtype in (np.float32, np.float16)


def _double_kernel(x, vector, scalar, grain=iteration.GRAIN_SIZE):
    """cpu_kernel_vec for float64: SLEEF's double functions and the C library's."""
    x = np.asarray(x)
    out = native.whole_row(x, vector, scalar, loops.one_row_vector_elements(x, grain))
    if out is not None:
        return out
    if x.size > _BLOCK:
        vector = in_blocks(vector)
    with errors_ignored():
        return loops.pointwise(x, vector, scalar, loops.width(np.float64), grain=grain)


_BLOCK = 1 << 14  # float64 elements: the exact multiply-adds' temporaries stay in the CPU cache (twice as fast)


def in_blocks(function):
    """An element-wise function of flat float64 arrays applied a block at a time to long ones."""
    def blocked(*arrays):
        n = arrays[0].size
        if n <= _BLOCK:
            return function(*arrays)
        out = np.empty(n)
        for start in range(0, n, _BLOCK):
            out[start:start + _BLOCK] = function(*(a[start:start + _BLOCK] for a in arrays))
        return out
    return blocked


# ---------------------------------------------------------------- one precision's element functions
class Arithmetic:
    """What one precision's kernels are made of: `kernel` (cpu_kernel_vec for it), `vector` (SLEEF's functions:
    vector.exp, .expm1, .log1p, .tanh, .erf, .log), `scalar` (the C library's, by the same names), its fused
    multiply-add and `const`, which makes a C++ literal or scalar of that precision."""

    def __init__(self, kernel, const, fma, vector, scalar):
        self.kernel, self.const, self.fma = kernel, const, fma
        self.vector, self.scalar = SimpleNamespace(**vector), SimpleNamespace(**scalar)


SINGLE = Arithmetic(_float_kernel, F, fma32,
                    dict(exp=sleef.expf_u10, expm1=sleef.expm1f_u10, log1p=sleef.log1pf_u10, tanh=sleef.tanhf_u10,
                         erf=sleef.erf_aten, log=sleef.logf_u10),
                    dict(exp=libm.expf, expm1=libm.expm1f, log1p=libm.log1pf, tanh=libm.tanhf, erf=libm.erff,
                         log=libm_log.logf))
DOUBLE = Arithmetic(_double_kernel, np.float64, fma64,
                    dict(exp=sleef64.exp_u10, expm1=sleef64.expm1_u10, log1p=sleef64.log1p_u10,
                         tanh=sleef64.tanh_u10, erf=sleef64.erf_u10, log=sleef64.log_u10),
                    dict(exp=libm.c_double(math.exp, np.exp), expm1=libm.c_double(math.expm1, np.expm1),
                         log1p=libm.c_double(math.log1p, np.log1p), tanh=libm.c_double(math.tanh, np.tanh),
                         erf=libm.c_double(math.erf, np.sign),  # (math.erf never raises)
                         log=libm.c_double(math.log, np.log)))


def arithmetic(*arrays):
    """The Arithmetic torch's kernels use for these arrays' dtype (float16's is float32's), None for others."""
    a = arrays[0]
    if len(arrays) == 1 and a.__class__ is np.ndarray:  # (np.result_type costs more than a small kernel's step)
        m = _ARITHMETIC.get(a.dtype)
        if m is not None:
            return m
    dtype = np.result_type(*arrays)
    return SINGLE if dtype in (f32, _F16) else DOUBLE if dtype == np.float64 else None


_ARITHMETIC = {np.dtype(f32): SINGLE, _F16: SINGLE, np.dtype(np.float64): DOUBLE}


# ---------------------------------------------------------------- activations (Activation.cpp, UnaryOpsKernel.cpp)
@native.activation
def sigmoid(x):
    """torch.sigmoid: 1 / (1 + exp(-x))."""
    m = arithmetic(x)
    if m is None:
        return 1 / (1 + np.exp(-x))
    one, zero = m.const(1), m.const(0)
    return m.kernel(x, lambda v: one / (one + m.vector.exp(zero - v)), lambda v: one / (one + m.scalar.exp(-v)))


@native.activation
def silu(x):
    """torch.nn.functional.silu: x / (1 + exp(-x))."""
    m = arithmetic(x)
    if m is None:
        return x / (1 + np.exp(-x))
    one = m.const(1)
    return m.kernel(x, *(lambda v, f=f: v / (one + f.exp(-v)) for f in (m.vector, m.scalar)))


@native.activation
def elu(x, alpha=1.0, scale=1.0, input_scale=1.0):
    """torch.nn.functional.elu (and selu's arithmetic): expm1 below zero, a scaling above."""
    m = arithmetic(x)
    if m is None:
        return np.where(x > 0, x * scale, np.expm1(x * input_scale) * (alpha * scale))
    negcoef, poscoef, negiptcoef = m.const(alpha) * m.const(scale), m.const(scale), m.const(input_scale)
    return m.kernel(x, lambda v: np.where(v >= 0, v * poscoef, m.vector.expm1(v * negiptcoef) * negcoef),
                    lambda v: np.where(v < 0, m.scalar.expm1(v * negiptcoef) * negcoef, v * poscoef))


@native.activation
def softplus(x, beta=1.0, threshold=20.0):
    """torch.nn.functional.softplus: log1p(exp(beta * x)) / beta, x itself above the threshold."""
    m = arithmetic(x)
    if m is None:
        return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)
    b, t = m.const(beta), m.const(threshold)
    return m.kernel(x, *(lambda v, f=f: np.where(v * b > t, v, f.log1p(f.exp(v * b)) / b)
                         for f in (m.vector, m.scalar)))


def log_sigmoid_buffer(x):
    """exp(-|x|), the buffer torch's log_sigmoid forward kernel keeps for its backward (Activation.cpp): SLEEF's
    exp for every element (the kernel's tail is a partial vector); float16 in float32, rounded once."""
    x = np.asarray(x)
    m = arithmetic(x)
    if m is None:
        return np.exp(-np.abs(x))
    flat = (x.astype(f32) if x.dtype == _F16 else x).reshape(-1)
    with errors_ignored():
        out = m.vector.exp(-np.abs(flat)) if m is SINGLE else in_blocks(lambda a: m.vector.exp(-np.abs(a)))(flat)
    return out.reshape(x.shape)


def log_sigmoid(x):
    """torch's log_sigmoid forward: min(x, 0) - log1p(exp(-|x|)), SLEEF's log1p for every element."""
    x = np.asarray(x)
    buffer = log_sigmoid_buffer(x)
    m = arithmetic(x)
    if m is None:
        return np.minimum(x, 0) - np.log1p(buffer)
    with errors_ignored():
        log1p = m.vector.log1p(buffer) if m is SINGLE else in_blocks(m.vector.log1p)(buffer.reshape(-1))
    return (np.minimum(buffer.dtype.type(0), x.astype(buffer.dtype)) - log1p.reshape(x.shape)).astype(x.dtype)


_C_EXP2 = libm.c_double(getattr(math, "exp2", lambda v: 2.0 ** v), np.exp2)  # (math.exp2: Python 3.11)
_C_SINH = libm.c_double(math.sinh, np.sinh)
_C_COSH = libm.c_double(math.cosh, np.cosh)


def exp2(x):
    """torch.exp2."""
    return _vector_kernel(x, (sleef.exp2f_u10, libm.exp2f), (sleef64.exp2_u10, _C_EXP2), np.exp2)


def sinh(x):
    """torch.sinh."""
    return _vector_kernel(x, (sleef.sinhf_u10, libm.sinhf), (sleef64.sinh_u10, _C_SINH), np.sinh)


def cosh(x):
    """torch.cosh."""
    return _vector_kernel(x, (sleef.coshf_u10, libm.coshf), (sleef64.cosh_u10, _C_COSH), np.cosh)


def _vector_kernel(x, single, double, fallback):
    """cpu_kernel_vec of one function: its (vector, scalar) pair for float32/float16 or for float64."""
    x = np.asarray(x)
    m = _ARITHMETIC.get(x.dtype)
    if m is None:
        return fallback(x)
    vector, scalar = double if m is DOUBLE else single
    return m.kernel(x, vector, scalar)


M_2_SQRTPI, M_SQRT1_2 = 1.12837916709551257390, 0.70710678118654752440  # <cmath>'s
GELU_BETA = math.sqrt(2.0) * M_2_SQRTPI * 0.5  # M_SQRT2 * M_2_SQRTPI * 0.5, as ATen writes it
GELU_KAPPA = 0.044715


def gelu(x, approximate="none"):
    """torch.nn.functional.gelu."""
    x = np.asarray(x)
    m = arithmetic(x)
    if m is None:
        return x * 0.5 * (1 + np.vectorize(math.erf)(x / np.sqrt(2.0)))
    half, one = m.const(0.5), m.const(1)
    # GeluKernelImpl splits more than 16,384 elements evenly between the threads
    grain = x.size // cpu.num_threads() if x.size > 16384 else iteration.GRAIN_SIZE
    if approximate == "tanh":
        beta, kappa = m.const(GELU_BETA), m.const(GELU_KAPPA)

        def make(f):  # the compiler fuses x + kappa * x^3
            return lambda v: (half * v) * (one + f.tanh(beta * m.fma(kappa, v * v * v, v)))
        return m.kernel(x, make(m.vector), make(m.scalar), grain)
    if x.dtype == np.float32 and x.size > 1 and x.flags.c_contiguous:  # torch hands these to oneDNN
        from . import onednn  # (GELU's own kernel: imported by the first GELU, not by every command)
        return onednn.gelu_erf(x, cpu.capability())
    sqrt1_2 = m.const(M_SQRT1_2)

    def make_erf(f):
        return lambda v: (v * half) * (one + f.erf(v * sqrt1_2))
    return m.kernel(x, make_erf(m.vector), make_erf(m.scalar), grain)


# ---------------------------------------------------------------- inverse hyperbolic functions (UnaryOpsKernel.cpp)
_C_ASINH = libm.c_double(math.asinh, np.arcsinh)
_C_ACOSH = libm.c_double(math.acosh, np.arccosh)
_C_ATANH = libm.c_double(math.atanh, np.arctanh)


def asinh(x):
    """torch.asinh: the C library's asinh on every element (ATen's kernel for it has no vector code)."""
    return _vector_kernel(x, (libm_log.asinhf, libm_log.asinhf), (_C_ASINH, _C_ASINH), np.arcsinh)


def acosh(x):
    """torch.acosh: the C library's acosh on every element."""
    return _vector_kernel(x, (libm_log.acoshf, libm_log.acoshf), (_C_ACOSH, _C_ACOSH), np.arccosh)


def atanh(x):
    """torch.atanh: SLEEF's atanh over the vector blocks, the C library's over the rest."""
    return _vector_kernel(x, (sleef.atanhf_u10, libm_log.atanhf), (sleef64.atanh_u10, _C_ATANH), np.arctanh)


# ---------------------------------------------------------------- powers
def rsqrt(x):
    """torch.rsqrt of float32/64: 1 / sqrt(x), two roundings in both the vector and the scalar code (float16
    differs from torch in the last bit now and then: its kernel is not this)."""
    x = np.asarray(x)
    with errors_ignored():
        return (x.dtype.type(1) / np.sqrt(x)).astype(x.dtype)


def pow_scalar(x, exponent):
    """torch.pow(tensor, number) for a float tensor: float32 and float64 take x*x, x*x*x and 1/(x*x) for 2, 3
    and -2, SLEEF's pow otherwise (float32's scalar tail calls the double-precision pow, float64's the C
    library's); float16 always runs SLEEF's powf with the exponent rounded to float16. (0 and 1 are torch's
    fill and copy; for float32 and float64 0.5, -0.5 and -1 its sqrt, rsqrt and reciprocal.)"""
    x = np.asarray(x)
    e = float(exponent)
    if x.dtype == np.float64 and e not in (0.0, 1.0, 0.5, -0.5, -1.0, 2.0, 3.0, -2.0):
        return _double_kernel(x, lambda v: sleef64.pow_u10(v, e), lambda v: _C_POW(v, e))
    if not (_floats(x) or x.dtype == np.float64) or e in (0.0, 1.0) or (x.dtype != _F16 and e in (0.5, -0.5, -1.0)):
        raise ValueError("pow_scalar handles float tensors and the exponents torch does not special-case")
    with errors_ignored():
        if x.dtype == _F16:
            e = float(np.float16(e))
        elif e == 2.0:
            return x * x
        elif e == 3.0:
            return x * x * x
        elif e == -2.0:
            return x.dtype.type(1) / (x * x)
        return _float_kernel(x, lambda v: sleef.powf_u10(v, F(e)),
                             lambda v: np.power(v.astype(np.float64), e).astype(f32))


_C_POW = libm.c_double(math.pow, np.power, arguments=2)


def pow_tensors(x, y):
    """torch.pow(tensor, tensor) of float32 (float16 computed in float32, rounded once) or float64 operands of
    one dtype: SLEEF's pow in the vector blocks, the C library's in the rest."""
    x, y = np.asarray(x), np.asarray(y)
    if x.dtype == np.float64 and y.dtype == x.dtype:
        with errors_ignored():
            return loops.pointwise([x, y], in_blocks(sleef64.pow_u10), _C_POW, loops.width(x.dtype))
    if not _floats(x) or y.dtype != x.dtype:
        return np.power(x, y)

    def vector(a, b):
        return sleef.powf_u10(a.astype(f32, copy=False), b.astype(f32, copy=False)).astype(x.dtype, copy=False)

    def scalar(a, b):
        return libm.powf(a.astype(f32, copy=False), b.astype(f32, copy=False)).astype(x.dtype, copy=False)
    with errors_ignored():
        return loops.pointwise([x, y], vector, scalar, loops.width(x.dtype))


# ---------------------------------------------------------------- vml functions
def expm1(x):
    """torch.expm1."""
    return _vml(x, sleef.expm1f_u10, sleef64.expm1_u10 if np.asarray(x).dtype == np.float64 else np.expm1)


def log1p(x):
    """torch.log1p."""
    return _vml(x, sleef.log1pf_u10, sleef64.log1p_u10 if np.asarray(x).dtype == np.float64 else np.log1p)


_VECTORIZED = {"exp": sleef.expf_u10, "log": sleef.logf_u10, "tanh": sleef.tanhf_u10, "erf": sleef.erf_aten,
               "sin": sleef.sinf_u35, "cos": sleef.cosf_u35}
# the functions torch's x86 wheels hand to MKL's VML for float32/float64 (ATen's vml.h; not expm1, log1p, sinh,
# cosh), by MKL's name
MKL_NAMES = {"exp": "Exp", "log": "Ln", "log2": "Log2", "log10": "Log10", "sqrt": "Sqrt", "sin": "Sin",
             "cos": "Cos", "tan": "Tan", "asin": "Asin", "acos": "Acos", "atan": "Atan", "tanh": "Tanh",
             "erf": "Erf", "erfc": "Erfc", "erfinv": "ErfInv"}


def vml(name, x, fallback):
    """torch.<name> (a key of MKL_NAMES) of a float array: float32/float64 through Intel MKL's VML when the mkl
    extra is installed (kernels/mkl.py), bit for bit; without it float32 exp/log/tanh/sin/cos/erf as
    vml_estimate gives them; float16 exp/log/tanh/sin/cos/erf as torch computes them (SLEEF); fallback(x),
    numpy's function, for the rest."""
    x = np.asarray(x)
    kind = x.dtype.char
    if kind in "fd":
        out = mkl.vml(MKL_NAMES[name], x)
        if out is not None:
            return out
    if kind in "fe" and name in _VECTORIZED:
        return vml_estimate(name, x)
    return fallback(x)


def vml_kernel(name, fallback):
    """vml(name, x, fallback) as a function of an array x, with vml's choice made once per dtype: without MKL
    (whether it is installed is looked up once) the estimate or the fallback itself, without vml's steps on
    every call (a 3x4 tensor's exp is a few hundred nanoseconds of numpy)."""
    chosen = {}
    _CHOICES.append(chosen)

    def kernel(x):
        function = chosen.get(x.dtype)
        if function is None:
            function = chosen[x.dtype] = _vml_choice(name, x.dtype, fallback)
        return function(x)
    return kernel


_CHOICES = []  # every vml_kernel's choices, by dtype


def forget_vml_choices():
    """Make every vml_kernel choose again at its next call (after a test changes what is installed)."""
    for chosen in _CHOICES:
        chosen.clear()


def _vml_choice(name, dtype, fallback):
    if mkl.available():
        return lambda x: vml(name, x, fallback)
    if dtype.char == "f" and name in _ESTIMATED:
        function = _ESTIMATED[name]
        return native.rounded_once(name, function, _rounded_once)
    if dtype.char == "e" and name in _VECTORIZED:
        return lambda x: vml_estimate(name, x)
    return fallback


def vml_estimate(name, x):
    """torch.exp/log/tanh/sin/cos/erf of float32/float16 x without MKL: float16 bit for bit (SLEEF through vml's
    generic path); float32 the float64 value rounded once, the nearest we can get to MKL's VML without its code."""
    x = np.asarray(x)
    if x.dtype.char == "e":
        return _vml(x, _VECTORIZED[name], None)
    return _rounded_once(_ESTIMATED[name], x)


def _rounded_once(function, x):
    """function's float64 value of float32 x, rounded to float32, a cache-sized block at a time."""
    if x.size <= _BLOCK:
        return function(x.astype(np.float64)).astype(f32)
    out = np.empty(x.shape, f32)
    flat, target = x.reshape(-1), out.reshape(-1)
    for start in range(0, flat.size, _BLOCK):
        target[start:start + _BLOCK] = function(flat[start:start + _BLOCK].astype(np.float64))
    return out


def _tanh64(x):
    """tanh of float64 x to within a few float64 ulps, faster than np.tanh (whose float64 loop has no vector
    code): tanh|x| = -m / (2 + m) with m = expm1(-2|x|), which keeps small |x| exact where 1 - exp(-2|x|)
    would cancel; the sign copied back. (Over every 7th float32 pattern it rounds to np.tanh's float32.)"""
    x = np.asarray(x)  # (then the methods: np.shape and np.reshape are Python wrappers, dearer than tanh of a few)
    shape, x = x.shape, x.reshape(-1)  # (a 0-d array's results would be numpy scalars, without out=)
    m = np.abs(x)
    m *= -2.0
    np.expm1(m, out=m)
    result = m + 2.0
    np.divide(m, result, out=result)  # negative: -tanh|x|, and copysign takes only the magnitude
    return np.copysign(result, x, out=result).reshape(shape)


_BLOCK = 1 << 15  # elements
# the float64 functions vml_estimate rounds (the float32 function's errors: no errstate)
_ESTIMATED = {"exp": np.exp, "log": np.log, "tanh": _tanh64, "sin": np.sin, "cos": np.cos, "erf": libm.erf64}


def _vml(x, sleef_function, fallback):
    """vml::v<op>: vec::map over the whole array, the last partial vector through the vector code too."""
    x = np.asarray(x)
    with errors_ignored():
        if x.dtype == np.float32:
            return sleef_function(x)
        if x.dtype == _F16:
            return sleef_function(x.astype(f32)).astype(_F16)
        return fallback(x)


def sqrt(x):
    """torch.sqrt: float32/64 through MKL's VML when it is installed (its float32 roots are not always correctly
    rounded), numpy's correctly rounded root otherwise and for half precision."""
    return vml("sqrt", x, np.sqrt)
