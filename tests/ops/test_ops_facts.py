"""Facts about the op set observed in torch 2.13 (reference/grad_fn-names.md, more-facts.md), checked directly:
which graphs can be backed through twice, gradient values at edge cases, the names that gradients built with
create_graph=True carry, and the grad_fn chain of in-place ops."""

import numpy as np
import pytest

from gradcli.core import backward as autograd
from gradcli.base import errors
from gradcli.lang.sandbox.namespace import FUNCTIONAL
from gradcli.ops import FUNCTIONS as T
from gradcli.core.tensor import Tensor

pytestmark = pytest.mark.usefixtures("quiet_numpy")  # ops called directly, as a host would

F = FUNCTIONAL.members


def leaf(values, dtype=np.float32):
    return Tensor(np.array(values, dtype=dtype), requires_grad=True)


# ---------------------------------------------------------------- second backward without retain_graph
NO_SAVED = {
    "sum": lambda x: x.sum(), "mean": lambda x: x.mean(), "add": lambda x: (x + 2).sum(),
    "add_self": lambda x: (x + x).sum(), "sub": lambda x: (x - 2).sum(), "rsub": lambda x: (2 - x).sum(),
    "neg": lambda x: (-x).sum(), "view": lambda x: x.view(2, 2).sum(), "reshape": lambda x: x.reshape(4).sum(),
    "t": lambda x: x.t().sum(), "select": lambda x: x[0], "slice": lambda x: x[1:3].sum(),
    "unsqueeze": lambda x: x.unsqueeze(0).sum(), "expand": lambda x: x.expand(2, 4).sum(),
    "clone": lambda x: x.clone().sum(), "cumsum": lambda x: x.cumsum(0).sum(),
    "sum_plus": lambda x: x.sum() + 1, "sum_dim": lambda x: x.sum(0),
}
SAVES = {
    "mul_scalar": lambda x: (x * 2).sum(), "rmul": lambda x: (2 * x).sum(), "div": lambda x: (x / 2).sum(),
    "rdiv": lambda x: (2 / x).sum(), "mul_self": lambda x: (x * x).sum(), "pow": lambda x: (x ** 2).sum(),
    "exp": lambda x: x.exp().sum(), "log": lambda x: x.log().sum(), "relu": lambda x: x.relu().sum(),
    "abs": lambda x: x.abs().sum(), "sigmoid": lambda x: x.sigmoid().sum(), "tanh": lambda x: x.tanh().sum(),
    "sqrt": lambda x: x.sqrt().sum(), "max": lambda x: x.max(), "norm": lambda x: x.norm(),
    "softmax": lambda x: x.softmax(0)[0], "dot": lambda x: x @ x, "clamp": lambda x: x.clamp(0, 1).sum(),
    "sum_times": lambda x: x.sum() * 2, "prod": lambda x: x.prod(),
}


@pytest.mark.parametrize("name", sorted(NO_SAVED))
def test_second_backward_allowed_when_nothing_saved(name):
    x = leaf([1.0, 2.0, 3.0, 4.0])
    y = NO_SAVED[name](x)
    y.backward()
    first = x.grad.array.copy()
    y.backward()
    np.testing.assert_array_equal(x.grad.array, 2 * first)


@pytest.mark.parametrize("name", sorted(SAVES))
def test_second_backward_fails_when_values_were_saved(name):
    x = leaf([1.0, 2.0, 3.0, 4.0])
    y = SAVES[name](x)
    y.backward()
    with pytest.raises(errors.GradcliError) as info:
        y.backward()
    assert info.value.message == errors.SECOND_BACKWARD


# ---------------------------------------------------------------- gradient values at edge cases
def grads_of(fn, *values):
    xs = [leaf(v) for v in values]
    r = fn(*xs)
    (r if r.ndim == 0 else r.sum()).backward()
    return [x.grad.array.tolist() for x in xs]


