"""Memory shortcuts of the fast paths must be invisible: .grad never shares memory with a tensor the user can
still reach, and results computed once for broadcast scalars behave as ordinary tensors."""

import numpy as np

from gradcli.base import grad_mode
from gradcli.ops.rows.creation import ones, tensor
from gradcli.core.tensor import Tensor


def test_grad_does_not_take_a_root_gradient_the_user_holds():
    x = ones(3, requires_grad=True)
    w = tensor([1.0, 2.0, 3.0])
    (x + 0).backward(w)
    assert not np.shares_memory(x.grad.array, w.array)
    x.grad.add_(1)
    assert w.tolist() == [1.0, 2.0, 3.0]


def test_leaf_and_retained_grads_do_not_share_memory():
    x = ones(3, requires_grad=True)
    h = x * 2
    h.retain_grad()
    (h + 0).sum().backward()
    assert not np.shares_memory(x.grad.array, h.grad.array)


def test_a_fresh_gradient_becomes_grad_and_accumulates_in_place():
    a = Tensor(np.arange(5, dtype=np.float32), requires_grad=True)
    ((a + 2) ** 2).mean().backward()
    first = a.grad
    assert first.array.flags.writeable
    ((a + 2) ** 2).mean().backward()
    assert a.grad is first
    assert np.allclose(a.grad.array, 2 * 2 * (np.arange(5) + 2) / 5)


def test_results_on_broadcast_scalars_are_writable_tensors_of_their_own():
    base = tensor(2.0)
    with grad_mode.no_grad():
        e = base.expand(3, 2)
        y = e * 3
        y.add_(tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    assert y.tolist() == [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]
    assert base.item() == 2.0
    with grad_mode.no_grad():
        z = e * 1
        z[0, 0] = 5.0
    assert z.tolist() == [[5.0, 2.0], [2.0, 2.0], [2.0, 2.0]]
    assert base.item() == 2.0


def test_mean_gradient_of_a_large_input_is_exact_and_float32():
    x = Tensor(np.linspace(-1, 1, 1000, dtype=np.float32), requires_grad=True)
    (3 * (x + 2) ** 2).mean().backward()
    expected = (np.float32(1 / 1000) * 3 * 2) * (x.array + 2)
    assert x.grad.array.dtype == np.float32
    assert np.allclose(x.grad.array, expected, rtol=1e-6)


def test_autograd_grad_gives_writable_tensors_even_for_broadcast_gradients():
    from gradcli.core import backward as autograd
    x = ones(2, 3, requires_grad=True)
    (g,) = autograd.grad((x * 3).sum(), x)
    assert g.tolist() == [[3.0] * 3] * 2
    g.add_(1)
    g[0, 0] = 0.0
    assert g.tolist() == [[0.0, 4.0, 4.0], [4.0, 4.0, 4.0]]


def _accumulated(grad_array, incoming, slow):
    """A leaf's .grad after a backward that delivers `incoming` into a .grad of `grad_array`: by the engine
    (numpy's add into .grad where _adds_as_numpy allows) or, `slow`, by add_'s front door."""
    from gradcli.autograd import graph
    x = Tensor(np.zeros(grad_array.shape, grad_array.dtype), requires_grad=True)
    x.grad = Tensor(grad_array.copy())
    before = x.grad._version.value
    incoming = Tensor(incoming)
    if slow:
        x.grad.add_(incoming)
    else:
        graph.accumulate_into(x, incoming, False)
    return x.grad, x.grad._version.value - before


def test_accumulating_into_grad_is_add_s_result_bit_for_bit_and_bumps_its_version():
    rng = np.random.default_rng(5)
    for dtype in (np.float32, np.float64):
        for shape in ((), (1,), (3, 4), (2, 3, 5)):
            old = np.asarray(rng.standard_normal(shape) * 10.0 ** rng.integers(-30, 30, shape), dtype)
            new = np.asarray(rng.standard_normal(shape) * 10.0 ** rng.integers(-30, 30, shape), dtype)
            specials = np.array([np.inf, -np.inf, np.nan, -0.0, 0.0, np.finfo(dtype).tiny / 3], dtype)
            if old.size >= len(specials):
                old.flat[:len(specials)], new.flat[-len(specials):] = specials, specials
            fast, fast_bump = _accumulated(old, new, slow=False)
            slow, slow_bump = _accumulated(old, new, slow=True)
            assert fast.array.dtype == slow.array.dtype and fast_bump == slow_bump == 1
            assert fast.array.tobytes() == slow.array.tobytes()


def test_grads_the_shortcut_does_not_serve_still_accumulate_through_add_():
    from gradcli.autograd import graph
    x = Tensor(np.zeros(3, np.float32), requires_grad=True)
    x.grad = Tensor(np.ones(6, np.float32))[::2]  # a view: add_ writes through to its base
    base = x.grad._view.base
    graph.accumulate_into(x, Tensor(np.ones(3, np.float32)), False)
    assert base.tolist() == [2.0, 1.0, 2.0, 1.0, 2.0, 1.0]
    y = Tensor(np.zeros(3, np.float16), requires_grad=True)
    y.grad = Tensor(np.full(3, 0.1, np.float16))
    graph.accumulate_into(y, Tensor(np.full(3, 0.2, np.float16)), False)
    assert y.grad.dtype.name == "float16"
