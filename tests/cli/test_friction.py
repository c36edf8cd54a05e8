"""The CLI's friction, each found by trying (issue 31, item 4): everything fits 80 columns without a word cut
in two, the limits go before or after the command, a bad option value is bad usage (exit 2) in one style, plot
says which --at a free name needs, and `run` of several files can mark whose output is whose."""

import re

import pytest
import typer.main
from typer.testing import CliRunner

from gradcli.cli import app as cli
from gradcli.cli import render, repl

COMMAND = typer.main.get_command(cli.app)
GUIDES = re.compile(r"[│├└─╭╮╰╯┃━┏┓┗┛┡┩╇╈┳┻┼┬┴]+")


def invoke(*args, columns=80, input=None):
    render._console = None  # (made again, at this width: each gradcli command is a process of its own)
    return CliRunner().invoke(cli.app, list(args), input=input, env={"COLUMNS": str(columns)})


def words(text):
    """The text's words, without the boxes' and the tree's lines: the same at any width unless a word was cut."""
    return GUIDES.sub(" ", text).split()


def assert_fits_80_uncut(*args, after=""):
    """`gradcli ARGS` in 80 columns: no line wider, and (from the line `after`) the words it shows in 1000."""
    narrow, wide = invoke(*args), invoke(*args, columns=1000)
    assert narrow.exit_code == wide.exit_code
    too_wide = [line for line in narrow.stdout.splitlines() if len(line) > 80]
    assert not too_wide, too_wide
    part = lambda text: text[text.index(after):]
    assert words(part(narrow.stdout)) == words(part(wide.stdout))  # (a word cut in two would be two words)
    return narrow, wide


HELP_SCREENS = [["--help"]] + [[name, "--help"] for name in COMMAND.commands]


@pytest.mark.parametrize("args", HELP_SCREENS, ids=" ".join)
def test_every_help_screen_fits_80_columns_and_wraps_between_words(args):
    assert_fits_80_uncut(*args)


@pytest.mark.parametrize("args", HELP_SCREENS, ids=" ".join)
def test_help_texts_are_wrapped_by_rich_only(args):
    """Wide enough, every option's help and every command's summary is one line: a break kept from the source
    would show as a second line, and at 80 columns as a ragged paragraph."""
    wide = invoke(*args, columns=1000)
    command = COMMAND if args == ["--help"] else COMMAND.commands[args[0]]
    rows = [line for line in wide.stdout.splitlines() if line.startswith("│")]
    shown = [param for param in command.get_params(typer.Context(command)) if not getattr(param, "hidden", False)]
    listed = list(command.commands.values()) if args == ["--help"] else []
    assert len(rows) == len(shown) + len(listed)


def test_the_top_level_help_lists_the_commands_first_and_the_limits_in_their_own_panel():
    text = invoke("--help").stdout
    panels = re.findall(r"╭─ (.+?) ─", text)
    assert panels == ["Commands", "Options", "Limits (before or after the command)"]
    limits = text[text.index("Limits (before"):]
    assert all(option in limits for option in ("--max-elements", "--max-memory", "--timeout"))
    assert "--max-elements" not in text[:text.index("Limits (before")]


def test_the_graph_fits_80_columns():
    result, _ = assert_fits_80_uncut("eval", "sum(w*x+b)", "--at", "w=tensor([0.5, 1.5, -2.25])", "--at",
                                     "x=ones(3)", "--at", "b=1.", "--graph", after="backward graph")
    tree = result.stdout[result.stdout.index("backward graph"):].splitlines()
    assert tree[2:5] == ["    └── AddBackward0  source w*x+b  value tensor([ 1.5000,  2.5000, -1.2500])",
                         "        │   grad tensor([1., 1., 1.])",
                         "        ├── MulBackward0  source w*x  value tensor([ 0.5000,  1.5000, -2.2500])"]


def test_checks_results_fit_80_columns():
    result, wide = assert_fits_80_uncut("check", "relu(x)*y", "--at", "x=tensor([-1., 0., 2.])", "--at",
                                        "y=tensor([[1.,2.,3.],[4.,5.,6.]])")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:3] == ["x: FAILED  largest difference 2.5 at x[1], output element [1, 1],",
                                               "  relative 1 at x[1], output element [0, 1]"]
    assert wide.stdout.splitlines()[1] == ("x: FAILED  largest difference 2.5 at x[1], output element [1, 1], "
                                           "relative 1 at x[1], output element [0, 1]")


def test_the_repl_banner_and_help_fit_80_columns():
    for text in (repl.banner(), repl.HELP):
        assert max(len(line) for line in text.splitlines()) <= 80
    assert repl.HELP in invoke("repl", input=":help\n").stdout


