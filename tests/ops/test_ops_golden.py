"""Replay torch's recorded answers (tests/golden/ops/golden.json.gz, made by make_golden.py) in gradcli.

Names (grad_fn, next_functions, the matmul graph, the create_graph names of gradients), dtypes, shapes and
error messages must match exactly. Values match exactly where torch's result is exactly rounded whatever the
evaluation order (integers, bools, add/sub/mul/neg, selections such as max, clamp, where, relu), and within a
tight tolerance elsewhere (transcendental functions and sums may differ by an ulp or two).
"""

import functools
import gzip
import json
import operator

import numpy as np
import pytest

from conftest import GOLDEN
from gradcli.core import backward as autograd
from gradcli.base import dtypes, errors
from gradcli.lang.sandbox import namespace
from gradcli.ops import FUNCTIONS
from gradcli.core.tensor import Tensor

pytestmark = pytest.mark.usefixtures("quiet_numpy")  # ops called directly, as a host would

# ops whose float results are exactly rounded single operations (or pure selections) in torch and numpy alike
EXACT = {"add", "sub", "mul", "neg", "pos", "abs", "relu", "sign", "floor", "round", "clamp", "clamp_min",
         "maximum", "minimum", "max", "min", "amax", "amin", "where", "masked_fill", "square",
         # creation and conversion: torch's linspace is matched bit for bit
         "linspace", "arange", "ones", "zeros", "full", "eye", "tensor", "Tensor", "ones_like", "zeros_like",
         "full_like", "to", "float", "double", "long", "int", "bool", "type"}
TOLERANCE = {"float32": (2e-6, 1e-6), "float64": (1e-12, 1e-13), "float16": (1e-3, 1e-3)}
GRAD_TOLERANCE = {"float32": (1e-5, 1e-5), "float64": (1e-11, 1e-12), "float16": (5e-3, 5e-3)}


