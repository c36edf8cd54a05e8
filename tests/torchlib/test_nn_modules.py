"""torch.nn modules issue 27's learner code calls (ConvTranspose1d/2d, ...): stdout (reprs, values on torch's RNG
stream, grad_fn names, gradients), the error a case ends with and its warnings are torch's, recorded in
tests/golden/nn_modules/cases.json by record.py (torch 2.13, this machine's CPU capability in the record)."""

import json
import re

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from conftest import TESTS

RECORD = json.loads((TESTS / "golden" / "nn_modules" / "cases.json").read_text(encoding="utf-8"))
SHOWN = re.compile(r"^<case>:\d+: (\w+): (.*)$")


def run(source):
    """What gradcli prints for `source`, the error it ends with and the warnings it shows."""
    written, warned, error = [], [], None
    try:
        api.run_script("import torch\n" + source + "\n", "<case>", write=written.append, warn=warned.append)
    except GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message.split("\n")[0])
        assert exc.position is not None
    shown = [": ".join(SHOWN.match(line).groups()) for text in warned for line in text.splitlines()
             if SHOWN.match(line)]
    return re.sub("0x[0-9a-f]+", "0x", "".join(written)), error, shown


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_module_as_torch(name):
    case = RECORD["cases"][name]
    assert run(case["source"]) == (re.sub("0x[0-9a-f]+", "0x", case["stdout"]), case["error"], case["warnings"])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX2"
