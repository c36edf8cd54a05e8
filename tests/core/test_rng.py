"""torch's random numbers bit for bit: gradcli against torch-recorded goldens (tests/golden/rng), no torch needed.

The goldens come from tests/golden/rng/make_golden.py (torch 2.13, AVX512 capability, which gives the same bits
as AVX2). Each case is a seed and a list of steps; here every step is replayed through gradcli's front doors
and its result compared byte for byte (or by sha256 for the very large ones).
"""

import base64
import hashlib
import json
import math
import pathlib
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from conftest import TESTS, normalize_addresses, run_cli
from gradcli.base import dtypes, errors, grad_mode
from gradcli.core import rng
from gradcli.ops.rows import sampling
from gradcli.kernels.avx_mathfun import log_ps, sincos_ps
from gradcli.kernels.fma import fma32, fma64
from gradcli.lang.sandbox import namespace  # noqa: F401 (loads every front door, as a script sees them)
from gradcli.core.tensor import Tensor

GOLDEN = json.loads((TESTS / "golden" / "rng" / "rng_golden.json").read_text())
CASES = GOLDEN["cases"]


# ---------------------------------------------------------------- replaying the goldens
def _dtype(step, key="dtype", default=None):
    return dtypes.by_name(step[key]) if key in step else default


def _empty(size, dtype, transposed=False):
    if transposed:  # the same memory layout as torch.empty(*reversed(size)).t()
        return Tensor(np.empty(size[::-1], dtype=dtype.numpy_name).T)
    return Tensor(np.empty(size, dtype=dtype.numpy_name))


def _operand(spec):
    if isinstance(spec, dict):
        dtype = np.dtype(spec.get("dtype", "float32")).type
        values = np.arange(spec["arange"], dtype=dtype) * dtype(spec.get("scale", 1.0)) + dtype(spec.get("offset", 0.0))
        return Tensor(values.reshape(spec.get("shape", [spec["arange"]])))
    return spec


def replay(step, generators, earlier):
    op = step["op"]
    kw = {"generator": generators[step["gen"]]} if step.get("gen") else {}
    dtype = _dtype(step)
    if dtype is not None and op not in ("uniform_", "normal_", "bernoulli_", "exponential_"):
        kw["dtype"] = dtype
    if op == "manual_seed":
        sampling.manual_seed(step["seed"])
        return None
    if op == "initial_seed":
        return sampling.initial_seed()
    if op == "get_rng_state":
        return generators[step["gen"]].get_state() if step.get("gen") else sampling.get_rng_state()
    if op == "set_rng_state":
        state = earlier[step["from"]]
        assert (generators[step["gen"]].set_state(state) is generators[step["gen"]] if step.get("gen")
                else sampling.set_rng_state(state) is None)
        return None
    if op in ("rand", "randn"):
        return getattr(sampling, op)(*step["size"], **kw)
    if op == "randint":
        return sampling.randint(step["low"], step["high"], tuple(step["size"]), **kw)
    if op == "randperm":
        return sampling.randperm(step["n"], **kw)
    if op == "normal":
        return sampling.normal(step["mean"], step["std"], size=tuple(step["size"]), **kw)
    if op == "normal_tensors":
        return sampling.normal(_operand(step["mean"]), _operand(step["std"]), **kw)
    if op == "bernoulli":
        return sampling.bernoulli(_operand(step["p"]), **kw)
    if op == "multinomial":
        return sampling.multinomial(_operand(step["p"]), step["n"], step["replacement"], **kw)
    if op in ("uniform_", "normal_", "bernoulli_", "exponential_"):
        target = _empty(step["size"], dtype or dtypes.float32, step.get("transposed", False))
        returned = getattr(target, op)(*step["args"], **kw)
        assert returned is target
        return target
    if op in ("rand_like", "randn_like", "randint_like"):
        template = _empty(step["size"], _dtype(step, "like_dtype", dtypes.float32), step.get("transposed", False))
        out = getattr(sampling, op)(template, *step.get("args", ()), **kw)
        assert out.array.flags.c_contiguous == template.array.flags.c_contiguous  # the layout is kept
        return out
    raise ValueError(op)


