"""Numerical edge cases behave as torch: division by zero, log(0), overflow, nan, gradients at kinks and ties,
empty tensors, integer division. torch's output is recorded in tests/golden/edge/cases.json by
tests/golden/edge/record.py; each case's script runs through gradcli and must print the same text and end in the
same exception (`Kind: message`), if torch's did.

A case whose torch function gradcli does not have yet is skipped with the missing name, not passed.
"""

import json
import re

import pytest

from conftest import GOLDEN
from gradcli.app import api
from gradcli.base.errors import GradcliError

DATA = json.loads((GOLDEN / "edge" / "cases.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]
_MISSING = re.compile(r"(?:module 'torch'|'Tensor' object) has no attribute '(\w+)'")


def run_gradcli(source):
    """What gradcli prints for `source`, and its error as `Kind: message` (or None)."""
    printed = []
    try:
        api.run_script("import torch\n" + source + "\n", "<edge>", write=printed.append)
    except GradcliError as error:
        return "".join(printed), "%s: %s" % (error.kind, error.message)
    return "".join(printed), None


@pytest.mark.parametrize("name", sorted(CASES))
def test_edge_case_matches_torch(name):
    case = CASES[name]
    stdout, error = run_gradcli(case["source"])
    missing = _MISSING.search(error or "")
    if missing and not (case["error"] or "").endswith(missing.group(0)):
        pytest.skip("gradcli has no %s yet (owner: ops)" % missing.group(1))
    assert (stdout, error) == (case["stdout"], case["error"]), "script:\n" + case["source"]


def test_goldens_were_recorded_with_torch_2_13():
    assert DATA["torch"].startswith("2.13")
    assert len(CASES) >= 40
