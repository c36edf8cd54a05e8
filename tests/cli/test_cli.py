"""The commands through Typer's CliRunner (every option), plus real subprocess runs for exit codes, stdin,
`python -m gradcli`, colour and shell completion."""

import io
import json
import os
import stat
import sys

import pytest
from typer.testing import CliRunner

from conftest import ROOT, modules_loaded, normalize_addresses, run_cli
from gradcli.cli import app as cli
from gradcli.cli.progress import DelayedProgress


def invoke(*args, input=None):
    return CliRunner().invoke(cli.app, list(args), input=input)


# ---------------------------------------------------------------- eval
def test_eval_view_has_expression_value_grad_fn_and_gradient_table():
    result = invoke("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:4] == ["expression  mean(3*(x+2)^2)", "value       tensor(27., grad_fn=<MeanBackward0>)",
                         "grad_fn     MeanBackward0", "dtype       torch.float32"]
    table = "\n".join(lines[4:])
    for cell in ("input", "shape", "value", "gradient", "x", "[2, 2]", "tensor([[1., 1.],", "[1., 1.]])",
                 "tensor([[4.5000, 4.5000],", "[4.5000, 4.5000]])"):
        assert cell in table
    assert "dtype" not in table and result.stderr == ""


def test_eval_several_inputs_and_short_option():
    result = invoke("eval", "x*y", "-a", "x=2.", "--at", "y=3")
    assert result.exit_code == 0
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert any("x" in row and "tensor(3.)" in row for row in rows)
    assert any("y" in row and "tensor(2.)" in row for row in rows)


def test_eval_torch_spelling_and_a_backward_inside_the_expression():
    assert json.loads(invoke("eval", "torch.sin(x) * 0 + x", "--at", "x=1.", "--json").stdout)["grads"] == {"x": 1.0}
    assert json.loads(invoke("eval", "(x * 5).backward()", "--at", "x=1.", "--json").stdout)["grads"] == {"x": 5.0}


def test_eval_an_unused_input_says_so():
    result = invoke("eval", "x*2", "--at", "x=1.", "--at", "z=1.")
    assert "None (the value does not depend on it)" in result.stdout


def test_eval_weight():
    result = invoke("eval", "x*x", "--at", "x=tensor([1.,2.,3.])", "--weight", "tensor([1.,1.,10.])", "--json")
    assert json.loads(result.stdout)["grads"] == {"x": [2.0, 4.0, 60.0]}


def test_eval_non_scalar_without_weight_says_what_to_do():
    result = invoke("eval", "x*2", "--at", "x=ones(2,3)")
    assert result.exit_code == 1
    assert "grad can be implicitly created only for scalar outputs (give the output's gradient with --weight: " \
           "--weight ones, or e.g. --weight \"ones(2, 3)\")" in result.stderr
    # the value first, then the error
    assert result.stdout.startswith("expression  x*2\nvalue       tensor([[2., 2., 2.],\n")
    assert "gradient" not in result.stdout
    hinted = invoke("eval", "x*2", "--at", "x=ones(2,3)", "--weight", "ones(2, 3)", "--json")
    shorthand = invoke("eval", "x*2", "--at", "x=ones(2,3)", "--weight", "ones", "--json")
    assert json.loads(hinted.stdout)["grads"] == json.loads(shorthand.stdout)["grads"] == {"x": [[2.0] * 3] * 2}


def test_eval_retain_graph_keeps_saved_values(monkeypatch):
    from gradcli.app import api
    seen = {}
    real = api.evaluate

    def spy(*args, **kwargs):
        seen["result"] = real(*args, **kwargs)
        return seen["result"]
    monkeypatch.setattr(api, "evaluate", spy)
    assert invoke("eval", "x*x", "--at", "x=3.", "--retain-graph").exit_code == 0
    seen["result"].value.backward()  # a second backward works only on a retained graph
    assert seen["result"].inputs["x"].grad.tolist() == 12.0
    assert invoke("eval", "x*x", "--at", "x=3.").exit_code == 0
    with pytest.raises(Exception, match="second time"):
        seen["result"].value.backward()


