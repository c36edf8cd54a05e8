"""torch.optim, torch.utils.data and the devices against torch: a corpus of scripts (tests/training/<category>/
*.py) with what torch 2.13 printed (.expected, .rc, .err; recorded with /work/shared/tools/torchdiff-record.py):
each optimizer for 200 steps or more with its parameters printed at full precision, the schedulers, data loading
with seeded shuffles, the CPU-only device calls, and torch's errors for bad arguments.

The bar is exact: the same stdout character for character (after 0x... addresses). Adam, AdamW, RMSprop and
Adagrad take square roots, which torch's x86 wheels compute with Intel MKL (not always correctly rounded in
float32); gradcli calls MKL when the optional `mkl` extra is installed and is then exact too. Without it, a
script that took a square root must still agree by torchdiff-compare's tolerant rule, but for those listed in
NEEDS_MKL (strict xfails then).

Scripts run in-process (restoring print options and grad mode after each); a few also run
through the real `gradcli run`."""


import pytest

from conftest import ROOT, agrees, run_cli
from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.kernels import mkl
from gradcli.lang.sandbox import namespace
from gradcli.ops.rows.creation import tensor
from gradcli.torchlib.optim.sgd import SGD
from gradcli.torchlib.utils.data.dataloader import DataLoader
from gradcli.torchlib.utils.data.dataset import TensorDataset
from test_conformance import fresh_state, name_of, squash  # noqa: F401 (fresh_state is a fixture)

CORPUS = ROOT / "tests" / "training"


# scripts whose trajectory, with numpy's correctly rounded square roots instead of MKL's, leaves torch's by more
# than the tolerant rule allows: RMSprop divides by sqrt(square_avg) + eps, and where a gradient nearly vanishes
# an ulp of that root grows step after step
NEEDS_MKL = {"optimizers/rmsprop_default.py", "optimizers/rmsprop_centered_momentum.py"}


def scripts():
    return sorted(CORPUS.glob("*/*.py"))


def _cases():
    cases = []
    for script in scripts():
        marks = []
        if name_of(script) in NEEDS_MKL and not mkl.available():
            marks = [pytest.mark.xfail(reason="needs MKL's square roots (pip install 'gradcli[mkl]')", strict=True)]
        cases.append(pytest.param(script, id=name_of(script), marks=marks))
    return cases


def torch_error(script):
    """The last line torch printed on stderr when it raised (`ValueError: Invalid learning rate: -0.1`), or None."""
    err = script.with_suffix(".err")
    return err.read_text(encoding="utf-8").strip() if err.exists() else None


@pytest.fixture
def roots_taken(monkeypatch):
    """A list that gets an entry for each square root computed (through MKL or, without it, numpy)."""
    taken = []
    vml = mkl.vml

    def counted(name, x):
        taken.append(name)
        return vml(name, x)
    monkeypatch.setattr(mkl, "vml", counted)
    return taken


def run(script):
    """(stdout, the GradcliError raised or None)."""
    out = []
    try:
        api.run_script(script.read_text(encoding="utf-8"), str(script), write=out.append, warn=lambda _: None)
    except GradcliError as error:
        return "".join(out), error
    return "".join(out), None


def test_corpus_covers_every_part():
    counts = {d.name: len(list(d.glob("*.py"))) for d in CORPUS.iterdir() if d.is_dir()}
    assert counts.keys() == {"optimizers", "schedulers", "data", "devices", "errors"}
    assert sum(counts.values()) >= 50
    assert all(s.with_suffix(".expected").exists() and s.with_suffix(".rc").exists() for s in scripts())


def test_every_listed_script_exists():
    assert NEEDS_MKL <= {name_of(s) for s in scripts()}


@pytest.mark.parametrize("script", _cases())
def test_script_agrees_with_torch_exactly(script, fresh_state, roots_taken):
    actual, error = run(script)
    raised = torch_error(script)
    if error is not None:
        assert raised is not None, "torch ran the script, gradcli raised %s" % error
        assert squash(str(error)) == squash(raised), "torch raised: %s" % raised
    else:
        assert raised is None, "torch raised %s, gradcli ran to the end" % raised
    expected = script.with_suffix(".expected").read_text(encoding="utf-8")
    if roots_taken and not mkl.available():
        assert agrees(expected, actual), "\n--- torch\n%s\n--- gradcli\n%s" % (expected, actual)
    else:
        assert namespace_free(actual) == namespace_free(expected), "\n--- torch\n%s\n--- gradcli\n%s" % (
            expected, actual)


def namespace_free(text):
    """The text with 0x... addresses replaced, as torchdiff-compare's exact verdict."""
    import re
    return re.sub(r"0x[0-9a-fA-F]+", "0xADDR", text)


@pytest.mark.parametrize("name", ["optimizers/sgd_plain.py", "errors/sgd_unknown_option.py",
                                  "data/shuffle_seeded.py"])
def test_command_line(name):
    script = CORPUS / name
    result = run_cli("run", str(script), cwd=script.parent)
    raised = torch_error(script)
    assert "Traceback" not in result.stderr
    assert (result.returncode != 0) == (raised is not None), result.stderr
    if raised is not None:
        assert squash(raised) in squash(result.stderr)
    assert result.stdout == script.with_suffix(".expected").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the names scripts reach
@pytest.mark.parametrize("module", ["torch.optim", "torch.optim.lr_scheduler", "torch.utils.data",
                                    "torch.cuda", "torch.accelerator", "torch.backends.mps"])
def test_every_name_is_one_torch_has_there(module):
    """A script using a name torch lacks would not run under torch (tests/golden/names/make_names.py)."""
    torch_names = namespace.torch_names()
    assert sorted(set(namespace.MODULES[module].members) - set(torch_names[module])) == []


def test_library_objects_show_their_members_only():
    w = tensor([1.0, 2.0], requires_grad=True)
    sgd = SGD([w], lr=0.1)
    assert namespace.get_attribute(sgd, "param_groups")[0]["lr"] == 0.1
    for name in ("_update", "_with_grad", "__class__", "_scheduled", "__dict__"):
        with pytest.raises(GradcliError):
            namespace.get_attribute(sgd, name)
    loader = DataLoader(TensorDataset(w), batch_size=2)
    assert namespace.get_attribute(loader, "batch_size") == 2
    with pytest.raises(GradcliError):
        namespace.get_attribute(loader, "_index_sampler")
    assert "zero_grad" in namespace.members(sgd) and "_update" not in namespace.members(sgd)



def test_iter_and_next_without_endless_forms():
    assert api.run_script("it = iter([1, 2])\nprint(next(it), next(it), next(it, 'end'))") == "1 2 end\n"
    with pytest.raises(GradcliError, match="gradcli's iter\\(\\) takes one argument"):
        api.run_script("def f():\n    return 0\nprint(list(iter(f, 1)))")
    with pytest.raises(GradcliError, match="v must be callable"):  # (CPython's words where it refuses too)
        api.run_script("print(list(iter([1], 1)))")
