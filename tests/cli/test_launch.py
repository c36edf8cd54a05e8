"""The piped one-shot eval (cli.launch, cli.plain): the same bytes as the Typer command drawing with Rich, and
neither of them loaded."""

import io
import os
import subprocess
import sys

import pytest
from rich.console import Console

from gradcli.app import api
from gradcli.cli import launch, plain, render
from tests.conftest import ROOT, run_cli

CASES = [
    ("x*sin(x)", {"x": "2"}, {}),
    ("mean(3*(x+2)^2)", {"x": "ones(2,2)"}, {}),
    ("x*y", {"x": "ones(2,2)", "y": "3."}, {"weight": "ones"}),
    ("x*y", {"x": "tensor([1.,2.])", "y": "3."}, {"weight": "ones", "tangent": {"x": "ones(2)"}}),
    ("sum(x*w)", {"x": "randn(3,30)", "w": "2."}, {"seed": 0}),                 # a wide input goes below
    ("sum(x)+y", {"x": "randn(40)", "y": "randn(2,60)"}, {"seed": 1, "weight": "ones"}),  # both below
    ("x^3*y", {"x": "2.", "y": "1."}, {"order": 2}),
    ("x+1", {"x": "tensor([1.,2.], dtype=torch.float64)"}, {"weight": "ones"}),  # dtypes differ: a column
    ("x.sum()", {"x": "ones(3, dtype=torch.float64)"}, {"dtype": "float64"}),
    ("(x, x*2)", {"x": "1."}, {}),                                              # no backward for a tuple
    ("ones(2)*3", {}, {}),                                                      # no inputs
    ("x*0+z", {"x": "1.", "z": "2."}, {}),
    ("sigmoid(x)", {"x": "linspace(-3, 3, 7)"}, {"weight": "ones"}),
    ("x@w", {"x": "randn(2,3)", "w": "randn(3,4)"}, {"seed": 3, "weight": "ones"}),
]


TYPER_COMMAND = "import sys\nfrom gradcli.cli.app import main\nmain(sys.argv[1:])"  # without cli.launch


