"""Explaining scripts: `gradcli run --explain` keeps stdout exactly torch's, writes each backward's steps on stderr
prefixed by file:line, says why a `.grad` read is None (every cause, with line numbers) and notes gradients added
to a `.grad` that already held one; the same facts through gradcli.why and a Session; the REPL's :explain and
:why."""

import io

import pytest

import gradcli
from gradcli.app import api
from conftest import ROOT, agrees, normalize_addresses, run_cli

SCRIPTS = sorted((ROOT / "tests" / "corpora" / "seeds").glob("*.py")) + sorted((ROOT / "examples").glob("*.py")) + \
    sorted((ROOT / "tests" / "corpora" / "snippets").glob("*/*.py"))


def _explained(text, filename="s.py"):
    """(stdout, explanation) of a script run explained, in-process; a failing script's error is kept."""
    notes = io.StringIO()
    out = io.StringIO()
    try:
        gradcli.run_script(text, filename, write=out.write, explain=notes.write, trusted=True)
    except gradcli.GradcliError as error:
        notes.write("ERROR %s\n" % error)
    return out.getvalue(), notes.getvalue()


@pytest.mark.parametrize("script", SCRIPTS, ids=[str(s.relative_to(ROOT)) for s in SCRIPTS])
def test_explaining_leaves_stdout_as_torch_printed_it(script):
    text = script.read_text(encoding="utf-8")
    stdout, notes = _explained(text, script.name)
    assert agrees(script.with_suffix(".expected").read_text(encoding="utf-8"), stdout)
    assert "Traceback" not in notes


def test_run_explain_on_the_command_line_writes_steps_on_stderr_only():
    seed = ROOT / "tests" / "corpora" / "seeds" / "seed-001-accumulate.py"
    result = run_cli("run", "--explain", str(seed))
    assert result.returncode == 0
    assert normalize_addresses(result.stdout) == normalize_addresses(seed.with_suffix(".expected").read_text())
    assert "%s:8: backward of y, starting from grad = 1:\n  [1] SumBackward0  x.sum() (line 5): grad tensor(1.)" % seed in result.stderr


def test_accumulation_notes_give_both_values_and_the_line_that_filled_it():
    _, notes = _explained((ROOT / "tests" / "corpora" / "seeds" / "seed-001-accumulate.py").read_text(), "seed.py")
    assert ("seed.py:10: note: x.grad already held tensor([[1., 1.], [1., 1.]]) (from the backward at line 8); "
            "this backward added tensor([[1., 1.], [1., 1.]]), so x.grad is now tensor([[2., 2.], [2., 2.]]).") in notes
    assert "seed.py:12: note: x.grad already held tensor([[2., 2.], [2., 2.]])" in notes
    assert "seed.py:15: note" not in notes  # after x.grad.data.zero_(): nothing left to add to
    assert notes.count("note:") == 2


# ---------------------------------------------------------------- why is .grad None?
WHY = [
    ("not_leaf", "x = torch.ones(2, requires_grad=True)\ny = x * 2\ny.sum().backward()\nprint(y.grad)\n",
     "y.grad", "y is not a leaf: it was made by MulBackward0 at line 3, and backward() fills .grad only for leaves. "
               "Call y.retain_grad() before backward() to keep its gradient or read the leaf's gradient: x.grad."),
    ("no_requires_grad", "x = torch.ones(2)\nw = torch.ones(2, requires_grad=True)\n(x * w).sum().backward()\n"
     "print(x.grad)\n", "x.grad", "x does not require grad: it was made at line 2 (torch.ones(2)) without "
                                  "requires_grad=True."),
    ("no_grad", "w = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    v = w * 2\nprint(v.grad)\n",
     "v.grad", "v was made under torch.no_grad() at line 4 (w * 2)"),
    ("detached", "w = torch.ones(2, requires_grad=True)\nd = w.detach()\nprint(d.grad)\n", "d.grad",
     "d was made by detach() at line 3 (w.detach())"),
    ("detached", "w = torch.ones(2, requires_grad=True)\nd = w.data\nprint(d.grad)\n", "d.grad",
     "d was made by .data at line 3 (w.data)"),
    ("no_path", "a = torch.ones(2, requires_grad=True)\nb = torch.ones(2, requires_grad=True)\n(a * 2).sum().backward()\n"
     "print(b.grad)\n", "b.grad", "The backward at line 4 did not reach b"),
    ("not_called", "a = torch.ones(2, requires_grad=True)\ny = (a * 2).sum()\nprint(a.grad)\n", "a.grad",
     "no backward has run yet"),
    ("set_none", "a = torch.ones(2, requires_grad=True)\n(a * 2).sum().backward()\na.grad = None\nprint(a.grad)\n",
     "a.grad", "a.grad was set to None at line 4 (after the backward at line 3 filled it)."),
    ("autograd_grad", "a = torch.ones(2, requires_grad=True)\ng, = torch.autograd.grad((a * 2).sum(), a)\n"
     "print(a.grad)\n", "a.grad", "computed by torch.autograd.grad at line 3, which returns gradients and leaves "
                                  ".grad untouched."),
    ("inputs_excluded", "a = torch.ones(2, requires_grad=True)\nb = torch.ones(2, requires_grad=True)\n"
     "(a * b).sum().backward(inputs=[a])\nprint(b.grad)\n", "b.grad", "the backward at line 4 was given inputs=... "
                                                                       "without b"),
]


