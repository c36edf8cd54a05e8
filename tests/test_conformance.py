"""The conformance corpus: tutorial-style PyTorch scripts (tests/conformance/<category>/NNN.py) with what torch
2.13 printed (NNN.expected, NNN.rc and, where torch raised, NNN.err; recorded with
/work/shared/tools/torchdiff-record.py). Each script must agree with torch by torchdiff-compare's rules:
stdout identical after replacing 0x... addresses, or the same tokens with floats within 1e-4 relative or one
unit in the last printed digit; where torch raised, the run must fail with torch's message.

Scripts run in-process through gradcli.app.api.run_script (a subprocess each would take minutes); the state a
script can change globally (print options, grad mode) is restored between them. One test runs a few
scripts through the real `gradcli run` to check exit codes and stderr end to end.

Scripts that still differ are listed in DIFFERS with the reason; they are strict xfails, so one that starts
agreeing must be taken off the list."""

import subprocess
import sys

import pytest

from conftest import ROOT, agrees, run_cli

CORPUS = ROOT / "tests" / "conformance"

# script -> why gradcli still differs from torch there (missing op, known bug and the module that owns it)
DIFFERS = {}

def squash(text):
    return " ".join(text.split())


def torch_message(script):
    """The message of the exception torch raised running `script` (text after 'SomethingError: '), or None."""
    err = script.with_suffix(".err")
    if not err.exists():
        return None
    line = err.read_text(encoding="utf-8").strip()
    return line.split(": ", 1)[1] if ": " in line else line


def scripts():
    return sorted(CORPUS.glob("*/*.py"))


def name_of(script):
    return "%s/%s" % (script.parent.name, script.name)


def _cases():
    cases = []
    for script in scripts():
        name = name_of(script)
        marks = [pytest.mark.xfail(reason=DIFFERS[name], strict=True)] if name in DIFFERS else []
        cases.append(pytest.param(script, id=name, marks=marks))
    return cases


@pytest.fixture
def fresh_state():
    """Undo what a script may set for the whole process: print options and grad mode."""
    from gradcli.base import grad_mode
    from gradcli.core import printing
    yield
    printing.set_printoptions(profile="default")
    grad_mode.set_grad_enabled(True)


def test_corpus_covers_every_category():
    counts = {d.name: len(list(d.glob("*.py"))) for d in CORPUS.iterdir() if d.is_dir()}
    assert set(counts) >= {"basics", "ops", "views_indexing", "inplace", "higher_order", "training", "printing",
                           "errors", "language"}
    assert sum(counts.values()) >= 150
    assert all(s.with_suffix(".expected").exists() and s.with_suffix(".rc").exists() for s in scripts())


def test_every_listed_difference_names_a_script():
    names = {name_of(s) for s in scripts()}
    assert set(DIFFERS) <= names


@pytest.mark.parametrize("script", _cases())
def test_script_agrees_with_torch(script, fresh_state):
    assert_agrees_in_process(script)


def numpy_on_this_machine(script):
    """What a script that imports numpy and not torch prints under Python with the real numpy, here; None for the
    others. numpy's own SIMD kernels (sin, power) round by the CPU's features, and gradcli's numpy calls them:
    numpy on this machine is the oracle, the .expected recorded elsewhere only its witness (tests/language/numpy/
    005.py, a diverging fit, amplifies a last-bit difference of np.sin between AVX2 and AVX-512 machines)."""
    text = script.read_text(encoding="utf-8")
    if "numpy" not in text or "torch" in text:
        return None
    ran = subprocess.run([sys.executable, script.name], cwd=script.parent, capture_output=True, text=True,
                         timeout=60)
    return ran.stdout


def assert_agrees_in_process(script):
    """Run `script` through api.run_script and compare its output and error with what torch did; returns what
    the script printed."""
    from gradcli.app import api
    from gradcli.base.errors import GradcliError
    out, warnings = [], []
    message = torch_message(script)
    try:
        api.run_script(script.read_text(encoding="utf-8"), str(script), write=out.append, warn=warnings.append)
    except GradcliError as error:
        assert message is not None, "torch ran the script, gradcli raised %s" % error
        assert squash(message) in squash(str(error)), "torch raised: %s" % message
    else:
        assert message is None, "torch raised %s, gradcli ran to the end" % message
    expected = numpy_on_this_machine(script) or script.with_suffix(".expected").read_text(encoding="utf-8")
    actual = "".join(out)
    assert agrees(expected, actual), "\n--- torch\n%s\n--- gradcli\n%s" % (expected, actual)
    return actual


# one script of each kind through the real command: a clean run, an error after output, a version-counter error
END_TO_END = ["basics/002.py", "errors/003.py", "inplace/007.py"]


@pytest.mark.parametrize("name", END_TO_END)
def test_command_line_exit_code_and_stderr(name):
    script = CORPUS / name
    result = run_cli("run", str(script), cwd=script.parent)
    message = torch_message(script)
    assert "Traceback" not in result.stderr
    if message is None:
        assert result.returncode == 0, result.stderr
    else:
        assert result.returncode != 0
        assert squash(message) in squash(result.stderr)
    assert agrees(script.with_suffix(".expected").read_text(encoding="utf-8"), result.stdout)
