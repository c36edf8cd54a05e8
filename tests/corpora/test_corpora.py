"""Every corpus of scripts against what torch 2.13 printed, through one driver.

A corpus is a folder of tests/corpora/ holding scripts (<category>/NNN.py, or NNN.py at its top) with what torch
printed running them: NNN.expected (stdout), NNN.rc and, where torch raised, NNN.err (its last stderr line);
recorded with /work/shared/tools/torchdiff-record.py on the machine and capability its README or manifest names.
CORPORA says how each is judged:
- tolerant: torchdiff-compare's verdict (identical after replacing 0x... addresses, or the same tokens with
  numbers within 1e-4 relative or one unit in the last printed digit); where torch raised, gradcli must raise
  with torch's message in its own;
- exact: the same text character for character (addresses aside), and torch's error line exactly;
  `exact_in` names categories exact inside a tolerant corpus (seeded draws printed at full precision);
- through the command: each script runs as `gradcli run FILE` in a subprocess (exit code and stderr checked
  too); otherwise in process through gradcli.app.api.run_script, with a few scripts through the command as
  well (`end_to_end`);
- and in every corpus, the lines torch itself printed differently from run to run (NAME.varies: a clock,
  uninitialised memory, id()) are compared without their numbers or whitespace (varying.py).
A script that still differs is listed with its reason and is a strict xfail, so one that starts agreeing must
be taken off the list. tests/kernels/test_exact_scripts.py (exact per CPU capability) and
tests/corpora/test_tutorials.py (PyTorch's tutorials, from a checkout) judge their scripts differently.
"""

import re
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

if __name__ == "__main__":  # run as a script to rewrite the docs' learner tables: conftest is one folder up
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
from conftest import TESTS, agrees, mkl_golden, normalize_addresses, run_cli
import varying
from mkl_scripts import MKL_SCRIPTS
from gradcli.kernels import mkl

CORPORA_DIR = TESTS / "corpora"
MKL_NEEDED = "needs MKL's arithmetic, its square roots or its sgemm (pip install 'gradcli[mkl]')"


@dataclass
class Corpus:
    folder: str
    categories: set = field(default_factory=set)  # the categories it must cover (at least these)
    least: int = 1  # how many scripts it must hold
    exact: bool = False
    exact_in: set = field(default_factory=set)
    through_command: bool = False
    end_to_end: tuple = ()  # scripts also run through the real command
    differs: dict = field(default_factory=dict)  # script -> why gradcli still differs (a strict xfail)
    needs_mkl: set = field(default_factory=set)  # scripts that agree only with MKL's roots or sgemm
    rebuilt: bool = False  # its scripts are not kept here: listed in its manifest.json, rebuilt from their sources


