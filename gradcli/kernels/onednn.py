"""oneDNN's JIT GELU (erf form), which torch runs for a contiguous float32 tensor of two or more elements
(`gelu_out_cpu` hands it to ideep's eltwise_gelu_erf).

Ports of oneDNN `src/cpu/x64/injectors/jit_uni_eltwise_injector.cpp` (Apache License 2.0), v3.x: on AVX512
machines a piecewise minimax polynomial of degree 5 over 24 intervals of |x| (the interval from the top bits
of x), on AVX2 machines Abramowitz-Stegun 7.1.26 with oneDNN's own exp. Every multiply-add in them is an FMA
instruction.
"""

import numpy as np

from .fma import f32, fma32, horner32
from ..core.numerics import errors_ignored


def _constants(words):
    return np.array(words, dtype=np.uint32).view(f32)


# gelu_erf_minimax_pol: coefficient of degree d (row d) of the polynomial for interval i (column i)
_MINIMAX = _constants([
    [0xa6f2cb94, 0x32827792, 0x3381cc0c, 0x34523d4a, 0x351ac44d, 0x35f36d88, 0x36ee8229, 0x37b8a3bb, 0x3867a213,
     0x3940033b, 0x3a2a5a1d, 0x3ae35863, 0x3b7828f2, 0x3c08b14b, 0x3c515ed3, 0xbb503236, 0xbd8d8e5e, 0xbe8abcd9,
     0xbf0c19a2, 0xbeccb328, 0x3e176ced, 0x3f470d99, 0x3f7abb28, 0x3f800000, 0x00000000],
    [0x3f4c422a, 0x3f4c421f, 0x3f4c4207, 0x3f4c41cb, 0x3f4c413b, 0x3f4c3fad, 0x3f4c3a2f, 0x3f4c2d40, 0x3f4c146a,
     0x3f4bc341, 0x3f4ad08c, 0x3f48f8cf, 0x3f45fac7, 0x3f404e07, 0x3f3b980f, 0x3f48dff3, 0x3f78b21b, 0x3fbb0704,
     0x40019c32, 0x3fe536d6, 0x3f81331e, 0x3e6c8684, 0x3c98f936, 0x00000000, 0x3f800000],
    [0xb62173f4, 0x3735e4cf, 0x37f2ff89, 0x388c23be, 0x3917535c, 0x39ab2ab0, 0x3a60fadb, 0x3af9b960, 0x3b6e5491,
     0x3c0a4ec5, 0x3ca5aa8c, 0x3d2138d9, 0x3d8737d4, 0x3ddfb660, 0x3e0f27ab, 0x3d94004b, 0xbe0efdeb, 0xbf1d96c3,
     0xbf89db58, 0xbf6d9897, 0xbef69fb8, 0xbdc4f8a8, 0xbbde6422, 0x00000000, 0x00000000],
    [0xbe081a19, 0xbe084570, 0xbe08639b, 0xbe089837, 0xbe08f409, 0xbe09ab95, 0xbe0b66d0, 0xbe0e400a, 0xbe124df8,
     0xbe1bde02, 0xbe2f19c9, 0xbe4931bf, 0xbe685fbc, 0xbe89c95f, 0xbe96cbca, 0xbe8044aa, 0xbe0550f2, 0x3dcfd6a1,
     0x3e94c826, 0x3e79345f, 0x3decec91, 0x3ca46568, 0x3aa1e00a, 0x00000000, 0x00000000],
    [0xba3d61db, 0x39f097a3, 0x3a5845dc, 0x3ab1fa35, 0x3b0cefb8, 0x3b653ab6, 0x3bcae527, 0x3c221712, 0x3c6c5840,
     0x3cc0a703, 0x3d1dcc19, 0x3d63656d, 0x3d955907, 0x3dbf9910, 0x3dd53f69, 0x3db7dcef, 0x3d639ebe, 0xba6ede48,
     0xbd22be69, 0xbd041cf1, 0xbc64f5ab, 0xbb097a32, 0xb8ebf380, 0x00000000, 0x00000000],
    [0x3cb7d80c, 0x3c9b6050, 0x3c978d11, 0x3c92e850, 0x3c8d058b, 0x3c848454, 0x3c6cd623, 0x3c4c824b, 0x3c2a7935,
     0x3be0b390, 0x3b0651ac, 0xbb232f53, 0xbbd42fa0, 0xbc2c5366, 0xbc492c9e, 0xbc2a7aa6, 0xbbd55d04, 0xba823a76,
     0x3b102aa8, 0x3ae25a7e, 0x3a31f792, 0x38b84375, 0x3689bb5a, 0x00000000, 0x00000000],
])
_INDEX_BIAS = np.int32(np.uint32(0xC21FFFFF).view(np.int32))
_RIGHT_BOUND = _constants(0x40B15CEE)


