"""Views, shape ops and indexing: torch's grad_fn names, values, gradients and errors (golden snippets)."""

import numpy as np
import pytest

from test_autograd import golden, replay
from gradcli.tensor import Tensor


@pytest.mark.parametrize("case", golden("views"))
def test_golden_views(case):
    replay(case)


def test_views_share_memory_and_version_counter():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    for view in (x.t(), x[0], x[:, 1:], x.view(6), x.unsqueeze(0), x.expand(2, 2, 3), x.split(1)[1], x.unbind()[0]):
        assert np.shares_memory(view.array, x.array) and view._version is x._version
    assert not np.shares_memory(x[[0, 1]].array, x.array)


def test_multi_output_nodes_share_one_node():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3), requires_grad=True)
    parts = x.chunk(3, 1)
    assert len({id(p.grad_fn) for p in parts}) == 1 and [p._output_nr for p in parts] == [0, 1, 2]
    (parts[2] * 5).sum().backward()  # the other outputs get zeros
    np.testing.assert_allclose(x.grad.array, [[0, 0, 5], [0, 0, 5]])