CORPORA = {corpus.folder: corpus for corpus in [
    # tutorial-style scripts of every part of torch's autograd a learner meets
    Corpus("conformance", {"basics", "ops", "views_indexing", "inplace", "higher_order", "training", "printing",
                           "errors", "language"}, least=150, end_to_end=("basics/002.py", "errors/003.py",
                                                                          "inplace/007.py")),
    # autograd snippets in the style of common tutorials, each through `gradcli run`
    Corpus("snippets", least=40, through_command=True),
    # the language: classes, lambdas, exceptions, comprehensions, scopes, math/random, numpy, Functions, itertools,
    # generators
    Corpus("language", {"classes", "lambdas", "exceptions", "comprehensions", "scopes", "math_random", "numpy",
                        "functions", "itertools", "generators"}, least=40,
           end_to_end=("classes/019.py", "functions/013.py")),
    # torch.nn: modules, init, layers, conv, rnn, losses, functional, dropout, training
    Corpus("nn", {"modules", "init", "layers", "conv", "rnn", "losses", "functional", "dropout", "training"},
           least=40, exact_in={"init", "dropout"}, differs={
               "rnn/007.py": "a gradient taken with create_graph=True through a float32 LSTM: torch's differentiable "
                             "backward of its oneDNN layer ends the input's gradient in a cat (CatBackward0), "
                             "gradcli's (the VJP of the layer in tensor ops, ops/composite) in a view "
                             "(ViewBackward0); the values agree"}),
    # torch.optim, the schedulers, torch.utils.data, devices: parameters printed at full precision, exactly.
    # RMSprop divides by sqrt(square_avg) + eps: where a gradient nearly vanishes, an ulp of numpy's correctly
    # rounded root against MKL's grows step after step
    Corpus("training", {"optimizers", "schedulers", "data", "devices", "errors"}, least=50, exact=True,
           end_to_end=("optimizers/sgd_plain.py", "errors/sgd_unknown_option.py", "data/shuffle_seeded.py"),
           needs_mkl={"optimizers/rmsprop_default.py", "optimizers/rmsprop_centered_momentum.py"}),
    # real learner code from public repositories, nearly verbatim (issue 27; learners_build.py, manifest.json).
    # The project keeps no copy of another repository's code: torch's output and the manifest are here, the
    # scripts are rebuilt from clones (`python tests/corpora/learners_build.py rebuild --repos DIR`) and skipped
    # where they are not.
    # what each still needs is its listed reason
    Corpus("learners", least=175, rebuilt=True, needs_mkl={"jcjohnson/001.py", "pytorch_examples/004.py"}, differs={
        'd2l_en/007.py': "NameError: gradcli does not give access to Python's builtin 'compile' (the script compiles and execs text it built: withheld, as eval and exec are; torch.jit.script follows, out of reach too)",
        'd2l_en/019.py': 'NotImplementedError: gradcli does not implement torch.linalg.eig yet',
        'd2l_zh/024.py': "NameError: gradcli does not give access to Python's builtin 'compile' (the script compiles and execs text it built: withheld, as eval and exec are; torch.jit.script follows, out of reach too)",
        'eat_pytorch/005.py': "NotImplementedError: gradcli does not implement torch.linalg.eig yet (a real matrix's eigenvalues are complex in general, torch.complex64, and gradcli has no complex dtype)",
        'pytorch_examples/001.py': 'NotImplementedError: gradcli does not implement torch.fx yet (out of reach: fx traces a module into a graph and writes Python code from it)',
        'pytorch_examples/002.py': 'NotImplementedError: gradcli does not implement torch.fx yet (out of reach: fx traces a module into a graph and writes Python code from it)',
        'pytorch_examples/003.py': "AttributeError: gradcli does not give access to '__enter__' (the script patches torch.autograd.profiler.record_function's __enter__ and __exit__, a dunder write refused before the script runs; what it patches them for is tracing with torch.fx, out of reach too)",
    }),
    # the three tutorial scripts gradcli was created from (copies of ../shared/seeds)
    Corpus("seeds", least=3, exact=True, through_command=True),
]}


def scripts(corpus):
    folder = CORPORA_DIR / corpus.folder
    if corpus.rebuilt:
        return sorted(folder / entry["script"] for entry in manifest(corpus)["scripts"])
    return sorted(folder.glob("*.py")) + sorted(folder.glob("*/*.py"))


def manifest(corpus):
    import json
    return json.loads((CORPORA_DIR / corpus.folder / "manifest.json").read_text(encoding="utf-8"))


def missing(corpus):
    """The scripts of a rebuilt corpus that are not here as their manifest has them (name -> why)."""
    import hashlib
    absent = {}
    for entry in manifest(corpus)["scripts"]:
        path = CORPORA_DIR / corpus.folder / entry["script"]
        if not path.exists():
            absent[entry["script"]] = "not rebuilt (tests/corpora/learners_build.py rebuild --repos DIR)"
        elif hashlib.sha256(path.read_bytes()).hexdigest() != entry["script_sha256"]:
            absent[entry["script"]] = "not the script its manifest records (rebuild it)"
    return absent


def name_of(script):
    parts = script.relative_to(CORPORA_DIR).parts[1:]
    return "/".join(parts)


def torch_error(script):
    """The last line torch printed on stderr when it raised (`ValueError: Invalid learning rate: -0.1`), or None."""
    err = script.with_suffix(".err")
    return err.read_text(encoding="utf-8").strip() if err.exists() else None


def torch_message(script):
    """The message of the exception torch raised running `script` (text after 'SomethingError: '), or None."""
    line = torch_error(script)
    return None if line is None else (line.split(": ", 1)[1] if ": " in line else line)


def squash(text):
    return " ".join(text.split())


