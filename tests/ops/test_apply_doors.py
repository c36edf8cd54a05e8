"""ops.bind's apply_unary and apply_binary, the shorter front doors of one- and two-operand rows, against apply
itself on every kind of operand they take or hand on: the same values, dtype, history (grad_fn, requires_grad),
views, gradients after backward, and the same errors."""

import numpy as np

import gradcli.ops  # noqa: F401 (the operators and methods of Tensor)
import pytest

from gradcli.base.errors import GradcliError
from gradcli.base import grad_mode
from gradcli.core.meta import meta_array
from gradcli.core.tensor import Tensor
from gradcli.ops.bind import apply, apply_binary, apply_unary
from gradcli.ops.rows.arithmetic import ADD, DIV, MUL
from gradcli.ops.rows.elementwise import SQRT
from gradcli.ops.rows.shape import T


def operands():
    """Fresh operands each time: data, a leaf requiring grad, a result with history, a view, integers, shapes only."""
    rng = np.random.default_rng(0)
    a32 = rng.uniform(0.5, 2, (3, 4)).astype(np.float32)
    leaf = Tensor(a32.copy(), requires_grad=True)
    return {"data": Tensor(a32.copy()), "leaf": leaf, "history": leaf * 2, "view": Tensor(a32.copy())[1:],
            "float64": Tensor(a32.astype(np.float64)), "int": Tensor(np.arange(12).reshape(3, 4)),
            "meta": Tensor(meta_array((3, 4), np.float32)), "int8": Tensor(np.arange(4, dtype=np.int8))}


def described(result):
    """What user code can see of a result (or of the error it raised)."""
    if isinstance(result, Exception):
        return type(result).__name__, str(result)
    return (result.shape, result.dtype, None if result.grad_fn is None else result.grad_fn.name(),
            result.requires_grad, result._view is not None,
            None if result.is_meta else result.array.tobytes())


def outcome(call):
    try:
        with np.errstate(all="ignore"):  # (as inside a run: 0 / 0 among the integers)
            return described(call())
    except (GradcliError, TypeError, ValueError) as error:
        return described(error)


@pytest.mark.parametrize("x", ["data", "leaf", "history", "view", "float64", "int", "meta", "int8"])
@pytest.mark.parametrize("row", [SQRT, T], ids=lambda row: row.overload)
def test_apply_unary_is_apply(row, x):
    assert outcome(lambda: apply_unary(row, operands()[x])) == outcome(lambda: apply(row, operands()[x]))


@pytest.mark.parametrize("y", ["data", "leaf", "history", "float64", "int", "meta", 2, 2.5, True, 300, None])
@pytest.mark.parametrize("x", ["data", "leaf", "history", "view", "int", "int8"])
@pytest.mark.parametrize("row", [ADD, MUL, DIV], ids=lambda row: row.overload)
def test_apply_binary_is_apply(row, x, y):
    def call(apply_):
        found = operands()
        other = found[y] if isinstance(y, str) else y
        return lambda: apply_(row, found[x], other)
    assert outcome(call(apply_binary)) == outcome(call(apply))


@pytest.mark.parametrize("door", [apply_binary, apply])
def test_the_gradients_through_either_door(door):
    found = operands()
    leaf = found["leaf"]
    door(MUL, door(ADD, leaf, 3.0), found["data"]).sum().backward()
    expected = found["data"].array
    assert leaf.grad.array.tobytes() == expected.tobytes()


def test_no_grad_records_nothing():
    with grad_mode.no_grad():
        out = apply_binary(MUL, operands()["leaf"], 2.0)
    assert out.grad_fn is None and not out.requires_grad