@functools.lru_cache(maxsize=None)
def load():
    """Every recorded case: golden.json.gz and the chapters recorded beside it (golden_*.json.gz)."""
    cases = []
    for path in sorted((GOLDEN / "ops").glob("golden*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            cases += [dict(c, file=path.name) for c in json.load(f)["cases"]]
    return cases


def resolve(value, env):
    if isinstance(value, str) and value.startswith("$"):
        return env[value[1:]]
    if isinstance(value, dict) and "dtype" in value:
        return dtypes.by_name(value["dtype"])
    if isinstance(value, list):
        return tuple(resolve(v, env) for v in value)
    return value


def call(spec, args, kwargs):
    kind, name = spec
    if kind == "op":
        return getattr(operator, name)(*args, **kwargs)
    if kind == "torch":
        return FUNCTIONS[name](*args, **kwargs)
    if kind == "F":
        return namespace.FUNCTIONAL.members[name](*args, **kwargs)
    if kind == "linalg":
        return namespace.LINALG.members[name](*args, **kwargs)
    return getattr(args[0], name)(*args[1:], **kwargs)


def leaf(spec):
    array = np.array(spec["values"], dtype=spec["dtype"]).reshape(spec["shape"])
    return Tensor(array, requires_grad=spec["requires_grad"])


def check_tensor(got, want, exact, tolerance, what):
    assert got.dtype.name == want["dtype"], what + " dtype"
    assert list(got.shape) == want["shape"], what + " shape"
    expected = np.array(want["values"], dtype=want["dtype"]).reshape(want["shape"])
    if exact or not got.dtype.is_floating_point:
        np.testing.assert_array_equal(got.array, expected, err_msg=what)
    else:
        rtol, atol = tolerance[want["dtype"]]
        np.testing.assert_allclose(got.array, expected, rtol=rtol, atol=atol, equal_nan=True, err_msg=what)


def graph_text(node):
    if node is None:
        return "None"
    children = [graph_text(child) for child, _ in node.next_functions]
    name = node.name() if not node.name().startswith("torch::autograd::") else node.name()[len("torch::autograd::"):]
    return name + ("(" + ", ".join(children) + ")" if children else "")


def node_name(node):
    """The node's class name as torch's Python shows it (type(node).__name__), without walking its graph."""
    if node is None:
        return None
    name = node.name()
    return name[len("torch::autograd::"):] if name.startswith("torch::autograd::") else name


def replay(c):
    want = c["torch"]
    env = {spec["name"]: leaf(spec) for spec in c["inputs"]}
    try:
        out = call(c["call"], [resolve(a, env) for a in c["args"]],
                   {k: resolve(v, env) for k, v in c["kwargs"].items()})
    except errors.GradcliError as exc:
        assert "error" in want, "gradcli raised %s but torch gave a result" % exc
        assert [exc.kind, exc.message] == want["error"], ([exc.kind, exc.message], want["error"])
        return
    assert "error" not in want, "torch raised %s" % want.get("error")
    if c["select"] is not None:
        out = out[c["select"]] if isinstance(c["select"], int) else getattr(out, c["select"])
    if "python" in want:
        assert not isinstance(out, Tensor)
        assert (list(out) if isinstance(out, tuple) else out) == want["python"], (out, want["python"])
        return
    exact = c["call"][1] in EXACT and not c["kwargs"]  # add(alpha=) fuses a multiply-add in torch
    check_tensor(out, want["out"], exact, TOLERANCE, "output")
    assert any(out is v for v in env.values()) == want["same_object"], "same object"
    assert node_name(out.grad_fn) == want["grad_fn"], ("grad_fn", node_name(out.grad_fn), want["grad_fn"])
    if out.grad_fn is not None:
        got = [[node_name(n), nr] for n, nr in out.grad_fn.next_functions]
        assert got == want["next"], ("next_functions", got, want["next"])
    if c["graph"]:
        assert graph_text(out.grad_fn) == want["graph"], ("graph", graph_text(out.grad_fn), want["graph"])
    if "grads" not in want:
        return
    leaves = [env[s["name"]] for s in c["inputs"] if s["requires_grad"]]
    w = Tensor(np.array(want["upstream"], dtype=want["out"]["dtype"]).reshape(want["out"]["shape"]))
    grads = autograd.grad(out, leaves, w, allow_unused=True, create_graph=True)
    tolerance = GRAD_TOLERANCE
    involved = [s["dtype"] for s in c["inputs"]] + [want["out"]["dtype"]]
    if any(d != "float64" for d in involved):
        # a leaf's gradient that went through lower-precision arithmetic carries that rounding
        lowest = "float16" if "float16" in involved else "float32"
        tolerance = {k: GRAD_TOLERANCE[lowest] for k in GRAD_TOLERANCE}
    for i, (g, wg) in enumerate(zip(grads, want["grads"])):
        assert (g is None) == (wg is None), "grad %d presence" % i
        if g is not None:
            check_tensor(g, wg, False, tolerance, "grad %d" % i)
    got = [None if g is None else node_name(g.grad_fn) for g in grads]
    assert got == want["grad_grad_fn"], ("create_graph names", got, want["grad_grad_fn"])
    if "second" in want:
        total = None
        for g, v in zip(grads, want["second_upstream"]):
            if g is not None and g.grad_fn is not None:
                term = (g * Tensor(np.array(v, dtype=g.dtype.name).reshape(g.shape))).sum()
                total = term if total is None else total + term
        second = autograd.grad(total, leaves, allow_unused=True)
        for i, (g, wg) in enumerate(zip(second, want["second"])):
            assert (g is None) == (wg is None), "second derivative %d presence" % i
            if g is not None:
                check_tensor(g, wg, False, tolerance, "second derivative %d" % i)


def case_id(c):
    chapter = c["file"][len("golden"):-len(".json.gz")].lstrip("_")
    return "%s%d-%s-%s" % (chapter + "-" if chapter else "", c["id"], c["group"], c["call"][1])


@pytest.mark.parametrize("c", load(), ids=case_id)
def test_golden(c):
    replay(c)


def test_golden_covers_the_op_set():
    names = {c["call"][1] for c in load()}
    for name in ("add", "sub", "mul", "truediv", "pow", "neg", "matmul", "mm", "mv", "dot", "bmm", "sum", "mean",
                 "prod", "exp", "log", "log1p", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "sqrt", "abs",
                 "square", "reciprocal", "clamp", "clamp_min", "max", "min", "argmax", "argmin", "maximum",
                 "minimum", "norm", "softmax", "log_softmax", "cumsum", "where", "eq", "lt", "logical_and",
                 # torch.nn.functional's layers (golden_nn)
                 "conv1d", "conv2d", "max_pool2d", "avg_pool2d", "pad", "layer_norm", "batch_norm", "embedding",
                 "smooth_l1_loss", "huber_loss", "kl_div", "cross_entropy", "bilinear", "cosine_similarity"):
        assert name in names, name
