"""In-place ops: history rewriting, version counters and torch's errors (golden snippets), and gradients through
in-place ops checked numerically without torch."""

import numpy as np
import pytest

from test_autograd import golden, replay
from gradcli.tensor import Tensor


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
