"""Every size computed before allocating (issue 19): an op whose result can be far bigger than its inputs is
refused just above --max-elements with the size torch would allocate, and gives torch's shape at the limit,
whichever spelling reaches it (method, function, operator, functional, module). Sizes and shapes recorded from
torch in tests/hostile/op_sizes.json (make_op_sizes.py)."""

import json

import pytest

from gradcli.app import api
from gradcli.core import limits
from gradcli.base.errors import GradcliError
from conftest import TESTS

CASES = json.loads((TESTS / "hostile" / "op_sizes.json").read_text())
CONVERSIONS = "torch.tensor(", "torch.as_tensor("  # python data: its lists count as it is walked


@pytest.fixture(autouse=True)
def fresh_limits():
    limits.reset()
    yield
    limits.reset()


def _run(expression):
    return api.run_script("import torch\nr = %s\nprint(list(r.shape) if isinstance(r, torch.Tensor) else r)\n"
                          % expression, "<sizes>")


@pytest.mark.parametrize("case", CASES, ids=[case["expression"] for case in CASES])
def test_refused_just_above_the_limit_and_torchs_shape_at_it(case):
    conversion = case["expression"].startswith(CONVERSIONS)
    limits.configure(max_elements=case["size"] - 1)
    with pytest.raises(GradcliError) as info:
        _run(case["expression"])
    error = info.value
    assert error.kind == "LimitError" and error.position is not None and error.position.line == 2
    expected = "would have more than %d elements" % (case["size"] - 1) if conversion \
        else "would have %d elements" % case["size"]
    assert expected in error.message and "--max-elements" in error.message, error.message
    limits.configure(max_elements=case["size"] + (20 if conversion else 0))
    shown = _run(case["expression"])
    assert shown == "%s\n" % (case["shape"] if case["shape"] is not None else case["value"])