def numpy_on_this_machine(script):
    """What a script that imports numpy and not torch prints under Python with the real numpy, here; None for the
    others. numpy's own SIMD kernels (sin, power) round by the CPU's features, and gradcli's numpy calls them:
    numpy on this machine is the oracle, the .expected recorded elsewhere only its witness (language/numpy/
    005.py, a diverging fit, amplifies a last-bit difference of np.sin between AVX2 and AVX-512 machines)."""
    text = script.read_text(encoding="utf-8")
    if "numpy" not in text or "torch" in text:
        return None
    ran = subprocess.run([sys.executable, script.name], cwd=script.parent, capture_output=True, text=True,
                         timeout=60)
    return ran.stdout


def _cases():
    for corpus in CORPORA.values():
        absent = missing(corpus) if corpus.rebuilt else {}
        for script in scripts(corpus):
            name = name_of(script)
            marks = [pytest.mark.skip(reason=absent[name])] if name in absent else []
            if name in corpus.differs:
                marks.append(pytest.mark.xfail(reason=corpus.differs[name], strict=True))
            if name in corpus.needs_mkl and not mkl.available():
                marks.append(pytest.mark.xfail(reason=MKL_NEEDED, strict=True))
            yield pytest.param(corpus, script, id="%s/%s" % (corpus.folder, name), marks=marks)


@pytest.fixture
def roots_taken(monkeypatch):
    """A list that gets an entry for each of MKL's VML functions computed (square roots, exp, ...: through MKL
    or, without it, numpy's or the estimate), whether called through unary.vml or a row's vml_kernel."""
    from gradcli.kernels import unary
    taken = []
    vml, choice = mkl.vml, unary._vml_choice

    def counted(name, x):
        taken.append(name)
        return vml(name, x)

    def counted_choice(name, dtype, fallback):
        function = choice(name, dtype, fallback)
        if dtype.char not in "fd":
            return function

        def call(x):
            taken.append(name)
            return function(x)
        return call
    monkeypatch.setattr(mkl, "vml", counted)
    monkeypatch.setattr(unary, "_vml_choice", counted_choice)
    unary.forget_vml_choices()
    yield taken
    unary.forget_vml_choices()  # (so that the next test's calls choose again, without the counting)


def torch_stdout(corpus, script):
    """What torch printed: for MKL_SCRIPTS, on this machine's MKL path (skipping where it was not recorded)."""
    golden = script.with_suffix(".expected")
    if (CORPORA_DIR / corpus.folder) in script.parents and name_of(script) in MKL_SCRIPTS.get(corpus.folder, ()):
        golden = mkl_golden(golden)
    return golden.read_text(encoding="utf-8")


def judge(corpus, script, printed, error, roots_taken=()):
    """Compare a run's stdout and its error (text, or None) with what torch did."""
    raised = torch_error(script)
    if error is not None:
        assert raised is not None, "torch ran the script, gradcli raised %s" % error
        if corpus.exact:
            assert squash(raised) in squash(error), "torch raised: %s" % raised
        else:
            assert squash(torch_message(script)) in squash(error), "torch raised: %s" % raised
    else:
        assert raised is None, "torch raised %s, gradcli ran to the end" % raised
    expected = numpy_on_this_machine(script) or torch_stdout(corpus, script)
    exact = (corpus.exact and not (roots_taken and not mkl.available())) or script.parent.name in corpus.exact_in
    same_text = (lambda want, got: normalize_addresses(want) == normalize_addresses(got)) if exact else agrees
    same = varying.agrees(expected, printed, varying.read(script.with_suffix(".varies")), same_text)
    assert same, "\n--- torch\n%s\n--- gradcli\n%s" % (expected, printed)


@pytest.mark.parametrize("corpus, script", list(_cases()))
def test_script_agrees_with_torch(corpus, script, roots_taken):
    if corpus.through_command:
        result = run_cli("run", str(script), cwd=script.parent)
        assert "Traceback" not in result.stderr
        assert (result.returncode != 0) == (torch_error(script) is not None), result.stderr
        judge(corpus, script, result.stdout, result.stderr if result.returncode else None)
        return
    from gradcli.app import api
    from gradcli.base.errors import GradcliError
    out = []
    try:
        api.run_script(script.read_text(encoding="utf-8"), str(script), write=out.append, warn=lambda _: None)
    except GradcliError as error:
        judge(corpus, script, "".join(out), str(error), roots_taken)
    else:
        judge(corpus, script, "".join(out), None, roots_taken)