def test_eval_dtype():
    result = invoke("eval", "x*x", "--at", "x=3.", "--dtype", "float64", "--json")
    data = json.loads(result.stdout)
    assert data["dtype"] == "torch.float64"
    bad = invoke("eval", "x", "--at", "x=3.", "--dtype", "int64")
    assert bad.exit_code == 2 and "float32 (float) or float64 (double)" in bad.stderr


def test_eval_json_prints_one_object_and_nothing_else():
    result = invoke("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)", "--json")
    assert result.exit_code == 0
    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == {
        "expression": "mean(3*(x+2)^2)", "value": 27.0, "type": "torch.Tensor", "shape": [], "dtype": "torch.float32",
        "grad_fn": "MeanBackward0", "requires_grad": True,
        "inputs": {"x": {"value": [[1.0, 1.0], [1.0, 1.0]], "shape": [2, 2], "dtype": "torch.float32",
                         "grad": [[4.5, 4.5], [4.5, 4.5]]}},
        "grads": {"x": [[4.5, 4.5], [4.5, 4.5]]}, "no_backward": None}


def test_eval_json_with_graph():
    data = json.loads(invoke("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--json", "--graph").stdout)
    assert data["graph"] == [  # d(xy)/dx = y = 3, d(xy)/dy = x = 2
        {"id": 0, "name": "MulBackward0", "variable": None, "next": [1, 2], "source": "x*y",
         "value": "tensor(6.)", "grad": "tensor(1.)"},
        {"id": 1, "name": "AccumulateGrad", "variable": "x", "next": [], "grad": "tensor(3.)"},
        {"id": 2, "name": "AccumulateGrad", "variable": "y", "next": [], "grad": "tensor(2.)"}]


def test_eval_graph_is_a_tree_down_to_named_accumulate_grads():
    result = invoke("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)", "--graph")
    tree = result.stdout[result.stdout.index("backward graph"):].splitlines()
    assert tree == [  # the README's chain.py, whose numbers torch prints (tests/corpora/seeds), in 80 columns
        "backward graph",
        "└── MeanBackward0  source mean(3*(x+2)^2)  value tensor(27.)  grad tensor(1.)",
        "    └── MulBackward0  source 3*(x+2)^2  value tensor([[27., 27.], [27., 27.]])",
        "        │   grad tensor([[0.2500, 0.2500], [0.2500, 0.2500]])",
        "        └── PowBackward0  source (x+2)^2  value tensor([[9., 9.], [9., 9.]])",
        "            │   grad tensor([[0.7500, 0.7500], [0.7500, 0.7500]])",
        "            └── AddBackward0  source x+2  value tensor([[3., 3.], [3., 3.]])",
        "                │   grad tensor([[4.5000, 4.5000], [4.5000, 4.5000]])",
        "                └── AccumulateGrad  x  [2, 2] torch.float32",
        "                        grad tensor([[4.5000, 4.5000], [4.5000, 4.5000]])",
    ]


def test_eval_graph_marks_shared_nodes():
    result = invoke("eval", "x*x+y", "--at", "x=2.", "--at", "y=1.", "--graph")
    tree = result.stdout[result.stdout.index("backward graph"):].splitlines()
    assert tree[1:] == [
        "└── AddBackward0  source x*x+y  value tensor(5.)  grad tensor(1.)",
        "    ├── MulBackward0  source x*x  value tensor(4.)  grad tensor(1.)",
        "    │   ├── AccumulateGrad  x  [] torch.float32  grad tensor(4.)",
        "    │   └── AccumulateGrad  x  [] torch.float32  (shared, shown above)",
        "    └── AccumulateGrad  y  [] torch.float32  grad tensor(1.)",
    ]


def test_eval_graph_of_a_constant():
    result = invoke("eval", "ones(2)", "--graph")
    assert "no grad_fn" in result.stdout and result.exit_code == 0