@pytest.mark.parametrize("cause, script, expression, words", WHY, ids=[w[0] for w in WHY])
def test_why_a_grad_is_none(cause, script, expression, words):
    text = "import torch\n" + script
    answer = gradcli.why(text, expression, "s.py")
    assert answer.cause == cause and words in answer.message, answer
    stdout, notes = _explained(text)
    assert stdout.endswith("None\n")
    line = text.count("\n")
    assert "s.py:%d: note: %s is None: " % (line, expression) in notes and words in notes


def test_a_none_test_is_no_use_of_a_missing_gradient():
    _, notes = _explained("import torch\nx = torch.ones(2)\nif x.grad is None:\n    print('none yet')\n")
    assert "note:" not in notes


def test_a_note_is_given_once_per_line_in_a_loop():
    _, notes = _explained("import torch\nx = torch.ones(2)\nfor i in range(3):\n    print(x.grad)\n")
    assert notes.count("note:") == 1


def test_why_a_grad_is_not_none_tells_where_it_came_from():
    script = "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\ny.backward(retain_graph=True)\n" \
             "y.backward()\n"
    answer = gradcli.why(script, "x.grad")
    assert answer.cause == "accumulated" and "lines 4, 5" in answer.message and "tensor([4., 4.])" in answer.message


def test_session_explain_changes_no_grad_and_keeps_the_graph():
    session = gradcli.Session(write=lambda text: None, explain=True)
    session.execute("import torch\nx = torch.tensor([1., 2.], requires_grad=True)\ny = (x ** 2).sum()\n")
    explanation = session.explain("y")
    assert [s.name for s in explanation.steps] == ["SumBackward0", "PowBackward0", "AccumulateGrad"]
    assert explanation.steps[-1].incoming[0].tolist() == [2.0, 4.0] and not explanation.steps[-1].written
    assert session.variables["x"].grad is None
    session.execute("y.backward()\n")  # the graph was kept
    assert session.variables["x"].grad.tolist() == [2.0, 4.0]


def test_repl_explain_and_why():
    script = "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\n:explain y\n:why x.grad\n" \
             ":why y\n:why nope\n:explain\n"
    result = run_cli("repl", input=script)
    assert "[2] MulBackward0  x * 3" in result.stdout and "= grad*other = 1*3 = 3" in result.stdout
    assert "no backward has run yet" in result.stdout and "y is not a leaf" in result.stdout
    assert "name 'nope' is not defined" in result.stderr and "usage: :explain NAME" in result.stderr
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- explanations that scale (issue 31, item 2)
TRAINING = """import torch
torch.manual_seed(0)
model = torch.nn.Linear(32, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 32)
t = torch.randn(8, 1)
for step in range(50):
    opt.zero_grad()
    loss = ((model(x) - t) ** 2).mean()
    loss.backward()
    opt.step()
"""


def test_a_training_loop_is_explained_once_then_folded_with_parameters_named_by_module_path():
    notes = io.StringIO()
    api.run_script(TRAINING, "train.py", write=lambda text: None, explain=notes.write)
    text = notes.getvalue()
    assert text.count("backward of loss, starting from grad = 1:") == 1
    assert "train.py:10: backward calls 2-50 of loss: the same graph as backward 1" in text
    assert "AccumulateGrad  model.weight: model.weight.grad = " in text and "leaf.grad" not in text
    folded = text[text.index("backward calls 2-50"):]
    assert " ".join(folded.split()).split("model.weight.grad (norm): ")[1].count(", ") == 48  # one per call
    assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("train.py"))
    assert "shape [1, 32]" in text  # the 1x32 gradient summarised as torch summarises, not 32 numbers on a line
    assert len(text.splitlines()) < 80


