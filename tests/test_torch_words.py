"""Torch's words where gradcli used to answer in Python's or numpy's (issue 19, item 5): each script's stdout and
the error it ends with (`Kind: message`) are torch's, recorded in tests/hostile/torch_words.json
(make_torch_words.py)."""

import json
import pathlib

import pytest

from gradcli import api
from gradcli.errors import GradcliError

RECORD = json.loads((pathlib.Path(__file__).parent / "hostile" / "torch_words.json").read_text())


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_torchs_words(name):
    case = RECORD["cases"][name]
    written = []
    error = None
    try:
        api.run_script(RECORD["setup"] + case["source"] + "\n", "<words>", write=written.append)
    except GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message.split("\n")[0])
        assert exc.position is not None
    assert ("".join(written), error) == (case["stdout"], case["error"])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13")