def check(got, expected, where):
    if "int" in expected:
        assert got == int(expected["int"]), where
        return
    assert got.dtype.name == expected["dtype"] and list(got.shape) == expected["shape"], where
    flat = np.ascontiguousarray(got.array).reshape(-1)
    if "data" in expected:
        want = np.frombuffer(base64.b64decode(expected["data"]), dtype=flat.dtype)
        width = flat.dtype.itemsize
        differ = int((flat.view(np.uint8).reshape(-1, width) != want.view(np.uint8).reshape(-1, width))
                     .any(axis=1).sum()) if flat.size == want.size else flat.size
        assert differ == 0, "%s: %d of %d elements differ in their bits\n got %s\nwant %s" % (
            where, differ, flat.size, flat[:8], want[:8])
    else:
        for part, values in (("head", flat[:16]), ("tail", flat[-16:])):
            want = np.frombuffer(base64.b64decode(expected[part]), dtype=flat.dtype)
            assert values.tobytes() == want.tobytes(), "%s: %s\n got %s\nwant %s" % (where, part, values, want)
        assert hashlib.sha256(flat.tobytes()).hexdigest() == expected["sha256"], where + ": sha256 differs"


def _case_id(case):
    step = case["steps"][0]
    return "seed%s-%s-%d" % (case["seed"], step["op"], len(case["steps"]))


@pytest.mark.parametrize("case", CASES, ids=[_case_id(c) for c in CASES])
def test_golden(case):
    sampling.manual_seed(case["seed"])
    generators = {name: rng.Generator() if s is None else rng.Generator().manual_seed(s)
                  for name, s in case.get("generators", {}).items()}
    earlier = []
    for i, (step, expected) in enumerate(zip(case["steps"], case["results"])):
        got = replay(step, generators, earlier)
        earlier.append(got)
        if expected is not None:
            check(got, expected, "step %d %s" % (i, json.dumps(step)))


def test_golden_covers_the_brief():
    ops = {s["op"] for c in CASES for s in c["steps"]}
    assert ops >= {"rand", "randn", "randint", "randperm", "uniform_", "normal_", "normal", "normal_tensors",
                   "rand_like", "randn_like", "randint_like", "initial_seed", "manual_seed", "get_rng_state",
                   "set_rng_state", "bernoulli", "bernoulli_", "exponential_", "multinomial"}
    sizes = {s["size"][0] for c in CASES for s in c["steps"] if s["op"] == "randn" and s.get("dtype") == "float32"}
    assert set(range(1, 21)) | {31, 33, 100, 1000, 4097, 100000} <= sizes
    assert GOLDEN["capability"] in ("AVX2", "AVX512")


# ---------------------------------------------------------------- rng.md's worked examples
def test_reference_values():
    g = rng.Generator().manual_seed(0)
    assert g.words(4).tolist() == [2357136044, 2546248239, 3071714933, 3626093760]
    g.manual_seed(0)
    assert rng.normal(3, generator=g).tolist() == [1.5409960746765137, -0.293428897857666, -2.1787893772125244]
    g.manual_seed(0)
    assert rng.normal(16, True, generator=g)[:3].tolist() == [-2.310411800234176, -0.3732508612577643,
                                                              -1.0608166785462863]
    g.manual_seed(0)
    assert rng.normal(17, generator=g)[-3:].tolist() == [0.946298360824585, -0.843676745891571, 0.9318265914916992]
    g.manual_seed(0)
    assert rng.randperm(8, generator=g).tolist() == [4, 0, 7, 3, 2, 5, 1, 6]
    g.manual_seed(0)
    bound = 1 / math.sqrt(3)
    assert rng.uniform(6, False, -bound, bound, generator=g)[0] == np.float32(-0.004322517663240433)


def test_seeds():
    assert sampling.manual_seed(-1).initial_seed() == 2 ** 64 - 1
    first = sampling.randn(3).tolist()
    sampling.manual_seed(2 ** 32 - 1)
    assert sampling.randn(3).tolist() == first
    assert rng.Generator().initial_seed() == 67280421310721
    s = sampling.seed()
    assert 0 <= s < 2 ** 53 and sampling.initial_seed() == s