EXPECTED_DOT = """digraph backward {
  node [shape=box, fontname="Helvetica"];
  n0 [label="MulBackward0\\nsource x*y\\nvalue tensor(6.)\\ngrad tensor(1.)"];
  n1 [label="AccumulateGrad\\nx [] torch.float32\\ngrad tensor(3.)", style=filled, fillcolor="lightblue"];
  n2 [label="AccumulateGrad\\ny [] torch.float32\\ngrad tensor(2.)", style=filled, fillcolor="lightblue"];
  n0 -> n1;
  n0 -> n2;
}
"""


def _path_with(tmp_path, dot_script):
    """PATH with only a fake Graphviz `dot` (or none): a real Graphviz installed in /bin or /usr/bin is out of
    sight, so these tests pass with and without it. The fake runs by its #!/bin/sh line and shell builtins."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if dot_script is not None:
        dot = bin_dir / "dot"
        dot.write_text("#!/bin/sh\n" + dot_script)
        dot.chmod(dot.stat().st_mode | stat.S_IEXEC)
    return str(bin_dir)


def test_eval_dot_writes_graphviz_text(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", _path_with(tmp_path, None))
    target = tmp_path / "g.dot"
    result = invoke("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--dot", str(target))
    assert result.exit_code == 0
    assert target.read_text() == EXPECTED_DOT
    assert not (tmp_path / "g.dot.svg").exists()
    assert "Graphviz's `dot` is not installed" in result.stderr and "dot -Tsvg %s -o %s.svg" % (target, target) \
        in result.stderr and "--svg FILE" in result.stderr


def test_eval_dot_to_stdout():
    result = invoke("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--dot", "-")
    assert result.exit_code == 0 and result.stdout == EXPECTED_DOT


def test_eval_dot_renders_svg_when_dot_is_on_path(tmp_path, monkeypatch):
    # a fake `dot`: records its arguments and writes the file named after -o
    monkeypatch.setenv("PATH", _path_with(tmp_path, 'echo "$@" > "${0%/*}/args"\n'
                                                    'while [ "$1" != "-o" ]; do shift; done\necho "<svg/>" > "$2"\n'))
    target = tmp_path / "g.dot"
    result = invoke("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--dot", str(target))
    assert result.exit_code == 0
    assert (tmp_path / "g.dot.svg").read_text() == "<svg/>\n"
    assert (tmp_path / "bin" / "args").read_text().split() == ["-Tsvg", str(target), "-o", str(target) + ".svg"]
    assert "g.dot.svg" in result.stderr


def test_eval_dot_reports_a_failing_dot(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", _path_with(tmp_path, 'echo "syntax error in line 1" >&2\nexit 3\n'))
    target = tmp_path / "g.dot"
    result = invoke("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--dot", str(target))
    assert result.exit_code == 0 and target.read_text() == EXPECTED_DOT
    assert "dot failed: syntax error in line 1" in result.stderr


def test_eval_dot_to_an_unwritable_place_is_bad_usage(tmp_path):
    result = invoke("eval", "x*2", "--at", "x=2.", "--dot", str(tmp_path / "missing" / "g.dot"))
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_eval_batch_of_arguments_reports_failures_and_goes_on():
    result = invoke("eval", "x*2", "x+*2", "sum(x)", "--at", "x=ones(2)", "--json")
    assert result.exit_code == 1
    objects = [json.loads(line) for line in result.stdout.splitlines()]  # one per expression, errors too
    assert [(o["line"], o["expression"], "error" in o) for o in objects] == [
        (1, "x*2", True), (2, "x+*2", True), (3, "sum(x)", False)]
    assert objects[1]["error"] == {"kind": "SyntaxError", "message": "invalid syntax", "line": 2,
                                   "column": 3}
    assert "<expressions>:1:1: RuntimeError: grad can be implicitly created only for scalar outputs" in result.stderr
    assert "<expressions>:2:3: SyntaxError: invalid syntax\n    x+*2\n      ^\n" in result.stderr


def test_eval_file_one_block_per_line(tmp_path):
    exprs = tmp_path / "exprs.txt"
    exprs.write_text("# squares and cubes\nx^2\n\n  x^3\nnope(x)\n")
    result = invoke("eval", "--file", str(exprs), "--at", "x=2.")
    assert result.exit_code == 1
    assert result.stdout.count("expression  ") == 2
    assert "line 2\nexpression  x^2\n" in result.stdout and "line 4\nexpression  x^3\n" in result.stdout
    assert result.stderr.startswith("%s:5:1: NameError: name 'nope' is not defined\n    nope(x)\n    ^^^^" % exprs)


def test_eval_file_json_lines_all_ok(tmp_path):
    exprs = tmp_path / "exprs.txt"
    exprs.write_text("x^2\nx^3\n")
    result = invoke("eval", "-f", str(exprs), "--at", "x=2.", "--json")
    assert result.exit_code == 0
    assert [json.loads(line)["grads"]["x"] for line in result.stdout.splitlines()] == [4.0, 12.0]


def test_eval_file_from_stdin():
    result = invoke("eval", "--file", "-", "--at", "x=2.", "--json", input="x*3\n")
    assert json.loads(result.stdout)["grads"] == {"x": 3.0}


@pytest.mark.parametrize("args, message", [
    (["eval"], "needs an expression"),
    (["eval", "x", "--file", "f.txt"], "not both"),
    (["eval", "x", "y", "--dot", "g.dot"], "single expression"),
    (["eval", "x", "--at", "x"], "expected NAME=VALUE"),
    (["eval", "x", "--at", "1x=2"], "expected NAME=VALUE"),
    (["eval", "x", "--at", "x=1", "--at", "x=2"], "x is given twice"),
    (["eval", "--file", "/nonexistent/exprs.txt"], "cannot read"),
    (["eval", "x", "--nope"], "No such option"),
])
def test_eval_bad_usage_exits_2(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_eval_bad_input_value_is_an_error_with_its_position():
    result = invoke("eval", "x", "--at", "x=ones(2")
    assert result.exit_code == 1
    assert result.stderr.startswith("--at x:1:")


# ---------------------------------------------------------------- run
SCRIPT = "import torch\nx = torch.ones(2, requires_grad=True)\nprint(x * 2)\ny = x.nope\nprint('after')\n" \
         "x.sum().backward()\nprint(x.grad)\n"


def test_run_prints_the_scripts_exact_output(tmp_path):
    script = tmp_path / "ok.py"
    script.write_text("import torch\nx = torch.ones(2, requires_grad=True)\n(x * 3).sum().backward()\nprint(x.grad)\n")
    result = invoke("run", str(script))
    assert (result.exit_code, result.stdout, result.stderr) == (0, "tensor([3., 3.])\n", "")


def test_run_error_has_position_source_line_and_caret(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text(SCRIPT)
    result = invoke("run", str(script))
    assert result.exit_code == 1
    assert result.stdout == "tensor([2., 2.], grad_fn=<MulBackward0>)\n"
    assert result.stderr == ("%s:4:7: AttributeError: 'Tensor' object has no attribute 'nope'\n"
                             "    y = x.nope\n          ^^^^\n" % script)


def test_run_keep_going_reports_each_failure(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text(SCRIPT + "z = undefined_name\nprint('end')\n")
    result = invoke("run", "--keep-going", str(script))
    assert result.exit_code == 1
    assert result.stdout == "tensor([2., 2.], grad_fn=<MulBackward0>)\nafter\ntensor([1., 1.])\nend\n"
    assert result.stderr.count("%s:" % script) == 2
    assert "%s:8:5: NameError: name 'undefined_name' is not defined" % script in result.stderr


def test_run_several_files_runs_each_and_fails_if_one_fails(tmp_path):
    bad, good = tmp_path / "bad.py", tmp_path / "good.py"
    bad.write_text("print(1)\nnope\n")
    good.write_text("print(2)\n")
    result = invoke("run", str(bad), str(good))
    assert (result.exit_code, result.stdout) == (1, "1\n2\n")
    assert "%s:2:1: NameError: name 'nope' is not defined" % bad in result.stderr


def test_run_missing_file_is_bad_usage_before_anything_runs(tmp_path):
    good = tmp_path / "good.py"
    good.write_text("print(2)\n")
    result = invoke("run", str(good), str(tmp_path / "missing.py"))
    assert result.exit_code == 2 and result.stdout == ""
    assert "cannot read %s: No such file or directory" % (tmp_path / "missing.py") in result.stderr


def test_run_stdin():
    result = invoke("run", "-", input="import torch\nprint(torch.zeros(2))\nnope\n")
    assert result.stdout == "tensor([0., 0.])\n"
    assert result.stderr.startswith("<stdin>:3:1: NameError")


def test_run_warnings_go_to_stderr(tmp_path):
    script = tmp_path / "warn.py"
    script.write_text("import torch\nx = torch.ones(2, requires_grad=True)\ny = x * 2\nprint(y.grad)\n")
    result = invoke("run", str(script))
    assert result.stdout == "None\n"
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor" in result.stderr


def test_run_needs_a_file():
    assert invoke("run").exit_code == 2


# ---------------------------------------------------------------- repl with piped input
def test_repl_reads_piped_input_without_prompts():
    result = invoke("repl", input="import torch\nx = torch.ones(2)\nx * 2\nn = 0\nwhile n < 2:\n    n += 1\n\n"
                                  "n\nnope\n:vars\n:graph\n:quit\nprint('not reached')\n")
    assert result.exit_code == 0
    assert result.stdout.startswith("tensor([2., 2.])\n2\n")
    assert "NameError: name 'nope' is not defined" in result.stderr
    assert "requires_grad" in result.stdout and ">>>" not in result.stdout
    assert "usage: :graph NAME" in result.stderr and "not reached" not in result.stdout


# ---------------------------------------------------------------- progress bar
class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


class FakePipe(io.StringIO):
    def isatty(self):
        return False


def test_progress_bar_shows_on_a_terminal_stderr_and_never_touches_stdout():
    stderr, stdout = FakeTerminal(), FakePipe()
    with DelayedProgress("long.py", delay=0, stderr=stderr, stdout=stdout) as progress:
        assert progress.started.wait(10)
        progress.write_stderr("a warning\n")
    assert stdout.getvalue() == ""
    assert "running long.py" in stderr.getvalue() and "a warning" in stderr.getvalue()


def test_a_batchs_progress_bar_counts_the_files_done():
    stderr = FakeTerminal()
    with DelayedProgress("0/3 files", delay=0, stderr=stderr, stdout=FakePipe()) as progress:
        assert progress.started.wait(10)
        progress.describe("2/3 files")
        progress._progress.refresh()
    assert "running 0/3 files" in stderr.getvalue() and "running 2/3 files" in stderr.getvalue()


def test_progress_writes_what_stderrs_encoding_cannot_hold_escaped():
    class Ascii(FakePipe):
        def write(self, text):
            text.encode("ascii")
            return super().write(text)
    stderr = Ascii()
    with DelayedProgress("x.py", delay=0, stderr=stderr, stdout=FakePipe()) as progress:
        progress.write_stderr("x.py:1:1: UnicodeEncodeError: '\ud800'\n")
    assert stderr.getvalue() == "x.py:1:1: UnicodeEncodeError: '\\ud800'\n"


@pytest.mark.parametrize("stderr, stdout", [(FakePipe(), FakePipe()), (FakeTerminal(), FakeTerminal())])
def test_progress_bar_stays_off_when_stderr_is_not_a_terminal_or_stdout_shares_it(stderr, stdout):
    with DelayedProgress("x.py", delay=0, stderr=stderr, stdout=stdout) as progress:
        progress.write_stderr("warning\n")
    assert not progress.enabled and not progress.started.is_set()
    assert stderr.getvalue() == "warning\n"


def test_progress_bar_waits_for_its_delay():
    stderr = FakeTerminal()
    with DelayedProgress("x.py", delay=3600, stderr=stderr, stdout=FakePipe()) as progress:
        pass
    assert progress.enabled and not progress.started.is_set() and stderr.getvalue() == ""


# ---------------------------------------------------------------- conventions
def test_version():
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout.startswith("gradcli ")


@pytest.mark.parametrize("command", [[], ["eval"], ["run"], ["repl"]])
def test_help_on_every_command_has_examples(command):
    result = invoke(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout and "gradcli" in result.stdout


def test_run_help_documents_exit_codes():
    assert "Exit status: 0 ok, 1" in " ".join(invoke("run", "--help").stdout.split())


@pytest.mark.parametrize("argv, interactive, expected", [
    ([], True, ["repl"]),
    ([], False, ["--help"]),
    (["x*2", "--at", "x=1"], False, ["eval", "x*2", "--at", "x=1"]),
    (["--json", "x"], False, ["eval", "--json", "x"]),
    (["run", "f.py"], False, ["run", "f.py"]),
    (["--version"], False, ["--version"]),
    (["--help"], True, ["--help"]),
    (["--timeout", "5", "x*2"], False, ["--timeout", "5", "eval", "x*2"]),
    (["--max-elements=9", "--timeout", "5", "run", "f.py"], False, ["--max-elements=9", "--timeout", "5", "run", "f.py"]),
    (["--timeout", "5"], True, ["--timeout", "5", "repl"]),
])
def test_resolve_argv(argv, interactive, expected, monkeypatch):
    monkeypatch.delenv("_GRADCLI_COMPLETE", raising=False)
    assert cli.resolve_argv(argv, interactive) == expected


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    from gradcli.app import api

    def broken(*args, **kwargs):
        raise ValueError("boom")
    monkeypatch.setattr(api, "evaluate", broken)
    monkeypatch.delenv("GRADCLI_DEBUG", raising=False)
    with pytest.raises(SystemExit) as caught:
        cli.main(["eval", "x"])
    assert caught.value.code == 1
    assert capsys.readouterr().err.startswith("gradcli: internal error: ValueError: boom\n")


# ---------------------------------------------------------------- real processes
def test_the_command_leaves_without_teardown_but_with_all_its_output(tmp_path):
    """command() ends the process with os._exit: everything printed must still reach the pipe, and the exit code
    must be main()'s."""
    script = tmp_path / "many.py"
    script.write_text("for i in range(20000):\n    print(i)\nprint(undefined)\n")
    result = run_cli("run", str(script))
    assert result.stdout.splitlines() == [str(i) for i in range(20000)]
    assert result.returncode == 1 and "name 'undefined' is not defined" in result.stderr
    assert run_cli("--version").returncode == 0 and run_cli("run", str(tmp_path / "missing.py")).returncode == 2


