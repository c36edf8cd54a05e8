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