def _gelu_minimax(x):
    a = np.abs(x)
    index = np.clip((a.view(np.int32) + _INDEX_BIAS) >> np.int32(21), 1, 24)
    index = np.where(_RIGHT_BOUND < a, 23, index)
    poly = horner32(a, [_MINIMAX[degree][index] for degree in range(5, -1, -1)])
    poly = np.where(np.signbit(x), -poly, poly) + f32(1)
    return (x * poly) * f32(0.5)


_EXP_POLY = _constants([0x3F7FFFFB, 0x3EFFFEE3, 0x3E2AAD40, 0x3D2B9D0D, 0x3C07CFCE])
_AS_POLY = _constants([0x3E827906, 0xBE91A98E, 0x3FB5F0E3, 0xBFBA00E3, 0x3F87DC22])
_LN_FLT_MIN, _LN_FLT_MAX, _LOG2E, _LN2 = _constants([0xC2AEAC50, 0x42B17218, 0x3FB8AA3B, 0x3F317218])
_AS_P, _ONE_OVER_SQRT2 = _constants([0x3EA7BA05, 0x3F3504F3])


def _exp(x):
    """exp_compute_vector_fwd: 2**n * exp(r), the polynomial by FMAs, 2**(n-1) * 2 to reach 2**128."""
    underflow = x < _LN_FLT_MIN
    x = np.maximum(np.minimum(x, _LN_FLT_MAX), _LN_FLT_MIN)
    fx = np.floor(x * _LOG2E + f32(0.5))
    r = fma32(-fx, _LN2, x)
    power = ((np.rint(fx - f32(1)).astype(np.int32) + np.int32(127)) << np.int32(23)).view(f32)
    power = np.where(underflow, f32(0), power)
    poly = horner32(r, [_EXP_POLY[4], _EXP_POLY[3], _EXP_POLY[2], _EXP_POLY[1], _EXP_POLY[0], f32(1)])
    return (poly * power) * f32(2)


def _gelu_abramowitz_stegun(s):
    x = s * _ONE_OVER_SQRT2
    t = f32(1) / fma32(_AS_P, np.abs(x), f32(1))
    e = -_exp(-(x * x)) * t
    r = horner32(t, _AS_POLY[::-1])
    erf = fma32(e, r, f32(1))
    erf = np.where(np.signbit(s), -erf, erf)
    half = f32(0.5) * s
    return fma32(erf, half, half)


def gelu_erf(x, capability):
    """GELU of a float32 array as oneDNN computes it on a machine of the given capability."""
    with errors_ignored():
        return (_gelu_minimax(x) if capability == "avx512" else _gelu_abramowitz_stegun(x)).astype(f32)


_ONE_OVER_SQRT_PI = _constants(0x3F106EBA)


def gelu_erf_backward(grad, x):
    """oneDNN's GELU (erf) backward on float32 (every ISA: Abramowitz-Stegun with its exp): the derivative
    T + 1/2 + erf/2, T = r/sqrt(pi) exp(-r^2) for r = x/sqrt(2), times the incoming gradient."""
    with errors_ignored():
        r = x * _ONE_OVER_SQRT2
        q = _exp(-(r * r))
        t = (r * _ONE_OVER_SQRT_PI) * q
        w = f32(1) / fma32(_AS_P, np.abs(r), f32(1))
        poly = horner32(w, _AS_POLY[::-1])
        erf = fma32(-q * w, poly, f32(1))
        erf = np.where(np.signbit(r), -erf, erf)
        derivative = fma32(erf, f32(0.5), t + f32(0.5))
        return (derivative * grad).astype(f32)