def rich_text(result, columns):
    """What render.show_result writes with stdout not a terminal and `columns` columns (cli.render.console)."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=columns, highlight=False, soft_wrap=True, emoji=False, color_system=None,
                      force_terminal=False)
    kept, render._console = render._console, console
    try:
        render.show_result(result)
    finally:
        render._console = kept
    return buffer.getvalue()


@pytest.mark.parametrize("columns", [80, 50, 132])
@pytest.mark.parametrize("expression, at, options", CASES)
def test_the_plain_view_is_what_rich_writes(expression, at, options, columns):
    result = api.evaluate(expression, at, **options)
    text = plain.view_text(result, columns)
    if text is None:  # only where Rich must shrink the table: none of these at 80 columns
        assert columns < 80
        return
    assert text == rich_text(result, columns)


def test_outside_printable_ascii_rich_draws_the_view():
    result = api.evaluate("x*2", {"x": "1."})
    result.expression = "x*2  # café"
    assert plain.view_text(result, 80) is None


def test_a_piped_eval_loads_neither_typer_nor_rich_and_prints_what_the_typer_command_prints():
    code = ("import sys\nfrom gradcli.cli import launch\ncode = launch.one_shot(sys.argv[1:])\n"
            "sys.stderr.write('%r %s' % (code, ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('typer', 'rich', 'click', 'lark')))))\n")
    args = ["mean(3*(x+2)^2)", "--at", "x=ones(2,2)", "--precision", "6"]
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.stderr == "0 "
    typer_side = subprocess.run([sys.executable, "-c", TYPER_COMMAND, "eval", *args], capture_output=True,
                                text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.stdout == typer_side.stdout and "tensor([[4.500000, 4.500000]" in done.stdout


@pytest.mark.parametrize("args", [
    ["x*y", "--at", "x=2", "--json"],
    ["-q", "sin(x)", "--at", "x=1"],
    ["eval", "x*sin(x)", "--at", "x=2,y=3", "--dtype", "double", "--seed", "0"],
    ["eval", "undefined_name*x", "--at", "x=2"],            # an error: the same message and exit code
    ["eval", "x*y", "--at", "x=ones(2)", "--at", "y=2."],     # backward fails: the value, then the hint
])
def test_the_one_shot_path_and_the_typer_path_agree(args):
    fast = run_cli(*args)
    typer_side = subprocess.run([sys.executable, "-c", TYPER_COMMAND, *args], capture_output=True, text=True, cwd=ROOT,
                                env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL)
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer_side.returncode, typer_side.stdout,
                                                           typer_side.stderr)


@pytest.mark.parametrize("argv", [
    ["run", "x.py"], ["diff", "x^2", "x"], ["sin"],                # other commands, a bare word
    ["eval", "x", "--at", "x=1", "--graph"],                        # an option this path does not take
    ["eval", "x", "y", "--at", "x=1"],                              # a batch
    ["eval", "x", "--at", "x"], ["eval", "x", "--order", "0"],      # bad usage: Typer says it
    ["--timeout", "5", "x*2"], ["eval", "-x", "--at", "x=1"],
])
def test_everything_else_goes_to_typer(argv):
    assert launch._eval_request(argv) is None


def test_a_terminal_goes_to_typer(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert launch.one_shot(["x*2", "--at", "x=1"]) is None and sys.stdout.getvalue() == ""


@pytest.mark.parametrize("environment", [{"FORCE_COLOR": "1"}, {"COLUMNS": "0"}, {"TTY_COMPATIBLE": "1"}])
def test_where_rich_would_colour_or_mis_size_typer_draws(monkeypatch, environment):
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert not launch._plain_console()


SCRIPTS = {
    "fine.py": "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\ny.backward()\nprint(x.grad)\n",
    "fails.py": "import torch\nprint(torch.ones(2))\nprint(torch.zeros(2) @ torch.ones(3))\nprint('not reached')\n",
    "twice.py": "print(1)\nundefined_a\nprint(2)\nundefined_b\nprint(3)\n",
}


@pytest.mark.parametrize("args", [
    ["run", "fine.py"], ["run", "fails.py"], ["run", "-k", "twice.py"], ["run", "twice.py", "--keep-going"],
    ["run", "missing.py"], ["run", "-"],
])
def test_a_one_file_run_is_the_typer_commands_run(args, tmp_path):
    for name, text in SCRIPTS.items():
        (tmp_path / name).write_text(text)
    stdin = SCRIPTS["fine.py"]
    fast = run_cli(*args, cwd=tmp_path, input=stdin)
    typer_side = subprocess.run([sys.executable, "-c", TYPER_COMMAND, *args], capture_output=True, text=True,
                                cwd=tmp_path, input=stdin, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer_side.returncode, typer_side.stdout,
                                                           typer_side.stderr)
    assert fast.returncode == {"fine.py": 0, "-": 0, "missing.py": 2}.get(args[-1], 1)


def test_a_one_file_run_loads_neither_typer_nor_rich(tmp_path):
    (tmp_path / "fine.py").write_text(SCRIPTS["fine.py"])
    code = ("import sys\nfrom gradcli.cli import launch\ncode = launch.one_shot(sys.argv[1:])\n"
            "sys.stderr.write('%r %s' % (code, ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('typer', 'rich', 'click', 'lark')))))\n")
    done = subprocess.run([sys.executable, "-c", code, "run", "fine.py"], capture_output=True, text=True,
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert (done.stdout, done.stderr) == ("tensor([3., 3.])\n", "0 ")


@pytest.mark.parametrize("argv", [["run", "a.py", "b.py"], ["run", "-j", "2", "a.py"], ["run", "-e", "a.py"],
                                  ["run", "--report", "r.jsonl", "a.py"], ["run", "-i", "a.py"], ["run"]])
def test_other_runs_go_to_typer(argv):
    assert launch._run_request(argv) is None


@pytest.mark.parametrize("args", [
    ["diff", "x^2*sin(x)", "x"], ["diff", "x*y^2"], ["diff", "exp(-x^2/2)/sqrt(2*pi)", "x"], ["diff", "relu(x)"],
    ["diff", "x@y", "x"], ["diff", "x*", "x"], ["diff", "x^2", "x", "y"],
])
def test_a_bare_diff_is_the_typer_commands_diff(args):
    fast = run_cli(*args)
    typer_side = subprocess.run([sys.executable, "-c", TYPER_COMMAND, *args], capture_output=True, text=True,
                                cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL)
    assert (fast.returncode, fast.stdout, fast.stderr) == (typer_side.returncode, typer_side.stdout,
                                                           typer_side.stderr)


@pytest.mark.parametrize("argv", [["diff", "x^2", "x", "--steps"], ["diff", "x^2", "--at", "x=1"],
                                  ["diff", "-x^2", "x"], ["diff", "x^2", "2*x"], ["diff"]])
def test_other_diffs_go_to_typer(argv):
    assert launch._diff_request(argv) is None
