"""Autograd semantics against torch: golden snippets (tests/golden/autograd/, recorded by make_golden.py under
torch 2.13) replayed in gradcli, plus engine properties torch cannot record: an iterative backward through a
million ops, release of saved arrays, and the observer."""

import gc
import weakref

import numpy as np
import pytest

from conftest import golden, replay
from gradcli.core import backward as autograd
from gradcli.autograd.engine import run_backward
from gradcli.ops import FUNCTIONS as TORCH, grad_edge
from gradcli.core.tensor import Tensor

@pytest.mark.parametrize("case", golden("autograd"))
def test_golden_autograd(case):
    replay(case)


@pytest.mark.parametrize("case", golden("hooks"))
def test_golden_hooks(case):
    """What hooks, .grad and autograd.grad results give user code: ordinary tensors, as torch's (contiguity,
    strides, writability, no shared memory), and torch's checks of what a hook returns."""
    replay(case)


# ---------------------------------------------------------------- the engine
def _leaf(values):
    return Tensor(np.asarray(values, dtype=np.float32), requires_grad=True)


def test_million_op_chain_backs_iteratively_and_frees_saved_arrays():
    x = _leaf([1.0, 2.0])
    y = x
    for _ in range(1_000_000):
        y = y * 1.0000001
    loss = y.sum()
    probe = weakref.ref(y.grad_fn)  # the last MulBackward0 saved its python-number operand
    assert probe().saved
    loss.backward()
    assert probe().saved is None  # released: no saved values left after a backward without retain_graph
    expected = np.ones(2, np.float32)
    for _ in range(1_000_000):  # the same float32 roundings as the backward pass
        expected = expected * 1.0000001
    np.testing.assert_allclose(x.grad.array, expected, rtol=1e-6)


def test_saved_arrays_are_released_after_backward():
    import tracemalloc
    tracemalloc.start()
    x = _leaf(np.ones(250_000))
    h = x.exp()  # ExpBackward0 saves its output's array (1 MB)
    node = h.grad_fn
    out = (h * h.sin()).sum()  # MulBackward0 saves h and sin(h); SinBackward0 saves h
    mul = out.grad_fn.next_functions[0][0]
    assert set(mul.saved) == {"self", "other"} and set(node.saved) == {"result"}
    del h
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    out.backward()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert mul.saved is None and node.saved is None
    assert before > 3_000_000  # x, exp's output and sin's output (1 MB each)
    assert after < 2_000_000 + 100_000  # only x and x.grad are left


def test_retain_graph_keeps_saved_values():
    x = _leaf([1.0, 2.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    assert y.grad_fn.next_functions[0][0].saved
    y.backward()
    np.testing.assert_allclose(x.grad.array, [4.0, 8.0])


def test_observer_sees_each_executed_node_once():
    x = _leaf([1.0, 2.0])
    y = (x * 3).exp().sum()
    seen = []
    autograd.backward(y, observer=lambda node, grads_in, grads_out: seen.append(
        (node.name(), [None if g is None else g.shape for g in grads_in],
         [None if g is None else g.shape for g in grads_out])))
    assert [name for name, _, _ in seen] == ["SumBackward0", "ExpBackward0", "MulBackward0",
                                             "torch::autograd::AccumulateGrad"]
    assert seen[0][1] == [()] and seen[0][2] == [(2,)]
    assert seen[2][2] == [(2,), None]  # the python number gets no gradient


def test_engine_runs_only_what_autograd_grad_needs():
    x, w = _leaf([1.0, 2.0]), _leaf([3.0, 4.0])
    y = (x * 2).sum() + (w.exp()).sum()
    ran = []
    (g,) = autograd.grad(y, x, observer=lambda node, *_: ran.append(node.name()))
    np.testing.assert_allclose(g.array, [2.0, 2.0])
    assert "ExpBackward0" not in ran and x.grad is None


def test_engine_order_is_latest_node_first():
    x = _leaf([1.0])
    a = x * 2
    b = a * 3
    c = a + b  # a is reached twice: it must run once, after both consumers delivered
    names = []
    run_backward([grad_edge(c.sum())], [Tensor._make(np.ones((), np.float32))],
                 observer=lambda node, *_: names.append(node.name()))
    assert names.count("MulBackward0") == 2 and names.index("AddBackward0") < names.index("MulBackward0")
    np.testing.assert_allclose(x.grad.array, [8.0])


def test_grad_of_nonleaf_retain_grad_and_leaf_identity():
    x = _leaf([1.0, 2.0])
    y = x * 2
    assert (x * x).grad_fn.next_functions[0][0] is (x * x).grad_fn.next_functions[1][0]
    y.retain_grad()
    (y * y).sum().backward()
    np.testing.assert_allclose(y.grad.array, [4.0, 8.0])
    first = x.grad
    (x * 1).sum().backward()
    assert x.grad is first


def test_no_grad_plain_call_and_context():
    x = _leaf([1.0])
    TORCH["tensor"]  # the factory front door exists
    from gradcli.base import grad_mode
    grad_mode.set_grad_enabled(False)
    try:
        assert not (x * 2).requires_grad
    finally:
        grad_mode.set_grad_enabled(True)
    with grad_mode.no_grad():
        with grad_mode.enable_grad():
            assert (x * 2).requires_grad
        assert not (x * 2).requires_grad
