"""Every size computed before allocating (issue 19): an op whose result can be far bigger than its inputs is
refused just above --max-tensor-bytes with the size torch would allocate, and gives torch's shape at the limit,
whichever spelling reaches it (method, function, operator, functional, module). Sizes and shapes recorded from
torch in tests/hostile/op_sizes.json (make_op_sizes.py)."""

import json
import re

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
    """A tensor is refused past --max-tensor-bytes: its elements times its dtype's size (8 where the op does not
    work the result's dtype out first); Python data converted to one past --max-elements, as it is walked."""
    conversion = case["expression"].startswith(CONVERSIONS)
    if conversion:
        limit, option, just_below, at = "max_elements", "--max-elements", case["size"] - 1, case["size"] + 20
        expected = "would have more than %d elements" % just_below
    else:
        limits.configure(max_tensor_bytes=case["size"] - 1)  # (below the size in bytes, whatever the dtype)
        with pytest.raises(GradcliError) as info:
            _run(case["expression"])
        size_in_bytes = int(re.search(r"would have %d elements \((\d+) bytes\)" % case["size"],
                                      info.value.message).group(1))
        assert size_in_bytes in (case["size"], 4 * case["size"], 8 * case["size"]), info.value.message
        limit, option, just_below, at = "max_tensor_bytes", "--max-tensor-bytes", size_in_bytes - 1, size_in_bytes
        expected = "would have %d elements (%d bytes)" % (case["size"], size_in_bytes)
    limits.configure(**{limit: just_below})
    with pytest.raises(GradcliError) as info:
        _run(case["expression"])
    error = info.value
    assert error.kind == "LimitError" and error.position is not None and error.position.line == 2
    assert expected in error.message and option in error.message, error.message
    limits.configure(**{limit: at})
    shown = _run(case["expression"])
    assert shown == "%s\n" % (case["shape"] if case["shape"] is not None else case["value"])
