"""The old spellings learner code still uses (torch.range, set_default_tensor_type, Tensor.storage(), a list index
read as a tuple, ...): stdout, the error a case ends with and the warnings it shows are torch's, recorded in
tests/golden/legacy/cases.json by record.py (torch 2.13, this machine's CPU capability in the record)."""

import json
import re

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from conftest import TESTS

RECORD = json.loads((TESTS / "golden" / "legacy" / "cases.json").read_text(encoding="utf-8"))
SHOWN = re.compile(r"^<legacy>:\d+: (\w+): (.*)$")


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_legacy_spelling_as_torch(name):
    case = RECORD["cases"][name]
    written, warned, error = [], [], None
    try:
        api.run_script("import torch\n" + case["source"] + "\n", "<legacy>", write=written.append,
                       warn=warned.append)
    except GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message.split("\n")[0])
        assert exc.position is not None
    shown = [": ".join(SHOWN.match(line).groups()) for text in warned for line in text.splitlines()
             if SHOWN.match(line)]
    printed = re.sub("0x[0-9a-f]+", "0x", "".join(written))
    assert (printed, error, shown) == (re.sub("0x[0-9a-f]+", "0x", case["stdout"]), case["error"],
                                       case["warnings"])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX2"