def test_explain_steps_picks_the_backward_calls_written_in_full():
    notes = io.StringIO()
    api.run_script(TRAINING, "train.py", write=lambda text: None, explain=notes.write, explain_steps={1, 50})
    text = notes.getvalue()
    assert text.count("backward of loss, starting from grad = 1:") == 2
    assert "backward calls 2-49 of loss: the same graph as backward 1" in text


def test_a_leaf_made_after_every_backward_says_no_backward_has_run_since():
    script = ("import torch\nx = torch.ones(2, requires_grad=True)\nx.sum().backward()\n"
              "a = torch.tensor(2., requires_grad=True)\nprint(a.grad)\n")
    answer = gradcli.why(script, "a.grad")
    assert answer.message.startswith("no backward has run since a was made at line 4")


def test_repl_why_names_the_input_not_line_one():
    session = gradcli.Session(write=lambda text: None, explain=True)
    for text in ("import torch\n", "x = torch.ones(2, requires_grad=True)\n", "y = x * 2\n"):
        session.execute(text)
    assert 'made by MulBackward0 in the input "y = x * 2"' in session.why("y.grad").message


def test_repl_explain_after_backward_says_the_graph_was_freed_and_how_to_keep_it():
    session = gradcli.Session(write=lambda text: None, explain=True)
    for text in ("import torch\n", "x = torch.ones(2, requires_grad=True)\n", "y = (x * x).sum()\n", "y.backward()\n"):
        session.execute(text)
    with pytest.raises(gradcli.GradcliError) as caught:
        session.explain("y")
    assert "y's graph was freed by the backward that ran" in str(caught.value)
    assert "y.backward(retain_graph=True)" in str(caught.value)


FAILED = [
    ("no_grad", "x = torch.ones(2, requires_grad=True)\nwith torch.no_grad():\n    y = (x * 2).sum()\ny.backward()\n",
     "y was made under torch.no_grad() at line 4 ((x * 2).sum()): what is computed there records no history and "
     "does not require grad, so backward() has no graph to go back through."),
    ("non_scalar", "x = torch.ones(2, requires_grad=True)\ny = x * 2\nprint(1)\ny.backward()\n",
     "y, made at line 3 (x * 2), has 2 elements: a backward() without a gradient starts from 1, which fits a single "
     "element only. Give the gradient, y.backward(torch.ones_like(y)), or reduce first: y.sum().backward()."),
    ("freed", "x = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\ny.backward()\ny.backward()\n",
     "the graph of y, made at line 3 ((x * x).sum()), was freed by the backward at line 4: its saved values are "
     "gone. Call that backward with retain_graph=True to go back through the graph again."),
]


@pytest.mark.parametrize("script, words", [f[1:] for f in FAILED], ids=[f[0] for f in FAILED])
def test_a_backward_that_fails_is_explained_in_why_nones_words(script, words):
    """run --explain: a note where backward() failed says why, with the line that made y; torch's error follows."""
    _, notes = _explained("import torch\n" + script)
    flat = " ".join(notes.split())
    assert "s.py:5: note: this backward failed: " + words in flat, notes
    assert flat.index("note: this backward failed") < flat.index("ERROR RuntimeError: ")  # (then torch's error)
    lines = script.splitlines()  # gradcli.why on the script going on past the failure (try/except)
    caught = "\n".join(lines[:-1] + ["try:", "    " + lines[-1], "except RuntimeError:", "    print(x.grad)"])
    answer = gradcli.why("import torch\n" + caught + "\n", "x.grad", "s.py")
    if "freed" not in words:  # (after the first backward filled it, x.grad is that backward's)
        assert answer.cause == "backward_failed" and answer.message == \
            "the backward at line 6 failed before reaching x: " + words


def test_repl_why_after_a_failed_backward_names_the_inputs():
    session = gradcli.Session(write=lambda text: None, explain=True)
    for text in ("import torch\n", "x = torch.ones(2, requires_grad=True)\n", "y = x * 2\n"):
        session.execute(text)
    with pytest.raises(gradcli.GradcliError):
        session.execute("y.backward()\n")
    answer = session.why("x.grad")
    assert answer.cause == "backward_failed"
    assert answer.message.startswith('the backward in the input "y.backward()" failed before reaching x: y, made '
                                     'in the input "y = x * 2" (x * 2), has 2 elements')
