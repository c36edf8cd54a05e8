"""Views, shape ops and indexing: torch's grad_fn names, values, gradients and errors (golden snippets)."""

import numpy as np
import pytest

from conftest import golden, replay
from gradcli.core.tensor import Tensor


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


# ---------------------------------------------------------------- random indices: numpy's values, numeric gradients
from hypothesis import given, settings, strategies as st  # noqa: E402

from gradcheck import gradcheck  # noqa: E402

_ITEMS = st.one_of(
    st.integers(-3, 2), st.none(), st.just(Ellipsis),
    st.builds(slice, st.one_of(st.none(), st.integers(-4, 4)), st.one_of(st.none(), st.integers(-4, 4)),
              st.one_of(st.none(), st.integers(1, 3))),
    st.lists(st.integers(-3, 2), min_size=1, max_size=3))


@settings(max_examples=150, deadline=None)
@given(st.lists(_ITEMS, min_size=1, max_size=3).filter(lambda items: sum(i is Ellipsis for i in items) <= 1))
def test_indexing_agrees_with_numpy_and_numeric_gradients(items):
    base = np.arange(60, dtype=np.float64).reshape(3, 4, 5)
    index = tuple(items)
    lists = sum(isinstance(i, list) for i in items)
    if lists > 1 or (lists and any(type(i) is int for i in items)):
        return  # numpy counts an int as an advanced index next to a list; torch selects first
    try:
        expected = base[tuple(np.array(i) if isinstance(i, list) else i for i in index)]
    except IndexError:
        return
    x = Tensor(base.copy(), requires_grad=True)
    np.testing.assert_array_equal(x[index].array, expected)
    assert gradcheck(lambda t: t[index] * t[index], [base / 60])