def test_python_dash_m_and_default_command():
    result = run_cli("x*y", "--at", "x=2.", "--at", "y=3.", "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout)["grads"] == {"x": 3.0, "y": 2.0}


def test_exit_codes_of_real_processes(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("print(1)\n1/0\n")
    assert run_cli("run", "-", input="print(1)\n").returncode == 0
    result = run_cli("run", str(bad))
    assert (result.returncode, result.stdout) == (1, "1\n")
    assert result.stderr == "%s:2:1: ZeroDivisionError: division by zero\n    1/0\n    ^^^\n" % bad
    assert run_cli("run", str(tmp_path / "missing.py")).returncode == 2
    assert run_cli("eval", "--nope").returncode == 2


def test_a_reader_leaving_the_pipe_is_not_an_error_of_the_script(tmp_path):
    import subprocess
    script = tmp_path / "many.py"
    script.write_text("n = 0\nwhile n < 100000:\n    print(n)\n    n += 1\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    gradcli = subprocess.Popen([sys.executable, "-m", "gradcli", "run", str(script)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env)
    assert gradcli.stdout.readline() == b"0\n"
    gradcli.stdout.close()  # like `| head -1`
    assert gradcli.wait(timeout=60) == 1
    assert gradcli.stderr.read() == b""


def test_no_arguments_off_a_terminal_shows_help():
    result = run_cli(input="")
    assert result.returncode == 0 and "Usage: gradcli" in result.stdout


def test_colour_only_on_a_terminal_and_never_with_no_color():
    env = {"TERM": "xterm-256color", "FORCE_COLOR": "1"}
    assert "\x1b[" in run_cli("x*2", "--at", "x=1.", env=env).stdout  # the check below can see colour
    assert "\x1b[" not in run_cli("x*2", "--at", "x=1.", env=dict(env, NO_COLOR="1")).stdout
    assert "\x1b[" not in run_cli("x*2", "--at", "x=1.", "--graph", env={"TERM": "xterm-256color"}).stdout


def test_shell_completion_completes_commands():
    result = run_cli(env={"_GRADCLI_COMPLETE": "complete_bash", "COMP_WORDS": "gradcli ev", "COMP_CWORD": "1"})
    assert "eval" in result.stdout.split()
    script = run_cli("--show-completion", "bash", env={"SHELL": "/bin/bash"})
    assert "_GRADCLI_COMPLETE" in script.stdout


def test_examples_print_their_expected():
    examples = sorted((ROOT / "examples").glob("*.py"))
    assert len(examples) >= 2
    for example in examples:
        result = run_cli("run", str(example))
        assert result.returncode == 0, result.stderr
        assert normalize_addresses(result.stdout) == normalize_addresses(example.with_suffix(".expected").read_text())


def test_one_shot_eval_imports_nothing_it_does_not_need():
    """Cold start is the judge of a one-shot command: no pydantic (Typer's coercion), and Rich's table, json,
    readline and the progress bar only where they are used."""
    heavy = {"pydantic", "rich.table", "rich.tree", "json", "readline", "rich.progress", "prompt_toolkit"}

    def loaded(*args):
        return modules_loaded(*args) & heavy
    assert loaded("eval", "x*2", "--at", "x=1.", "--json") == {"json"}
    assert loaded("eval", "x*2", "--at", "x=1.") == {"rich.table"}
    assert loaded("run", str(ROOT / "examples" / "graph.py")) == set()


def test_a_one_shot_command_with_its_parse_tables_cached_loads_no_lark_and_no_openssl():
    """lang.syntax's own Tree and Token, and the tables' cache key from zlib: Lark (all of it, to get two classes)
    and hashlib (OpenSSL) only build the tables, or parse what the driver leaves to Lark."""
    modules_loaded("eval", "x*2", "--at", "x=1.")  # (the tables cached, if this is the first run)
    for args in (("eval", "x*sin(x)", "--at", "x=2"), ("run", str(ROOT / "examples" / "graph.py"))):
        assert not {m for m in modules_loaded(*args) if m.split(".")[0] in ("lark", "hashlib", "_hashlib")}, args


def _strict_json(text):
    """json.loads refusing NaN, Infinity and -Infinity, which are not JSON (Python's json writes them)."""
    def refuse(constant):
        raise ValueError("not JSON: %s" % constant)
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("args, where, text", [
    (("eval", "log(x)", "--at", "x=0."), ("value",), "-inf"),
    (("diff", "log(x)", "--at", "x=0."), ("derivatives", 0, "value"), "inf"),
    (("jacobian", "log(x)", "--at", "x=tensor([0., 1.])"), ("blocks", 0, "value"), "[[inf, 0.0], [nan, 1.0]]"),
    (("hessian", "sum(log(x))", "--at", "x=tensor([0., 1.])"), ("blocks", 0, "value"),
     "[[-inf, -0.0], [nan, -1.0]]"),
    (("check", "log(x)", "--at", "x=0."), ("checks", 0, "max_abs_error"), "nan"),
    (("plot", "log(x)", "--over", "x=0:1", "--points", "3"), ("series", 0, "values"),
     "[-inf, -0.6931471805599453, 0.0]"),
])
def test_every_json_output_is_json_with_non_finite_numbers_as_null_and_their_text_beside(args, where, text):
    data = _strict_json(invoke(*args, "--json").stdout)
    *path, key = where
    for step in path:
        data = data[step]
    assert data["%s_text" % key] == text
    assert "None" in str(data[key]) and "None" not in text  # null where the text has inf or nan
