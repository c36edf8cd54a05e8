"""torch.nn modules issue 27's learner code calls (ConvTranspose1d/2d, the recurrent cells, Upsample, ...): stdout
(reprs, values on torch's RNG stream, grad_fn names, gradients), the error a case ends with and its warnings are
torch's, recorded in tests/golden/nn_modules/cases.json and its sibling nn_layers/ by their record.py (torch 2.13,
the recording machine's CPU capability in each record)."""

import json
import re

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from conftest import TESTS

RECORDS = {name: json.loads((TESTS / "golden" / name / "cases.json").read_text(encoding="utf-8"))
           for name in ("nn_modules", "nn_layers")}
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


@pytest.mark.parametrize("record, name", [(record, name) for record in RECORDS
                                          for name in sorted(RECORDS[record]["cases"])])
def test_module_as_torch(record, name):
    case = RECORDS[record]["cases"][name]
    assert run(case["source"]) == (re.sub("0x[0-9a-f]+", "0x", case["stdout"]), case["error"], case["warnings"])


@pytest.mark.parametrize("record, capability", [("nn_modules", "AVX2"), ("nn_layers", "AVX512")])
def test_recorded_with_torch_2_13(record, capability):
    assert RECORDS[record]["torch"].startswith("2.13") and RECORDS[record]["cpu_capability"] == capability
