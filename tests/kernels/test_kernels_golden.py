"""gradcli.kernels against torch, bit for bit: reductions and float element-wise functions over random shapes,
dtypes, memory layouts and thread counts, for both CPU capabilities torch dispatches to on x86 (AVX512 and
AVX2). The goldens come from tests/golden/kernels/make_golden.py (torch 2.13); results of up to 250 values are
compared value by value, larger ones by the sha256 of their bytes; every NaN counts as the same NaN. No torch
needed.

float32 and float64 exp, log, sqrt, the trigonometric functions, tanh, erf and logsumexp (their exp and log)
are Intel MKL's closed VML in torch: their cases run when the optional mkl extra is installed (gradcli then calls
MKL as torch does) and are skipped otherwise, as are bmm's products of 400 multiply-adds an item or more (MKL's
batched gemm); dot/mv/mm are checked elsewhere (tests/corpora/exact/linear_mlp.py, docs/exactness.md). MKL's
results are per MKL path (the CPU vendor: tests/golden/mklpath.py); a machine whose path has no golden skips them.
"""

import functools
import gzip
import hashlib
import json
import sys

import numpy as np
import pytest

from conftest import GOLDEN, mkl_golden
from gradcli.kernels import bmm, cpu, derivatives, mkl, onednn, reduce, softmax, softmax_half, sums, unary

sys.path.insert(0, str(GOLDEN / "kernels"))
from cases import canonical, case_grad, case_input, case_mat2, needs_mkl  # noqa: E402

KERNELS = {
    "sum": lambda x, p: sums.sum(x, p["dims"], p["keepdim"] and p["dims"] is not None),
    "mean": lambda x, p: reduce.mean(x, p["dims"], p["keepdim"] and p["dims"] is not None),
    "prod": lambda x, p: reduce.prod(x, p["dims"], p["keepdim"] and p["dims"] is not None),
    "norm": lambda x, p: reduce.norm2(x, p["dims"], p["keepdim"]),
    "var": lambda x, p: reduce.var(x, p["dims"], keepdim=p["keepdim"]),
    "std": lambda x, p: reduce.var(x, p["dims"], keepdim=p["keepdim"], take_sqrt=True),
    "cumsum": lambda x, p: reduce.cumsum(x, p["dim"]),
    "softmax": lambda x, p: softmax_half.dispatch(x, p["dim"], log=False) if x.dtype == np.float16
    else softmax.softmax(x, p["dim"]),
    "log_softmax": lambda x, p: softmax_half.dispatch(x, p["dim"], log=True) if x.dtype == np.float16
    else softmax.log_softmax(x, p["dim"]),
    "sigmoid": lambda x, p: unary.sigmoid(x),
    "silu": lambda x, p: unary.silu(x),
    "gelu": lambda x, p: unary.gelu(x, p["approximate"]),
    "softplus": lambda x, p: unary.softplus(x, p["beta"], p["threshold"]),
    "elu": lambda x, p: unary.elu(x, p["alpha"]),
    "expm1": lambda x, p: unary.expm1(x),
    "log1p": lambda x, p: unary.log1p(x),
    "pow": lambda x, p: unary.pow_scalar(x, p["exponent"]),
    "rsqrt": lambda x, p: unary.rsqrt(x),
    "sinh": lambda x, p: unary.sinh(x),
    "cosh": lambda x, p: unary.cosh(x),
    "exp2": lambda x, p: unary.exp2(x),
    "asinh": lambda x, p: unary.asinh(x),
    "acosh": lambda x, p: unary.acosh(x),
    "atanh": lambda x, p: unary.atanh(x),
    "norm_p": lambda x, p: reduce.norm(x, p["p"], tuple(p["dims"]), p["keepdim"]),
    "nansum": lambda x, p: reduce.nansum(x, tuple(p["dims"]), p["keepdim"]),
    "cumprod": lambda x, p: reduce.cumprod(x, p["dim"]),
    "var_mean": lambda x, p: np.stack(reduce.var_mean(x, p["dims"], keepdim=p["keepdim"])),
    "vml": lambda x, p: unary.vml_estimate(p["function"], x),
    "mkl": lambda x, p: unary.vml(p["function"], x, None),
    "logsumexp": lambda x, p: reduce.logsumexp(x, tuple(p["dims"]), p["keepdim"]),
}
BACKWARD = {
    "sigmoid_backward": lambda g, x, p: derivatives.sigmoid_backward(g, unary.sigmoid(x)),
    "silu_backward": lambda g, x, p: derivatives.silu_backward(g, x),
    "softplus_backward": lambda g, x, p: derivatives.softplus_backward(g, x, p["beta"], p["threshold"]),
    "elu_backward": lambda g, x, p: derivatives.elu_backward(g, x, p["alpha"]),
    "gelu_tanh_backward": lambda g, x, p: derivatives.gelu_tanh_backward(g, x),
    "gelu_backward": lambda g, x, p: onednn.gelu_erf_backward(g, x),
    "gelu_erf_backward": lambda g, x, p: derivatives.gelu_erf_backward(g, x),
    "softmax_backward": lambda g, x, p: derivatives.softmax_backward(g, softmax.softmax(x, p["dim"]), p["dim"]),
    "log_softmax_backward": lambda g, x, p: derivatives.log_softmax_backward(
        g, softmax.log_softmax(x, p["dim"]), p["dim"]),
}

