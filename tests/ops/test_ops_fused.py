"""Kernels that torch's compiler fuses into a multiply-add (tanh_backward, addcmul, add/sub with alpha, lerp: one
rounding where numpy's separate operations round twice) and addcdiv's order of operations, bit for bit against torch's recorded answers
(tests/golden/ops/fused.json.gz, made by make_fused.py). The ordinary golden tests allow an ulp or two; a value
printed with all its digits (`x.grad[0].item()`) does not. (float32 tanh itself is Intel MKL's in torch and
may differ from gradcli's by an ulp, docs/exactness.md: the kernel is checked on torch's own outputs.)"""

import functools
import gzip
import json

import numpy as np
import pytest

from conftest import GOLDEN, mkl_golden
from gradcli.kernels import mkl
from gradcli.ops.rows import arithmetic, elementwise as functions
from gradcli.core.tensor import Tensor

DTYPES = ("float32", "float64", "float16")


@functools.lru_cache(maxsize=None)
def load(path=GOLDEN / "ops" / "fused.json.gz"):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return json.load(f)["cases"]


def array(dtype, key):
    return np.array(load()[dtype][key], dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_tanh_backward_is_torchs_bit_for_bit(dtype):
    got = functions.tanh_backward(Tensor(array(dtype, "g")), Tensor(array(dtype, "y")))
    assert got.array.dtype == dtype
    np.testing.assert_array_equal(got.array, array(dtype, "tanh_backward"))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", ["1", "0.3", "-2.5"])
def test_addcmul_is_torchs_bit_for_bit(dtype, value):
    a, b, c = (Tensor(array(dtype, key)) for key in "abc")
    got = arithmetic.addcmul(a, b, c, value=float(value) if "." in value else int(value))
    np.testing.assert_array_equal(got.array, np.array(load()[dtype]["addcmul"][value], dtype=dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("weight", ["0.3", "0.7", "-0.2", "1.5", "0.5"])
def test_lerp_is_torchs_bit_for_bit(dtype, weight):
    got = arithmetic.lerp(Tensor(array(dtype, "a")), Tensor(array(dtype, "b")), float(weight))
    np.testing.assert_array_equal(got.array, np.array(load()[dtype]["lerp"][weight], dtype=dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", ["1", "0.3", "-2.5"])
def test_addcdiv_is_torchs_bit_for_bit(dtype, value):
    """self + value * tensor1 / tensor2, in that order (the optimizers' last step)."""
    a, b, c = (Tensor(array(dtype, key)) for key in "abc")
    got = arithmetic.addcdiv(a, b, c, value=float(value) if "." in value else int(value))
    np.testing.assert_array_equal(got.array, np.array(load()[dtype]["addcdiv"][value], dtype=dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("alpha", ["0.3", "-0.1", "0.9", "2"])
@pytest.mark.parametrize("op", ["add", "sub"])
def test_add_and_sub_with_alpha_are_torchs_bit_for_bit(dtype, alpha, op):
    """self + alpha * other (sub: -alpha), one rounding: SGD's `p.add_(grad, alpha=-lr)`. float16 as torch's
    vector code computes it: the 400 elements' last 16 take its scalar code, which rounds the product to half."""
    a, b = Tensor(array(dtype, "a")), Tensor(array(dtype, "b"))
    got = getattr(arithmetic, op)(a, b, alpha=float(alpha) if "." in alpha else int(alpha))
    vector = 384 if dtype == "float16" else None
    np.testing.assert_array_equal(got.array[:vector], np.array(load()[dtype][op][alpha], dtype=dtype)[:vector])


@pytest.mark.skipif(not mkl.available(), reason="the optional mkl extra is not installed")
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sqrt_through_mkl_is_torchs_bit_for_bit(dtype):
    """torch's sqrt is MKL's VML (its float32 roots are not always correctly rounded); with the mkl extra
    gradcli calls it too. MKL's roots are per MKL path: this machine's golden (tests/golden/mklpath.py)."""
    x = Tensor(array(dtype, "sqrt_x"))
    roots = load(mkl_golden(GOLDEN / "ops" / "fused.json.gz"))[dtype]["sqrt"]
    np.testing.assert_array_equal(x.sqrt().array, np.array(roots, dtype=dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sqrt_without_mkl_is_numpys_correctly_rounded_root(dtype, monkeypatch):
    monkeypatch.setattr(mkl, "_library", False)
    x = array(dtype, "sqrt_x")
    np.testing.assert_array_equal(Tensor(x).sqrt().array, np.sqrt(x))
