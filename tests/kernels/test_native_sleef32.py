"""The float32 SLEEF twins (accel/src/sleef32.c) against sleef.py beyond test_native.py's battery: a sweep of
float32 bit patterns across the whole line (every exponent, NaNs of both signs with quiet and signalling
payloads), and powf_u10's two-operand domains (negative bases with odd and even integer powers, huge powers,
the infinities and zeros of each operand)."""

import numpy as np
import pytest

from gradcli.kernels import native, sleef
from test_native import same, unary_kernels

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")


def identical(got, want):
    """test_native's same(), and NaNs too with the same bits (sign and payload: a NaN input's comes through)."""
    same(got, want)
    differ = np.flatnonzero(got.view(np.uint32) != want.view(np.uint32))
    assert not differ.size, f"{differ.size} NaNs differ, first: got {got[differ][:5]}, want {want[differ][:5]}"

UNARY = unary_kernels(np.float32, "sleef")


def bit_patterns(step=16411):
    """Every step-th float32 bit pattern (a prime step: all exponents and NaN payloads of both signs), as many
    as a multiple of 64: numpy's loops pick a NaN operand by lane, and its tail lanes pick otherwise."""
    bits = np.arange(0, 1 << 32, step, dtype=np.uint64).astype(np.uint32)
    return bits[:bits.size // 64 * 64].view(np.float32)


@pytest.mark.parametrize("kernel", UNARY, ids=lambda k: k.__name__)
def test_a_sweep_of_bit_patterns(kernel):
    x = bit_patterns()
    with np.errstate(all="ignore"):
        identical(kernel(x), kernel.pure(x))


POWERS = np.float32([0, -0.0, 1, -1, 2, -2, 3, -3, 0.5, -0.5, 1.5, 2.5, 7, -7, 10, 31, -31, 100.5, 1 << 24,
                     (1 << 24) + 2, -(1 << 25), 1 << 31, 3e9, 1e-30, -1e-30, 1e30, np.inf, -np.inf, np.nan])
BASES = np.float32([0, -0.0, 1, -1, 2, -2, 0.5, -0.5, 1 + 2 ** -23, 1 - 2 ** -24, -1 - 2 ** -23, 3.7, -3.7, 1e-40,
                    -1e-40, 1e38, -1e38, np.inf, -np.inf, np.nan])


def test_powf_on_the_grid_of_bases_and_powers():
    rng = np.random.default_rng(3)
    bases = np.concatenate([BASES, rng.standard_normal(300).astype(np.float32) * 4])
    x, y = (v.ravel().copy() for v in np.meshgrid(bases, POWERS))
    with np.errstate(all="ignore"):
        identical(sleef.powf_u10(x, y), sleef.powf_u10.pure(x, y))
        for power in POWERS:
            identical(sleef.powf_u10(x, power), sleef.powf_u10.pure(x, power))
