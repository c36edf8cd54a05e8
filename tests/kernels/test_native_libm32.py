"""The glibc float32 twins (accel/src/libm32.c) beyond test_native.py's battery: a sweep of float32 bit patterns
at every exponent, the neighbours of each threshold the ports test on a float's bits, powf_positive on its own
domain (positive normal x, exponents of every size), and powf the same whether powf_positive is compiled or
not. Skipped where gradcli_accel is not installed."""

import numpy as np
import pytest

from gradcli.kernels import libm, native
from test_native import same, unary_kernels

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")

UNARY = unary_kernels(np.float32, "libm", "libm_log")
# the bit patterns the kernels compare |x| (or x) with, as s_expm1f.c, s_log1pf.c and the others write them
THRESHOLDS = (0x00800000, 0x04000000, 0x24000000, 0x24800000, 0x31000000, 0x31800000, 0x33000000, 0x38000000,
              0x3EB17218, 0x3ED413D7, 0x3F000000, 0x3F330000, 0x3F580000, 0x3F800000, 0x3F851592, 0x3FA00000,
              0x40000000, 0x4036DB6E, 0x40C00000, 0x416A09E1, 0x4195B844, 0x41B00000, 0x42B17180, 0x42B17218,
              0x42B2D4FC, 0x47000000, 0x4D800000, 0x5A000000, 0x7F800000)


def sweep():
    """Every 4099th float32 bit pattern (each exponent, both signs, NaNs) and each threshold's neighbours."""
    near = np.array(THRESHOLDS, np.int64)[:, None] + np.arange(-3, 4)
    near = np.concatenate([near.ravel(), near.ravel() | 0x80000000])
    bits = np.concatenate([np.arange(0, 2 ** 32, 4099, dtype=np.int64), near])
    return bits.astype(np.uint32).view(np.float32)


@pytest.mark.parametrize("kernel", UNARY, ids=lambda k: k.__name__)
def test_a_unary_twin_gives_its_ports_bits_on_every_exponent(kernel):
    x = sweep()
    with np.errstate(all="ignore"):
        same(kernel(x), kernel.pure(x))


def test_powf_positive_gives_its_ports_bits_on_its_domain():
    rng = np.random.default_rng(3)
    x = np.concatenate([np.exp2(rng.uniform(-126, 128, 20000)), rng.uniform(0.5, 2, 20000)]).astype(np.float32)
    y = np.concatenate([rng.standard_normal(20000) * 4, np.round(rng.uniform(-40, 40, 20000))]).astype(np.float32)
    with np.errstate(all="ignore"):
        same(libm.powf_positive(x, y), libm.powf_positive.pure(x, y))
        for p in (2, 3, 0.5, 1 / 3, -1, 1e-3, 150):
            same(libm.powf_positive(x, np.float32(p)), libm.powf_positive.pure(x, np.float32(p)))


def test_powf_is_the_same_with_the_compiled_powf_positive_or_the_port(monkeypatch):
    x = sweep()
    y = np.random.default_rng(4).permutation(sweep())
    with np.errstate(all="ignore"):
        compiled = [libm.powf(x, y)] + [libm.powf(x, np.float32(p)) for p in (2, 0.5, -3, 0)]
        monkeypatch.setattr(libm, "powf_positive", libm.powf_positive.pure)
        ported = [libm.powf(x, y)] + [libm.powf(x, np.float32(p)) for p in (2, 0.5, -3, 0)]
    for got, want in zip(compiled, ported):
        same(got, want)