# ---------------------------------------------------------------- the limits, before or after the command
def test_limits_go_after_the_command_too(tmp_path):
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("print('a')\n")
    b.write_text("print('b')\n")
    result = invoke("run", "-j", "2", "--timeout", "10", str(a), str(b))
    assert (result.exit_code, result.stdout) == (0, "a\nb\n"), result.stderr
    assert invoke("eval", "x*3", "--at", "x=1", "-q", "--max-depth=50").stdout == "3.0\n"
    large = invoke("eval", "sum(ones(10)*x)", "--at", "x=1", "--max-tensor-bytes", "20")
    assert large.exit_code == 1 and "LimitError" in large.stderr
    assert invoke("run", "--", "--timeout").exit_code == 2  # after --, a file name


# ---------------------------------------------------------------- a bad option value is bad usage, said one way
BAD_VALUES = [
    (["eval", "x", "--at", "x=1", "--dtype", "int"], "--dtype"),
    (["eval", "x", "--at", "x=1", "--seed", "q"], "--seed"),
    (["eval", "x", "--at", "x=1", "--order", "0"], "--order"),
    (["eval", "x", "--at", "x=1", "--precision", "-1"], "--precision"),
    (["eval", "x", "--at", "x=1", "--graph-depth", "0"], "--graph-depth"),
    (["eval", "x", "--at", "x"], "--at"),
    (["eval", "x", "--at", "x=1", "--tangent", "x"], "--tangent"),
    (["run", "--jobs", "0", "a.py"], "--jobs"),
    (["run", "--explain-steps", "0", "a.py"], "--explain-steps"),
    (["diff", "x", "--order", "0"], "--order"),
    (["diff", "x", "--dtype", "int"], "--dtype"),
    (["jacobian", "x", "--at", "x=1", "--dtype", "q"], "--dtype"),
    (["hessian", "x", "--at", "x"], "--at"),
    (["check", "x", "--at", "x=1", "--order", "3"], "--order"),
    (["check", "x", "--at", "x=1", "--eps", "q"], "--eps"),
    (["check", "x", "--at", "x=1", "--atol", "q"], "--atol"),
    (["check", "x", "--at", "x=1", "--rtol", "q"], "--rtol"),
    (["plot", "x", "--over", "x=3:-3"], "--over"),
    (["plot", "x", "--over", "x=0:inf"], "--over"),
    (["plot", "x", "--over", "x"], "--over"),
    (["plot", "x", "--over", "x=0:1", "--points", "1"], "--points"),
    (["plot", "x", "--over", "x=0:1", "--order", "0"], "--order"),
    (["plot", "x", "--over", "x=0:1", "--out", "a.txt"], "--out"),
]


@pytest.mark.parametrize("args, option", BAD_VALUES, ids=lambda a: " ".join(a) if isinstance(a, list) else a)
def test_a_bad_option_value_exits_2_naming_the_option(args, option):
    result = invoke(*args)
    assert result.exit_code == 2, result.stderr
    assert "Invalid value for '%s': expected " % option in result.stderr
    assert "Traceback" not in result.stderr and "ValueError" not in result.stderr


@pytest.mark.parametrize("args", [["--max-elements", "x", "eval", "1"], ["--timeout", "-1", "eval", "1"],
                                  ["eval", "1", "--max-memory", "3Q"]])
def test_a_bad_limit_exits_2_in_the_same_style(args):
    result = invoke(*args)
    assert result.exit_code == 2
    assert "Invalid value: --" in result.stderr


# ---------------------------------------------------------------- plot's free names
def test_plot_says_which_at_a_free_name_needs():
    result = invoke("plot", "x*y", "--over", "x=-1:1")
    assert result.exit_code == 1
    assert result.stderr.startswith("<expression>:1:3: NameError: name 'y' is not defined; give it with --at "
                                    "y=VALUE\n")


# ---------------------------------------------------------------- run of several files: whose output is whose
def test_run_marks_each_files_output_when_asked(tmp_path):
    files = []
    for name, text in (("a.py", "print(1)\n"), ("quiet.py", ""), ("b.py", "print(2)\nprint(3)\n")):
        (tmp_path / name).write_text(text)
        files.append(str(tmp_path / name))
    marked = invoke("run", "-j", "2", "--headers", *files)
    assert marked.exit_code == 0, marked.stderr
    assert marked.stdout == "==> %s <==\n1\n\n==> %s <==\n\n==> %s <==\n2\n3\n" % tuple(files)
    assert invoke("run", *files).stdout == "1\n2\n3\n"  # piped: plain, as before
    assert invoke("run", "--headers", files[0]).stdout == "1\n"  # one file: nothing to tell apart