@pytest.mark.parametrize("corpus, name", [(c, n) for c in CORPORA.values() for n in c.end_to_end],
                         ids=lambda v: v.folder if isinstance(v, Corpus) else v)
def test_command_line_exit_code_and_stderr(corpus, name):
    """Through the real command: torch's exit status, its words on stderr with file, line and caret, no
    traceback, and the output before an error kept."""
    script = CORPORA_DIR / corpus.folder / name
    result = run_cli("run", str(script), cwd=script.parent)
    assert "Traceback" not in result.stderr
    assert (result.returncode != 0) == (torch_error(script) is not None), result.stderr
    if result.returncode:
        assert result.returncode == 1 and "^" in result.stderr
        assert ":%d:" % int(result.stderr.split(":")[1]) in result.stderr
    judge(corpus, script, result.stdout, result.stderr if result.returncode else None)


@pytest.mark.parametrize("corpus", CORPORA.values(), ids=lambda c: c.folder)
def test_corpus_is_whole(corpus):
    """Each corpus covers its categories, every script has torch's record, and every listed script exists."""
    found = scripts(corpus)  # (a rebuilt corpus: every script its manifest lists, rebuilt here or not)
    assert len(found) >= corpus.least
    categories = {s.parent.name for s in found if s.parent != CORPORA_DIR / corpus.folder}
    assert categories >= corpus.categories
    assert all(s.with_suffix(".expected").exists() for s in found)
    names = {name_of(s) for s in found}
    assert set(corpus.differs) | corpus.needs_mkl | set(corpus.end_to_end) | MKL_SCRIPTS.get(corpus.folder, set()) <= names


