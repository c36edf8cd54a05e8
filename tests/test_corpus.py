"""The corpus: PyTorch autograd snippets in the style of common tutorials, each run through `gradcli run` and
compared with what torch 2.13 printed (tests/corpus/<category>/NNN.expected, .rc, .err, recorded with
/work/shared/tools/torchdiff-record.py). Agreement is torchdiff-compare's rule: identical after replacing
0x... addresses, or the same tokens with numbers off by at most one unit in the last printed digit. Where
torch raised, gradcli must exit non-zero with torch's message on stderr."""

import pytest

from conftest import ROOT, agrees, run_cli

CORPUS = ROOT / "tests" / "corpus"


def _cases():
    cases = []
    for script in sorted(CORPUS.glob("*/*.py")):
        name = "%s/%s" % (script.parent.name, script.name)
        cases.append(pytest.param(script, id=name))
    return cases


def test_corpus_is_large_enough():
    assert len(list(CORPUS.glob("*/*.py"))) >= 40
    assert all(p.with_suffix(".expected").exists() for p in CORPUS.glob("*/*.py"))


@pytest.mark.parametrize("script", _cases())
def test_script_agrees_with_torch(script):
    result = run_cli("run", str(script), cwd=script.parent)
    expected = script.with_suffix(".expected").read_text(encoding="utf-8")
    err_file = script.with_suffix(".err")
    assert "Traceback" not in result.stderr
    if err_file.exists():
        line = err_file.read_text(encoding="utf-8").strip()
        message = line.split(": ", 1)[1] if ": " in line else line
        assert result.returncode != 0, "torch raised %s" % line
        assert " ".join(message.split()) in " ".join(result.stderr.split())
    else:
        assert result.returncode == 0, result.stderr
    assert agrees(expected, result.stdout), "\n--- torch\n%s\n--- gradcli\n%s" % (expected, result.stdout)