@pytest.mark.parametrize("fn, values, want", [
    (lambda x: x.relu(), [[-1, 0, 2]], [[0, 0, 1]]),
    (lambda x: x.abs(), [[-1, 0, 2]], [[-1, 0, 1]]),
    (lambda x: x.clamp(min=0), [[-1, 0, 2]], [[0, 1, 1]]),
    (lambda x: x.clamp(0, 1), [[-1, 0, .5, 1, 2]], [[0, 1, 1, 1, 0]]),
    (lambda x: x.max(), [[1, 3, 3]], [[0, .5, .5]]),
    (lambda x: x.amax(), [[1, 3, 3]], [[0, .5, .5]]),
    (lambda x: x.min(), [[1, 1, 3]], [[.5, .5, 0]]),
    (lambda x: x.max(dim=0).values, [[[1, 2], [1, 0]]], [[[1, 1], [0, 0]]]),
    (lambda x, y: T["maximum"](x, y), [[1, 2, 3], [3, 2, 1]], [[0, .5, 1], [1, .5, 0]]),
    (lambda x, y: T["minimum"](x, y), [[1, 2, 3], [3, 2, 1]], [[1, .5, 0], [0, .5, 1]]),
    (lambda x: x.sqrt(), [[0, 4]], [[float("inf"), .25]]),
    (lambda x: x ** 0.5, [[0, 4]], [[float("inf"), .25]]),
    (lambda x: x ** 2, [[0, 3]], [[0, 6]]),
    (lambda x: x ** 0, [[0, 3]], [[0, 0]]),
    (lambda x, y: x ** y, [[0, 2], [2, 3]], [[0, 12], [0, pytest.approx(5.5452, abs=1e-4)]]),
    (lambda x: x.log(), [[0, 1]], [[float("inf"), 1]]),
    (lambda x: x.log1p(), [[-1]], [[float("inf")]]),
    (lambda x: x.reciprocal(), [[0]], [[float("-inf")]]),
    (lambda x, y: x / y, [[1, 1], [0, 2]], [[float("inf"), .5], [float("-inf"), -.25]]),
    (lambda x: x.norm(), [[0, 0]], [[0, 0]]),
    (lambda x: x.norm(), [[3, 4]], [[pytest.approx(.6), pytest.approx(.8)]]),
    (lambda x: x.prod(), [[2, 0, 3]], [[0, 6, 0]]),
    (lambda x: x.prod(), [[0, 0, 3]], [[0, 0, 0]]),
    (lambda x: x.std(), [[1, 1]], [[0, 0]]),
    (lambda x: x.round() + x.floor() + x.sign(), [[0.3, -1.7]], [[0, 0]]),
    (lambda x: x.cumsum(0), [[1, 2, 3]], [[3, 2, 1]]),
    (lambda x: x.softmax(0), [[1, 2, 3]], [[0, 0, 0]]),
])
def test_edge_gradients(fn, values, want):
    got = grads_of(fn, *values)
    for g, w in zip(got, want):
        assert len(g) == len(w)
        for a, b in zip(np.ravel(g), np.ravel(w) if not any(isinstance(v, type(pytest.approx(0))) for v in w)
                        else w):
            assert a == b or (b != b and a != a)


def test_pow_tensor_nan_and_var_values():
    assert grads_of(lambda x, y: x ** y, [0, -2], [0, 2])[0] == [0, -4]
    dy = grads_of(lambda x, y: x ** y, [0, -2], [0, 2])[1]
    assert dy[0] == 0 and np.isnan(dy[1])
    np.testing.assert_allclose(grads_of(lambda x: x.var(), [1, 2, 3, 4])[0], [-1, -1 / 3, 1 / 3, 1], rtol=1e-6)
    np.testing.assert_allclose(grads_of(lambda x: x.softmax(0)[0], [1, 2, 3])[0], [0.0819, -0.0220, -0.0599],
                               atol=1e-4)
    np.testing.assert_allclose(grads_of(lambda x: x.log_softmax(0), [1, 2, 3])[0], [0.7299, 0.2658, -0.9957],
                               atol=1e-4)
    np.testing.assert_allclose(grads_of(lambda x: 2 ** x, [0, 1])[0], [0.6931, 1.3863], atol=1e-4)


def test_matmul_values_and_broadcast_grads():
    a, b = grads_of(lambda x, y: x @ y, [[1, 2], [3, 4]], [[5, 6], [7, 8]])
    assert a == [[11, 15], [11, 15]] and b == [[4, 4], [6, 6]]
    assert grads_of(lambda x, y: x * y, [[1, 2], [3, 4]], [[1], [1]])[1] == [[3], [7]]
    assert grads_of(lambda x, y: x + y, [1, 2, 3], 5.0)[1] == 3


