"""The language corpus (issue 16): scripts exercising classes, lambdas, exceptions, comprehensions, scopes,
math/random, the numpy subset and custom autograd Functions (tests/language/<category>/NNN.py), each with what
torch 2.13 printed (NNN.expected, NNN.rc, NNN.err; recorded by /work/shared/tools/torchdiff-record.py with
/work/torchenv/bin/python). Judged like the conformance corpus, in process; a few through the real command."""

import pytest

from conftest import ROOT, agrees, run_cli
from test_conformance import assert_agrees_in_process, fresh_state, squash, torch_message  # noqa: F401

CORPUS = ROOT / "tests" / "language"
CATEGORIES = {"classes", "lambdas", "exceptions", "comprehensions", "scopes", "math_random", "numpy", "functions"}


def scripts():
    return sorted(CORPUS.glob("*/*.py"))


def test_corpus_covers_every_construct():
    counts = {d.name: len(list(d.glob("*.py"))) for d in CORPUS.iterdir() if d.is_dir()}
    assert set(counts) == CATEGORIES and all(n >= 5 for n in counts.values())
    assert all(s.with_suffix(".expected").exists() and s.with_suffix(".rc").exists() for s in scripts())


@pytest.mark.parametrize("script", scripts(), ids=lambda s: "%s/%s" % (s.parent.name, s.name))
def test_script_agrees_with_torch(script, fresh_state):
    assert_agrees_in_process(script)


@pytest.mark.parametrize("name", ["classes/019.py", "functions/013.py"])
def test_command_line_reports_uncaught_errors_as_torch_words_them(name):
    script = CORPUS / name
    result = run_cli("run", str(script), cwd=script.parent)
    message = torch_message(script)
    assert message is not None and result.returncode == 1
    assert "Traceback" not in result.stderr and squash(message) in squash(result.stderr)
    assert ":%d:" % int(result.stderr.split(":")[1]) in result.stderr and "^" in result.stderr
    assert agrees(script.with_suffix(".expected").read_text(encoding="utf-8"), result.stdout)
