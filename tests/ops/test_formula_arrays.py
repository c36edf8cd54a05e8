"""ops.fastpath's fifth fast path, formulas on arrays: without create_graph the products and transposes of mm's,
addmm's and t's formulas, and the engine's broadcast sums, are computed on numpy arrays directly. Their
gradients must be bit for bit those of the same formulas run through the op table, which create_graph=True
still takes, with the same dtype and strides; and with create_graph the graph of the gradient is still built."""

import numpy as np
import pytest

from gradcli.core import backward as autograd
from gradcli.ops import FUNCTIONS as TORCH, FUNCTIONAL as F
from gradcli.ops import bind
from gradcli.core.tensor import Tensor


def _leaf(rng, shape, dtype, transposed=False):
    values = rng.standard_normal(shape[::-1] if transposed else shape).astype(dtype)
    return Tensor(values.T if transposed else values, requires_grad=True)


def _cases(dtype):
    rng = np.random.default_rng(7)
    yield "mm", lambda a, b: TORCH["mm"](a, b), [_leaf(rng, (6, 5), dtype), _leaf(rng, (5, 4), dtype)]
    yield "mm, columns", lambda a, b: TORCH["mm"](a, b), [_leaf(rng, (6, 5), dtype, True),
                                                          _leaf(rng, (5, 4), dtype, True)]
    yield "addmm, bias row", lambda c, a, b: TORCH["addmm"](c, a, b), [
        _leaf(rng, (4,), dtype), _leaf(rng, (6, 5), dtype), _leaf(rng, (5, 4), dtype)]
    yield "addmm, bias column", lambda c, a, b: TORCH["addmm"](c, a, b), [
        _leaf(rng, (6, 1), dtype), _leaf(rng, (6, 5), dtype), _leaf(rng, (5, 4), dtype, True)]
    yield "linear", lambda x, w, b: F["linear"](x, w, b), [
        _leaf(rng, (8, 5), dtype), _leaf(rng, (3, 5), dtype), _leaf(rng, (3,), dtype)]
    yield "t", lambda a: TORCH["t"](a) * TORCH["t"](a), [_leaf(rng, (3, 7), dtype)]
    yield "broadcast sum", lambda a, b: a * b, [_leaf(rng, (5, 1, 3), dtype), _leaf(rng, (4, 3), dtype)]


def _weights(out, requires_grad=False):
    values = np.linspace(-1.5, 2.0, out.array.size, dtype=out.array.dtype).reshape(out.array.shape)
    return Tensor(values, requires_grad=requires_grad)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_formulas_on_arrays_give_the_op_tables_gradients(dtype):
    for name, fn, inputs in _cases(dtype):
        out = fn(*inputs)
        weight = _weights(out, requires_grad=True)  # (so that every gradient has a graph)
        by_table = autograd.grad([out], inputs, [weight], retain_graph=True, create_graph=True)
        by_arrays = autograd.grad([out], inputs, [weight])
        for table, arrays, leaf in zip(by_table, by_arrays, inputs):
            assert table.array.dtype == arrays.array.dtype == leaf.array.dtype, name
            assert table.array.shape == arrays.array.shape == leaf.array.shape, name
            assert table.array.strides == arrays.array.strides, name
            assert table.array.tobytes() == arrays.array.tobytes(), name
            assert table.grad_fn is not None, name  # create_graph built the gradient's graph
            assert arrays.grad_fn is None, name


def test_backward_without_create_graph_runs_no_op_for_the_products(monkeypatch):
    """The fast path is taken: a Linear's backward (mm's two formulas, t's, the bias's sum) applies no op."""
    rng = np.random.default_rng(3)
    x, w, b = _leaf(rng, (8, 5), np.float32), _leaf(rng, (3, 5), np.float32), _leaf(rng, (3,), np.float32)
    out = F["linear"](x, w, b)
    applied = []
    real = bind.apply
    monkeypatch.setattr(bind, "apply", lambda op, *a, **k: applied.append(op.overload) or real(op, *a, **k))
    out.backward(_weights(out))
    assert applied == []
    assert x.grad is not None and w.grad is not None and b.grad is not None