def test_the_driver_sees_every_corpus():
    folders = {p.name for p in CORPORA_DIR.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - set(CORPORA) == {"exact", "tutorials"}  # judged by their own tests (see the docstring)


def test_the_verdict_can_fail():
    seed = CORPORA_DIR / "seeds" / "seed-001-accumulate.py"
    with pytest.raises(AssertionError):
        judge(CORPORA["seeds"], seed, "tensor([1.])\n", None)
    with pytest.raises(AssertionError):
        judge(CORPORA["seeds"], seed, "", "RuntimeError: something else")


def varying_case(tmp_path, expected, varies):
    script = tmp_path / "001.py"
    script.write_text("import torch\n")
    script.with_suffix(".expected").write_text(expected)
    script.with_suffix(".varies").write_text(varies)
    return script


def test_only_the_lines_torch_printed_differently_are_compared_without_their_numbers(tmp_path):
    script = varying_case(tmp_path, "tensor([1., 2.])\n0.10637831687927246 sec\nloss 0.25\n", "2\n")
    learners = CORPORA["learners"]
    judge(learners, script, "tensor([1., 2.])\n2.002716064453125e-05 sec\nloss 0.25\n", None)
    for wrong in ("tensor([1., 3.])\n0.1 sec\nloss 0.25\n",  # a fixed line's number
                  "tensor([1., 2.])\n0.1 min\nloss 0.25\n",  # a varying line's word
                  "tensor([1., 2.])\n0.1 sec\nloss 0.5\n", "tensor([1., 2.])\n0.1 sec\n",
                  "tensor([1., 2.])\n0.1 0.2 sec\nloss 0.25\n"):  # a number more
        with pytest.raises(AssertionError):
            judge(learners, script, wrong, None)


def test_a_varying_block_may_span_other_lines_and_widths_but_not_other_words(tmp_path):
    """torch.empty's memory in a repr: its column widths, and where it wraps, follow the numbers it holds."""
    torch_printed = ("x\ntensor([[ 1.9931e-38, -3.0917e-41,  0.0000e+00],\n        [ 7.8146e+20,  9.8439e-12,"
                     "  1.1704e-19]])\ny = tensor([1., 2.])\n")
    script = varying_case(tmp_path, torch_printed, "2-3\n")
    learners = CORPORA["learners"]
    judge(learners, script, "x\ntensor([[0., 0., 0.], [0., 0., 0.]])\ny = tensor([1., 2.])\n", None)
    judge(learners, script, "x\ntensor([[0.,\n0., 0.],\n[0., 0., 0.]])\ny = tensor([1., 2.])\n", None)
    for wrong in ("x\ntensor([[0., 0., 0.], [0., 0., 0.]], dtype=torch.float64)\ny = tensor([1., 2.])\n",
                  "x\ntensor([[0., 0., 0.], [0., 0.]])\ny = tensor([1., 2.])\n",
                  "x\ntensor([[0., 0., 0.], [0., 0., 0.]])\ny = tensor([1., 3.])\n",
                  "z\ntensor([[0., 0., 0.], [0., 0., 0.]])\ny = tensor([1., 2.])\n",
                  "x\ntensor([[0., 0., 0.], [0., 0., 0.]])\n\ny = tensor([1., 2.])\n"):
        with pytest.raises(AssertionError):
            judge(learners, script, wrong, None)


def test_the_blocks_are_where_torchs_runs_differ_and_land_on_the_kept_record():
    first = "a\ntensor([1.9931e-38, 3.0917e-41])\nloss 0.2500001\nid 140333953309648\nb\n"
    again = "a\ntensor([0., 0.])\nloss 0.2500001\nid 140333953309648\nb\n"
    fresh = "a\ntensor([-1.5853e+29,\n        -1.5853e+29])\nloss 0.2500001\nid 139871632001872\nb\n"
    assert varying.blocks_between([first, again, fresh]) == [(2, 2), (4, 4)]  # line 2 printed as 1 and as 2
    assert varying.blocks_between([first, again]) == [(2, 2)]
    assert varying.blocks_between([first, first]) == []
    assert varying.blocks_between([first, first.replace("id 1", "id 2")]) == [(4, 4)]
    # the record kept from another machine prints a float's last digit differently and has a line more
    kept = "a\ntensor([5.2e-39, 0.0000e+00])\nloss 0.2500002\nid 140333953309648\nid 1\nb\n"
    assert varying.carried([(2, 2), (4, 4)], first, kept) == [(2, 2), (4, 4)]
    assert varying.carried([(5, 5)], first, kept) == [(6, 6)]
    assert varying.carried([(4, 4)], first, kept.replace("id 1\n", "")) == [(4, 4)]


class CannedTorch:
    """learners_record's Recorder with torch's three runs given: the first two forked, the third fresh."""

    def __init__(self, *stdouts):
        self.stdouts = list(stdouts)

    def run(self, script):
        return 0, self.stdouts.pop(0), ""

    run_fresh = run


def test_the_recorder_keeps_the_expected_and_writes_where_torchs_runs_differ(tmp_path):
    import learners_record
    script = tmp_path / "001.py"
    script.write_text("import torch\n")
    runs = ("x\ntensor([0., 0.])\nloss 0.25\n", "x\ntensor([0., 0.])\nloss 0.25\n",
            "x\ntensor([-1.5853e+29,\n        -1.5853e+29])\nloss 0.25\n")
    assert learners_record.record(CannedTorch(*runs), script) == 0
    assert script.with_suffix(".expected").read_text() == runs[0] and script.with_suffix(".rc").read_text() == "0\n"
    assert script.with_suffix(".varies").read_text() == "2\n"
    kept = "an AVX2 line\nx\ntensor([7.5e+20, 0.0])\nloss 0.2500001\n"
    script.with_suffix(".expected").write_text(kept)
    learners_record.record(CannedTorch(*runs), script, keep_expected=True)
    assert script.with_suffix(".expected").read_text() == kept and script.with_suffix(".varies").read_text() == "3\n"
    learners_record.record(CannedTorch(runs[0], runs[0], runs[0]), script, keep_expected=True)
    assert not script.with_suffix(".varies").exists()


def test_the_learner_corpus_is_its_manifest():
    """The learner corpus: at least 175 scripts from at least 10 repositories, each with its source (repository,
    path, commit, sha256) and torch's record; a script rebuilt here is what learners_build.py makes of that
    source (the sha256 of the built script: `missing`), and no script is kept in the repository."""
    corpus = CORPORA["learners"]
    entries = manifest(corpus)["scripts"]
    assert len(entries) >= 175 and len({e["repository"] for e in entries}) >= 10
    for entry in entries:
        assert {"repository", "path", "commit", "source_sha256", "script_sha256"} <= set(entry), entry["script"]
    tracked = subprocess.run(["git", "ls-files", "--", "*.py"], cwd=CORPORA_DIR / corpus.folder,
                             capture_output=True, text=True)
    assert tracked.returncode != 0 or tracked.stdout == ""
    assert all((CORPORA_DIR / corpus.folder / e["script"]).with_suffix(".expected").exists() for e in entries)




# ---------------------------------------------------------------- docs/agreement.md's learner-corpus tables
AGREEMENT_DOC = TESTS.parent / "docs" / "agreement.md"
TABLES = ("<!-- learner tables: made from manifest.json and `differs` by `python tests/corpora/test_corpora.py` -->",
          "<!-- end of the learner tables -->")


def failure_class(reason):
    """The class of a listed reason: its text without the suggestion or the list of what gradcli offers."""
    return re.sub(r"\. Did you mean.*| \((a class may|a script may) .*", "", reason).strip()


def left_out_why(why):
    """Why a source makes no script, in a few words: the module it needs, or the book's own package."""
    if re.match(r"NameError: name '(d2l|tab)' is not defined|ModuleNotFoundError: No module named '(d2l|d2lzh)", why):
        return "needs the book's own package (d2l), which the corpus removes"
    return re.sub(r"^ModuleNotFoundError: No module named '([^'.]*).*", r"needs the module \1", why)


def learner_tables():
    """The learner corpus in numbers: per repository, the failure classes ranked by how many scripts each stops,
    and what was left out of the corpus and why (the sources a clone offers that make no script)."""
    from collections import Counter
    corpus = CORPORA["learners"]
    entries, left_out = manifest(corpus)["scripts"], manifest(corpus)["left_out"]
    folder_of = {e["script"]: e["repository"] for e in entries}
    failing = Counter(folder_of[name] for name in corpus.differs)
    per_repo = Counter(e["repository"] for e in entries)
    total, agree = len(entries), len(entries) - len(corpus.differs)
    rows = ["**%d of %d scripts (%.1f%%) from %d repositories print what torch prints.**" % (
        agree, total, 100 * agree / total, len(per_repo)), "",
        "| repository | scripts | agree |", "| --- | ---: | ---: |"]
    rows += ["| %s | %d | %d |" % (repo, n, n - failing[repo]) for repo, n in sorted(per_repo.items())]
    rows += ["", "| scripts it stops | failure class |", "| ---: | --- |"]
    classes = Counter(failure_class(reason) for reason in corpus.differs.values())
    rows += ["| %d | %s |" % (n, cls.replace("|", "\\|")) for cls, n in sorted(classes.items(), key=lambda kv: (-kv[1], kv[0]))]
    why = Counter(left_out_why(e["why"]) for e in left_out)
    rows += ["", "| sources left out | why |", "| ---: | --- |"]
    rows += ["| %d | %s |" % (n, w.replace("|", "\\|")) for w, n in sorted(why.items(), key=lambda kv: (-kv[1], kv[0]))
             if n > 1]
    rows.append("| %d | other reasons, one source each (manifest.json's `left_out`) |" % sum(n for n in why.values() if n == 1))
    return "\n".join(rows) + "\n"


def agreement_doc_with_tables():
    text = AGREEMENT_DOC.read_text(encoding="utf-8")
    start, end = text.index(TABLES[0]) + len(TABLES[0]), text.index(TABLES[1])
    return text[:start] + "\n" + learner_tables() + text[end:]


def test_the_learner_tables_in_the_docs_are_the_corpus():
    """docs/agreement.md's learner-corpus tables are what the manifest and `differs` say (rewrite them with
    `python tests/corpora/test_corpora.py` after changing either)."""
    assert AGREEMENT_DOC.read_text(encoding="utf-8") == agreement_doc_with_tables(), \
        "docs/agreement.md's learner tables are stale: run `python tests/corpora/test_corpora.py`"


def test_a_failure_class_drops_only_the_suggestion():
    assert failure_class("NameError: name 'dir' is not defined. Did you mean: 'div'?") == \
        "NameError: name 'dir' is not defined"
    assert failure_class("SyntaxError: gradcli does not support defining '__add__' (a class may define "
                         "__call__, __enter__)") == "SyntaxError: gradcli does not support defining '__add__'"


if __name__ == "__main__":  # rewrite docs/agreement.md's learner tables
    AGREEMENT_DOC.write_text(agreement_doc_with_tables(), encoding="utf-8")
