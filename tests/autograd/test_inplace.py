"""In-place ops: history rewriting, version counters and torch's errors (golden snippets), and gradients through
in-place ops checked numerically without torch."""

import numpy as np
import pytest

from conftest import golden, replay
from gradcli.core.tensor import Tensor


@pytest.mark.parametrize("case", golden("inplace"))
def test_golden_inplace(case):
    replay(case)


def test_inplace_keeps_object_and_bumps_shared_version():
    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32), requires_grad=True)
    y = x * 2
    v = y[1:]
    same = y.add_(1)
    assert same is y and y._version.value == 1 and v._version.value == 1
    v.mul_(2)
    assert y._version.value == 2 and y.grad_fn.name() == "CopySlices"
    np.testing.assert_allclose(y.array, [3.0, 10.0, 14.0])
    y.sum().backward()
    np.testing.assert_allclose(x.grad.array, [2.0, 4.0, 4.0])


def test_snapshot_of_original_self_is_used():
    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32), requires_grad=True)
    y = x * 1
    y.pow_(3)  # d/dx = 3 x**2 needs the original x
    y.mul_(2)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.array, [6.0, 24.0, 54.0])


# ---------------------------------------------------------------- in place through random views, checked numerically
from hypothesis import given, settings, strategies as st  # noqa: E402

from gradcheck import gradcheck, gradgradcheck  # noqa: E402

VIEW_STEPS = {
    "t": lambda v: v.t() if v.ndim == 2 else v,
    "slice": lambda v: v[1:] if v.ndim and v.shape[0] > 1 else v,
    "step": lambda v: v[..., ::2] if v.ndim else v,
    "select": lambda v: v[0] if v.ndim > 1 else v,
    "unsqueeze": lambda v: v.unsqueeze(0) if v.ndim < 3 else v,
    "transpose": lambda v: v.transpose(0, -1) if v.ndim else v,
    "narrow": lambda v: v.narrow(-1, 1, 2) if v.ndim and v.shape[-1] > 2 else v,
}
INPLACE_STEPS = {  # none saves what a later step changes (those raise torch's version error, tested by goldens)
    "mul_w": lambda v, w: v.mul_(w.sum()),
    "add_w": lambda v, w: v.add_(w[0] * 2),
    "pow_": lambda v, w: v.pow_(2),
    "setitem": lambda v, w: v.__setitem__(..., w.sum() * 2),
    "copy_": lambda v, w: v.copy_(w * 3 if v.ndim and v.shape[-1] == 3 else w.sum()),
    "div_w": lambda v, w: v.div_(w[1] + 3),
}
LAST_STEPS = dict(INPLACE_STEPS, sigmoid_=lambda v, w: v.sigmoid_(), exp_=lambda v, w: v.exp_())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(VIEW_STEPS)), max_size=3), st.sampled_from(sorted(INPLACE_STEPS)),
       st.sampled_from(sorted(LAST_STEPS)), st.booleans())
def test_inplace_through_views_matches_numeric_gradients(views, first, second, read_view):
    def fn(x, w):
        y = x * 1
        v = y
        for name in views:
            v = VIEW_STEPS[name](v)
        INPLACE_STEPS[first](v, w)
        LAST_STEPS[second](y[0], w)  # a second in-place change through another view renews v's history
        return (y * y, v * 1) if read_view else y * y

    x = np.linspace(-0.9, 0.8, 12).reshape(3, 4)
    w = np.array([0.3, -0.7, 0.5])
    assert gradcheck(fn, [x, w])
    assert gradgradcheck(fn, [x, w])


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16, np.int64, np.bool_])
def test_zero_of_a_plain_tensor_is_zero_s_full_path(dtype, monkeypatch):
    """zero_ writes a plain tensor's memory directly (Tensor._changed_alone): the same bytes, version bump,
    identity and views as through ZERO's front door, which every other tensor still takes."""
    from gradcli.core import tensor as core_tensor
    made = np.array([[-0.0, 1.5, np.nan], [np.inf, -2.0, 3.0]]).astype(dtype)
    results = []
    for alone in (True, False):
        if not alone:
            monkeypatch.setattr(core_tensor.Tensor, "_changed_alone", lambda self: False)
        x = Tensor(made.copy())
        row = x[1]
        same = x.zero_()
        results.append((same is x, x.array.tobytes(), x.array.dtype, x._version.value, row.array.tobytes(),
                        row._version.value, x.grad_fn))
    assert results[0] == results[1]
    assert results[0][1] == np.zeros_like(made).tobytes()  # +0.0 everywhere, as torch's memset


def test_zero_of_what_has_history_or_requires_grad_takes_the_front_door():
    leaf = Tensor(np.ones(3, np.float32), requires_grad=True)
    with pytest.raises(Exception, match="leaf Variable that requires grad"):
        leaf.zero_()
    y = leaf * 2
    y.zero_()
    assert y.grad_fn.name() == "ZeroBackward0"
    view = Tensor(np.ones(4, np.float32))[::2]
    view.zero_()
    assert view._view is not None and view._view.base.tolist() == [0.0, 1.0, 0.0, 1.0]
