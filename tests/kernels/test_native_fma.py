"""fma.py's one-operand twin beyond test_native.py's battery: one_minus_square32 (fmaf(-y, y, 1)) at the float32
ties of 1 - y*y, where the port redoes the element with fma32, against the exact value rounded once (half to
even). Below |y| = 1/8 the double 1 - y*y is inexact but never lands on a tie (every float32 in [2**-16, 1/8)
checked when the twin was written; below, 1 - y*y is within 2**-32 of 1, where float32 has no tie)."""

from fractions import Fraction

import numpy as np
import pytest

from gradcli.kernels import fma, native
from test_native import battery, same

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")

_LOW_BITS, _MIDPOINT = np.uint64((1 << 29) - 1), np.uint64(1 << 28)


def ties():
    """float32 y where the double 1 - y*y (exact for these) lies halfway between two float32, both signs."""
    y = np.concatenate([np.arange(1, 2 ** m) / 2.0 ** m for m in (13, 14, 16, 20)]
                       + [np.arange(2 ** 10, 2 ** 15) / 2.0 ** 10]).astype(np.float32)
    wide = y.astype(np.float64)
    total = 1.0 - wide * wide
    y = y[(total.view(np.uint64) & _LOW_BITS) == _MIDPOINT]
    return np.concatenate([y, -y])


def test_one_minus_square_is_rounded_once_at_its_ties():
    y = ties()
    assert y.size > 2000
    got = fma.one_minus_square32(y)
    same(got, fma.one_minus_square32.pure(y))
    for v, g in zip(y.tolist()[::37], got.tolist()[::37]):
        exact = 1 - Fraction(v) ** 2
        assert Fraction(float(exact)) == exact  # (exact as a double: its float32 rounding is the one rounding)
        assert g == float(np.float32(float(exact)))


def test_one_minus_square_of_random_bits():
    bits = np.random.default_rng(5).integers(0, 2 ** 32, 200000, dtype=np.uint64).astype(np.uint32)
    y = np.concatenate([bits.view(np.float32), battery(np.float32)])
    with np.errstate(all="ignore"):
        same(fma.one_minus_square32(y), fma.one_minus_square32.pure(y))