def test_unseeded_default_generator_differs_between_processes():
    script = "import torch\nprint(torch.initial_seed())\nprint(torch.rand(2))\n"
    path = pathlib.Path(__file__).parent / "_rng_unseeded_tmp.py"
    path.write_text(script)
    try:
        outputs = {run_cli("run", str(path)).stdout for _ in range(2)}
    finally:
        path.unlink()
    assert len(outputs) == 2


# ---------------------------------------------------------------- the arithmetic underneath
finite32 = st.floats(-1e6, 1e6, width=32, allow_subnormal=False)


def _exact_fma32(a, b, c):
    """Correctly rounded float32 a*b+c from exact rationals (ties to even)."""
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    if exact == 0:  # exact in any precision; IEEE's sign-of-zero rules decide
        return np.float32(np.float64(a) * np.float64(b) + np.float64(c))
    near = np.float32(float(exact))
    candidates = [np.nextafter(near, np.float32(-np.inf)), near, np.nextafter(near, np.float32(np.inf))]
    return min(candidates, key=lambda q: (abs(Fraction(float(q)) - exact), int(q.view(np.uint32)) & 1))


@settings(max_examples=300, deadline=None)
@given(finite32, finite32, finite32)
def test_fma32_rounds_once(a, b, c):
    a, b, c = np.float32(a), np.float32(b), np.float32(c)
    assert fma32(a, b, c).tobytes() == _exact_fma32(a, b, c).tobytes()


def test_fma32_on_a_double_rounding_tie():
    # a*b + c = 1 + 2**-23 + 2**-24 - 2**-54: the double sum is a float32 midpoint, the exact value is below it
    a, b, c = np.float32(2 ** -24 * (1 + 2 ** -15)), np.float32(1 - 2 ** -15), np.float32(1 + 2 ** -23)
    assert np.float32(np.float64(a) * np.float64(b) + np.float64(c)) != c  # what a naive emulation gives
    assert fma32(a, b, c) == c


@settings(max_examples=300, deadline=None)
@given(st.floats(-1e6, 1e6), st.floats(-1e6, 1e6), st.floats(-1e12, 1e12))
def test_fma64_rounds_once(a, b, c):
    assume(a * b == 0 or abs(a * b) >= 2.0 ** -960)  # Dekker's product is exact unless a*b underflows
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    got = fma64(np.float64(a), np.float64(b), np.float64(c))
    want = a * b + c if exact == 0 else float(exact)  # an exact zero's sign follows IEEE's rules
    assert got.tobytes() == np.float64(want).tobytes()


def test_avx_log_and_sincos_are_accurate():
    x = np.linspace(2 ** -24, 1, 10001, dtype=np.float32)
    assert np.allclose(log_ps(x), np.log(x.astype(np.float64)), rtol=1e-6, atol=1e-7)
    t = np.linspace(0, 2 * np.pi, 10001, dtype=np.float32)
    sin, cos = sincos_ps(t)
    assert np.allclose(sin, np.sin(t.astype(np.float64)), atol=2e-7)
    assert np.allclose(cos, np.cos(t.astype(np.float64)), atol=2e-7)


# ---------------------------------------------------------------- front doors: autograd rules and errors
def test_inplace_on_leaf_requiring_grad():
    w = sampling.rand(2, 3, requires_grad=True)
    with pytest.raises(errors.GradcliError, match="a leaf Variable that requires grad is being used in an in-place"):
        w.uniform_(-1, 1)
    with grad_mode.no_grad():
        before = w._version.value
        assert w.uniform_(-1, 1) is w and w.normal_() is w
    assert w._version.value == before + 2 and w.is_leaf and w.requires_grad


def test_inplace_on_non_leaf_cuts_the_gradient():
    x = sampling.rand(4, requires_grad=True)
    y = x * 2
    y.normal_(0.0, 1.0)
    assert y.grad_fn.name() == "NormalBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [0.0, 0.0, 0.0, 0.0]
    z = x * 3
    z.uniform_()
    assert z.grad_fn.name() == "UniformBackward0"