PRODUCTS = {
    "bmm": lambda a, b, p: bmm.bmm(a, b),
}


@functools.lru_cache(maxsize=None)
def cases():
    with gzip.open(GOLDEN / "kernels" / "cases.json.gz", "rt", encoding="utf-8") as f:
        return json.load(f)


@functools.lru_cache(maxsize=None)
def results(path):
    stored = np.load(path)
    data, offsets = stored["data"].tobytes(), stored["offsets"]
    return [data[offsets[i]:offsets[i + 1]] for i in range(len(offsets) - 1)]


@pytest.fixture
def machine():
    """Restores the detected capability and thread count after a test that sets them."""
    yield cpu
    cpu.set_capability(None)
    cpu.set_num_threads(None)


def test_golden_has_every_function_with_enough_values():
    ops = {spec["op"] for spec in cases()}
    assert ops == set(KERNELS) | set(BACKWARD) | set(PRODUCTS)
    full = sum(len(r) // np.dtype(spec["dtype"]).itemsize
               for spec, r in zip(cases(), results(GOLDEN / "kernels" / "avx512.npz")) if len(r) != 32 or spec["dtype"] == "float64")
    assert full >= 20000


@pytest.mark.parametrize("capability", ["avx512", "avx2"])
@pytest.mark.parametrize("op", sorted(KERNELS) + sorted(BACKWARD) + sorted(PRODUCTS))
def test_kernel_is_torchs_bit_for_bit(machine, capability, op):
    if op == "mkl" and not mkl.available():
        pytest.skip("torch's VML functions need MKL itself (pip install 'gradcli[mkl]')")
    machine.set_capability(capability)
    recorded = GOLDEN / "kernels" / f"{capability}.npz"
    ours = results(recorded)
    theirs, unrecorded = ours, None  # MKL's cases: this machine's MKL path's golden
    if mkl.available() and any(spec["op"] == op and needs_mkl(spec) for spec in cases()):
        try:
            theirs = results(mkl_golden(recorded))
        except pytest.skip.Exception as why:
            theirs, unrecorded = None, str(why)
    failures, checked = [], 0
    for index, spec in enumerate(cases()):
        if spec["op"] != op or (needs_mkl(spec) and (not mkl.available() or theirs is None)):
            continue
        expected = theirs[index] if needs_mkl(spec) else ours[index]
        machine.set_num_threads(spec["threads"])
        x = case_input(index, spec)
        if op in PRODUCTS:
            got = canonical(PRODUCTS[op](x, case_mat2(index, spec), spec))
        else:
            got = canonical(BACKWARD[op](case_grad(index, spec), x, spec) if op in BACKWARD else KERNELS[op](x, spec))
        assert got.dtype == np.dtype(spec["dtype"]), (index, got.dtype)
        raw = got.tobytes()
        same = raw == expected if got.nbytes == len(expected) and got.size <= 250 else \
            hashlib.sha256(raw).digest() == expected
        checked += 1
        if not same:
            failures.append((index, spec))
    assert checked > 0 or unrecorded
    assert not failures, f"{len(failures)} of {checked} cases differ from torch, e.g. {failures[:3]}"
    if unrecorded:  # the rest passed; MKL's cases were not checked
        pytest.skip(unrecorded)
