"""Torch's words where gradcli used to answer in Python's or numpy's (issue 19, item 5): each script's stdout and
the error it ends with (`Kind: message`) are torch's, recorded in tests/hostile/torch_words.json
(make_torch_words.py)."""

import json
import pathlib

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from conftest import TESTS

RECORD = json.loads((TESTS / "hostile" / "torch_words.json").read_text())


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


# ---------------------------------------------------------------- Python's builtins that gradcli stands in for
BUILTINS = json.loads((pathlib.Path(api.__file__).parents[1] / "lang" / "sandbox" / "builtin_refusals.json").read_text())


def test_builtins_are_named_as_cpython_names_them():
    names = sorted(BUILTINS["types"])
    written = api.run_script("for t in [%s]:\n    print(type(t))\n" % ", ".join(names))
    assert written.splitlines() == ["<class '%s'>" % BUILTINS["types"][name] for name in names]


@pytest.mark.parametrize("name", sorted(BUILTINS["calls"]))
def test_a_builtins_refusal_is_cpythons(name):
    entry = BUILTINS["calls"][name]
    calls = {"%s(%s)" % (name, ", ".join(["1"] * n)): refused for n, refused in enumerate(entry["counts"]) if refused}
    if entry.get("more"):
        calls["%s(%s)" % (name, ", ".join(["1"] * 12))] = entry["more"].replace("{given}", "12")
    calls["%s(%s)" % (name, ", ".join(["1"] * entry["accepts"][0] + ["qqq=1"]))] = \
        entry["keyword"].replace("{keyword}", "qqq")
    for call, refused in calls.items():
        with pytest.raises(GradcliError) as caught:
            api.run_script(call + "\n")
        assert (caught.value.kind, caught.value.message) == ("TypeError", refused), call