@pytest.mark.parametrize("call, kind, message", [
    (lambda: Tensor(np.ones(3)).uniform_(1, 0), "RuntimeError",
     "uniform_ expects to return a [from, to) range, but found from=1 > to=0"),
    (lambda: Tensor(np.ones(3)).normal_(0, -1), "RuntimeError", "normal expects std >= 0.0, but found std -1"),
    (lambda: sampling.normal(0.0, -1.0, (3,)), "RuntimeError", "normal expects std >= 0.0, but found std -1"),
    (lambda: Tensor(np.ones(3, dtype=np.int64)).uniform_(), "NotImplementedError",
     "\"check_uniform_bounds\" not implemented for 'Long'"),
    (lambda: sampling.randn(3, dtype=dtypes.int64), "NotImplementedError",
     "\"normal_kernel_cpu\" not implemented for 'Long'"),
    (lambda: sampling.rand(3, dtype=dtypes.int32), "NotImplementedError",
     "\"check_uniform_bounds\" not implemented for 'Int'"),
    (lambda: sampling.randint(5, 5, (3,)), "RuntimeError",
     "random_ expects 'from' to be less than 'to', but got from=5 >= to=5"),
    (lambda: sampling.randint(0, 300, (3,), dtype=dtypes.uint8), "RuntimeError",
     "to - 1 is out of bounds for unsigned char"),
    (lambda: sampling.randperm(-1), "RuntimeError", "Trying to create tensor with negative dimension -1: [-1]"),
    (lambda: sampling.set_rng_state(Tensor(np.zeros(3, dtype=np.uint8))), "RuntimeError",
     "Expected a CPUGeneratorImplState of size 5056 but found the input RNG state size to be 3"),
    (lambda: sampling.set_rng_state(Tensor(np.zeros(5056, dtype=np.uint8))), "RuntimeError",
     "Invalid mt19937 state"),
    (lambda: sampling.set_rng_state(Tensor(np.zeros(5056, dtype=np.float32))), "TypeError",
     "RNG state must be a torch.ByteTensor"),
])
def test_errors(call, kind, message):
    with pytest.raises(errors.GradcliError) as info:
        call()
    assert (info.value.kind, info.value.message) == (kind, message)


def test_size_spellings_agree():
    results = []
    for call in (lambda: sampling.randn(2, 3), lambda: sampling.randn((2, 3)), lambda: sampling.randn([2, 3]),
                 lambda: sampling.randn(size=(2, 3))):
        sampling.manual_seed(4)
        results.append(call().array.tobytes())
    assert len(set(results)) == 1


# ---------------------------------------------------------------- through the language
SCRIPT = """import torch
torch.manual_seed(0)
print(torch.randn(3))
g = torch.Generator().manual_seed(9)
print(g.initial_seed(), torch.randn(2, generator=g))
print(torch.rand(2, 2, dtype=torch.float64))
print(torch.randint(0, 10, (8,)), torch.randperm(5))
w = torch.empty(2, 3)
with torch.no_grad():
    w.uniform_(-1, 1)
print(w)
print(torch.normal(2.0, 3.0, size=(3,)), torch.initial_seed())
print(g)
state = g.get_state()
a = torch.rand(2, generator=g)
print(g.set_state(state) is g, a, torch.rand(2, generator=g), state.shape, state.dtype)
s = torch.get_rng_state()
b = torch.randn(2)
torch.set_rng_state(s)
print(b, torch.randn(2))
"""
# printed by torch 2.13.0 for the same script
EXPECTED = """tensor([ 1.5410, -0.2934, -2.1788])
9 tensor([0.0447, 1.9112])
tensor([[0.6450, 0.7911],
        [0.1786, 0.3511]], dtype=torch.float64)
tensor([6, 8, 4, 3, 6, 9, 1, 4]) tensor([4, 2, 3, 0, 1])
tensor([[-0.6295, -0.2532, -0.3898],
        [ 0.8640, -0.6482, -0.4603]])
tensor([3.7053, 3.2261, 6.2643]) 0
<torch._C.Generator object at 0xADDR>
True tensor([0.9180, 0.9310]) tensor([0.9180, 0.9310]) torch.Size([5056]) torch.uint8
tensor([ 0.1494, -0.6709]) tensor([ 0.1494, -0.6709])
"""


def test_script(tmp_path):
    path = tmp_path / "rng.py"
    path.write_text(SCRIPT)
    result = run_cli("run", str(path))
    assert result.returncode == 0, result.stderr
    assert normalize_addresses(result.stdout) == EXPECTED