# ---------------------------------------------------------------- create_graph names
@pytest.mark.parametrize("fn, name", [
    (lambda x: (x ** 3).sum(), "MulBackward0"), (lambda x: (x * x).sum(), "AddBackward0"),
    (lambda x: x.log().sum(), "DivBackward0"), (lambda x: x.sqrt().sum(), "DivBackward0"),
    (lambda x: x.tanh().sum(), "TanhBackwardBackward0"), (lambda x: x.sigmoid().sum(), "SigmoidBackwardBackward0"),
    (lambda x: x.relu().sum(), "ThresholdBackwardBackward0"), (lambda x: x.exp().sum(), "MulBackward0"),
    (lambda x: x.softmax(0)[0], "SoftmaxBackwardDataBackward0"),
])
def test_create_graph_names(fn, name):
    x = leaf([1.0, 2.0])
    (g,) = autograd.grad(fn(x), x, create_graph=True)
    assert (g.grad_fn.name() if g.grad_fn is not None else None) == name


def test_create_graph_cube_values():
    x = leaf([1.0, 2.0])
    (g,) = autograd.grad((x ** 3).sum(), x, create_graph=True)
    assert g.tolist() == [3.0, 12.0]
    (gg,) = autograd.grad(g.sum(), x)
    assert gg.tolist() == [6.0, 12.0]


# ---------------------------------------------------------------- in-place chain on a non-leaf
def test_inplace_chain_names():
    x = leaf([1.0, 2.0, 3.0])
    y = x * 2
    chain = [("add_", (1,), {}, "AddBackward0"), ("mul_", (2,), {}, "MulBackward0"), ("sub_", (1,), {}, "SubBackward0"),
             ("div_", (2,), {}, "DivBackward0"), ("pow_", (2,), {}, "PowBackward0"), ("exp_", (), {}, "ExpBackward0"),
             ("clamp_", (), {"min": 0}, "ClampBackward1"), ("relu_", (), {}, "ReluBackward0"),
             ("neg_", (), {}, "NegBackward0"), ("sigmoid_", (), {}, "SigmoidBackward0"),
             ("tanh_", (), {}, "TanhBackward0"), ("sqrt_", (), {}, "SqrtBackward0"), ("abs_", (), {}, "AbsBackward0")]
    previous = y.grad_fn
    for method, args, kwargs, name in chain:
        getattr(y, method)(*args, **kwargs)
        assert y.grad_fn.name() == name
        assert y.grad_fn.next_functions[0][0] is previous
        previous = y.grad_fn
    assert y._version.value == len(chain)


def test_inplace_gradients_flow():
    x = leaf([1.0, 2.0, 3.0])
    y = x * 2
    y.add_(1)
    y.mul_(3)
    y.sum().backward()
    assert x.grad.tolist() == [6.0, 6.0, 6.0]


# ---------------------------------------------------------------- return types and misc
def test_max_with_dim_returns_named_pair():
    x = leaf([[1.0, 5.0, 2.0], [7.0, 0.0, 7.0]])
    r = x.max(dim=1)
    assert r.values.tolist() == [5.0, 7.0] and r.indices.tolist() == [1, 0]
    assert r.values.grad_fn.name() == "MaxBackward0" and r.indices.grad_fn is None
    assert r.indices.dtype.name == "int64"
    values, indices = T["min"](x, 0)
    assert values.tolist() == [1.0, 0.0, 2.0] and indices.tolist() == [0, 1, 0]
    assert repr(r).startswith("torch.return_types.max(\nvalues=tensor([5., 7.], grad_fn=<MaxBackward0>),\n")


def test_functional_and_method_spellings_agree():
    x = leaf([[1.0, -2.0, 3.0]])
    assert F["softmax"](x, dim=1).tolist() == x.softmax(1).tolist() == T["softmax"](x, 1).tolist()
    assert F["relu"](x).tolist() == [[1.0, 0.0, 3.0]]
    assert T["mean"](x, 0, True).grad_fn.name() == "MeanBackward1"


def test_a_warn_once_warning_is_shown_once_per_run():
    """torch.cross without dim is TORCH_WARN_ONCE in torch: one warning for calls on two lines (the text is
    checked against torch's in the autograd golden, case cross_without_dim_warns_once)."""
    from gradcli.app import api
    warned = []
    script = "import torch\na = torch.ones(2, 3)\nb = torch.cross(a, a)\nc = torch.cross(b, a)\n"
    api.run_script(script, warn=warned.append)
    assert len(warned) == 1 and "torch.cross without specifying the dim" in warned[0]
    api.run_script(script, warn=warned.append)  # a new run is a new process: warned again
    assert len(warned) == 2
