"""sleef64's compiled twins beyond test_native.py's battery: pow over the domains of its second operand, every
kernel on random bit patterns, and the values where the twins are exact and the ports are not (Dekker's
split in product_error and the fma64 emulation overflows for an operand above about 1.3e300: the twins' fma
does not, and they give torch's values there)."""

import numpy as np
import pytest

from gradcli.kernels import native, sleef64
from test_native import same, unary_kernels

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")

UNARY = unary_kernels(np.float64, "sleef64")
rng = np.random.default_rng(3)
BITS = rng.integers(0, 2**64, 20000, dtype=np.uint64).view(np.float64)
NEAR_ONE = np.concatenate([1 + rng.standard_normal(2000) * s for s in (1e-16, 1e-12, 1e-6, 1e-2)])


@pytest.mark.parametrize("kernel", UNARY, ids=lambda k: k.__name__)
def test_a_twin_gives_its_ports_bits_on_random_bit_patterns(kernel):
    with np.errstate(all="ignore"):
        same(kernel(BITS), kernel.pure(BITS))


def pow_domains():
    n = NEAR_ONE.size
    magnitudes = np.exp(rng.uniform(-700, 700, n))
    return {"x > 0, y at every scale": (magnitudes, rng.standard_normal(n) * 10),
            "x < 0, y an integer (odd and even)": (-magnitudes, np.rint(rng.standard_normal(n) * 40)),
            "x < 0, y not an integer": (-magnitudes, rng.standard_normal(n) + 0.5),
            "x near 1, y large": (NEAR_ONE, np.exp(rng.uniform(-40, 40, n)) * rng.choice([-1, 1], n)),
            "x, y random bits": (BITS, rng.permutation(BITS)),
            "x and y special": tuple(np.array(np.meshgrid(*[[0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0,
                                                             np.inf, -np.inf, np.nan, 1e-310, 1e300]] * 2)
                                              ).reshape(2, -1))}


@pytest.mark.parametrize("domain", sorted(pow_domains()))
def test_pow_gives_its_ports_bits_over_its_operands_domains(domain):
    x, y = (np.ascontiguousarray(v) for v in pow_domains()[domain])
    with np.errstate(all="ignore"):
        same(sleef64.pow_u10(x, y), sleef64.pow_u10.pure(x, y))
        for scalar in (2.0, -0.5, 1e300, -np.inf):
            same(sleef64.pow_u10(x, scalar), sleef64.pow_u10.pure(x, scalar))


# torch 2.13's values (Vectorized<double> on 16 elements), where the ports' Dekker split overflows
EXACT_ONLY_IN_C = [("sinh_u10", (694.77099121,), 2.7175508128854855e+301),
                   ("cosh_u10", (702.33307555,), 5.228163657197717e+304),
                   ("log1p_u10", (2e301,), 693.7712601717677),
                   ("pow_u10", (-1.0, -1.87269300e+300), 1.0)]


@pytest.mark.parametrize("name, args, torch_value", EXACT_ONLY_IN_C)
def test_a_twin_is_exact_where_its_port_is_not(name, args, torch_value):
    kernel = getattr(sleef64, name)
    arrays = [np.full(16, v) for v in args]
    assert kernel(*arrays).tolist() == [torch_value] * 16
