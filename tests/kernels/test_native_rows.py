"""native.whole_row, the compiled shortcut of a small contiguous cpu_kernel_vec row: the same array as
loops._one_row with the ports (the scalar tail below one block, the vector code on whole blocks), and None
where the row mixes the two or the array is not one it can take."""

import numpy as np
import pytest

from gradcli.core.numerics import errors_ignored
from gradcli.kernels import libm, loops, native, sleef, sleef64, unary

pytestmark = pytest.mark.skipif(native.compiled() is None, reason="gradcli_accel is not installed (pip install ./accel)")

PAIRS = [(sleef.sinhf_u10, libm.sinhf, np.float32), (sleef.exp2f_u10, libm.exp2f, np.float32),
         (sleef64.sinh_u10, unary._C_SINH, np.float64)]


@pytest.mark.parametrize("vector, scalar, dtype", PAIRS, ids=lambda v: getattr(v, "__name__", str(v)))
@pytest.mark.parametrize("shape", [(3, 4), (1,), (31,), (32,), (2, 32), (64,), (8, 8, 2)])
def test_a_row_of_one_kernel_is_the_ports(vector, scalar, dtype, shape):
    x = np.random.default_rng(sum(shape)).uniform(-6, 6, shape).astype(dtype)
    block = 2 * loops.width(dtype)
    got = native.whole_row(x, vector, scalar, loops.one_row_vector_elements(x))
    if x.size > block and x.size % block:  # both kernels in one row: the ports' path
        assert got is None
        return
    with errors_ignored():
        expected = loops._one_row([x], vector.pure, scalar.pure, block // 2)
    assert got is not None and got.dtype == expected.dtype and got.shape == expected.shape
    assert got.tobytes() == expected.tobytes() and got.flags.c_contiguous


def test_what_it_leaves_to_the_ports():
    vector, scalar = sleef.sinhf_u10, libm.sinhf
    x = np.linspace(-2, 2, 40, dtype=np.float32)

    def row(a, vector=vector, scalar=scalar):
        return native.whole_row(a, vector, scalar, loops.one_row_vector_elements(a))
    assert row(np.linspace(-2, 2, 2 * loops.width(np.float32) + 8, dtype=np.float32)) is None  # both kernels
    assert row(x[:20][::2]) is None  # strided
    assert row(x[:20].astype(np.float64)) is None  # not the twin's dtype
    assert row(np.ones((), np.float32)) is None  # 0-d
    assert row(x[:20], lambda v: v, lambda v: v) is None  # no twin: a formula of the ports
