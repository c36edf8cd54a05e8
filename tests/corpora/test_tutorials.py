"""PyTorch's official tutorials that run under gradcli still run, and print what torch printed.

tests/corpora/tutorials/*.json keep, for each tutorial that runs (docs/agreement.md's table), torch 2.13's two runs of it and the
sha256 of the file torch ran (recorded by `tests/corpora/tutorials.py CHECKOUT --torch-python ... --record
tests/corpora/tutorials`). The tutorials' code is pytorch/tutorials' and is not kept here: these tests run when
GRADCLI_TUTORIALS names a checkout (or a copy of the files at their paths) whose file has the recorded hash, and
are skipped otherwise (and marked slow: `pytest -m slow tests/corpora/test_tutorials.py`). The verdict is tests/corpora/tutorials.py's: exact, torchdiff-compare's tolerance, or for a
tutorial whose own torch runs differ (unseeded), the same text with the numbers masked.
"""

import hashlib
import json
import os
import pathlib

import pytest

from conftest import ROOT, run_cli
from tutorials import judge

RECORDS = sorted((ROOT / "tests" / "corpora" / "tutorials").glob("*.json"))


def test_the_records_are_the_tutorials_that_run():
    assert len(RECORDS) >= 20
    for record in RECORDS:
        entry = json.loads(record.read_text(encoding="utf-8"))
        assert entry["torch"][0][0] == 0 and len(entry["sha256"]) == 64, record.name


@pytest.mark.slow  # (a tutorial trains for up to a minute)
@pytest.mark.parametrize("record", RECORDS, ids=[r.stem for r in RECORDS])
def test_tutorial_prints_what_torch_printed(record):
    entry = json.loads(record.read_text(encoding="utf-8"))
    checkout = os.environ.get("GRADCLI_TUTORIALS")
    if not checkout:
        pytest.skip("GRADCLI_TUTORIALS names no checkout of pytorch/tutorials")
    path = pathlib.Path(checkout) / entry["path"]
    if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != entry["sha256"]:
        pytest.skip("%s is not the file torch ran" % entry["path"])
    # (as tests/corpora/tutorials.py runs them: a set's order, which some tutorials print, follows the hash seed)
    result = run_cli("run", path.name, cwd=path.parent, env={"PYTHONHASHSEED": "0"}, timeout=600)
    status = judge(entry["torch"], result.returncode, result.stdout, result.stderr)
    assert status.startswith("runs"), status


def test_a_stop_of_many_lines_is_torchs_when_torchs_last_line_ends_it():
    """torch.load's weights_only refusal is a message of many lines with a word in bold: torch's stderr ends
    with its last line, gradcli's error line is its first (recipes/saving_and_loading_models_for_inference)."""
    last = "Check the documentation of torch.load to learn more."
    torch = [[1, "Net()\n", last]]
    err = ("s.py:151:9: UnpicklingError: Weights only load failed, \x1b[1mdo those steps only if you trust it\x1b[0m.\n"
           "\t(1) weights_only=False\n\n" + last + "\n    model = torch.load(PATH)\n            ^^^^^^^^^^^^^^^^\n")
    status = judge(torch, 1, "Net()\n", err)
    assert status == ("stops at line 151: UnpicklingError: Weights only load failed, do those steps only if you trust "
                      "it. — as torch 2.13 does (the same output before it)")
    assert judge([[1, "", "ValueError: other"]], 1, "", err).startswith("stops at line 151: UnpicklingError")
    assert "as torch" not in judge([[1, "", "ValueError: other"]], 1, "", err)
