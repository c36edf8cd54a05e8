"""The REPL driven through a pseudo-terminal, as a person would use it, on a dumb terminal (TERM=dumb: input()
and readline, line by line): blocks, completion, history across sessions, Ctrl-C, errors, the : commands and
Ctrl-D. tests/cli/test_repl_editor.py drives prompt_toolkit's line editor on a capable terminal."""

import os
import sys

import pytest

from conftest import ROOT

pexpect = pytest.importorskip("pexpect")

PROMPT = ">>> "
MORE = "... "


def spawn(tmp_path, xdg=True):
    env = dict(os.environ, HOME=str(tmp_path / "home"), TERM="dumb", NO_COLOR="1", COLUMNS="100",
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("XDG_STATE_HOME", None)
    if xdg:
        env["XDG_STATE_HOME"] = str(tmp_path / "state")
    # `gradcli` with no arguments on a terminal starts the repl
    child = pexpect.spawn(sys.executable, ["-m", "gradcli"], env=env, cwd=str(tmp_path), encoding="utf-8",
                          timeout=30, dimensions=(40, 100))
    child.expect_exact(PROMPT)
    return child


def send(child, line, then=PROMPT):
    child.sendline(line)
    child.expect_exact(then)
    return child.before


def finish(child):
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.fixture
def repl(tmp_path):
    (tmp_path / "home").mkdir()
    child = spawn(tmp_path)
    send(child, "import torch")
    send(child, "x = torch.ones(2, requires_grad=True)")
    yield child
    if child.isalive():
        child.terminate(force=True)


def test_expressions_are_echoed_and_statements_are_not(repl):
    assert "tensor([2., 2.], grad_fn=<MulBackward0>)" in send(repl, "x * 2")
    assert send(repl, "y = (x * 3).sum()").strip() == "y = (x * 3).sum()"
    assert "tensor(6., grad_fn=<SumBackward0>)" in send(repl, "y")
    finish(repl)


def test_a_block_takes_continuation_lines_until_an_empty_line(repl):
    send(repl, "n = 0")
    send(repl, "while n < 3:", then=MORE)
    send(repl, "    n += 1", then=MORE)
    send(repl, "")
    assert "3" in send(repl, "n").splitlines()[-1]
    finish(repl)


def test_an_open_bracket_continues_the_line(repl):
    send(repl, "z = (1 +", then=MORE)
    send(repl, "2)")
    assert send(repl, "z").splitlines()[-1].strip() == "3"
    finish(repl)


def test_tab_completes_variables_torch_functions_and_tensor_members(repl):
    send(repl, "my_long_name = 5")
    repl.send("my_long_na\t")
    repl.expect_exact("my_long_name")
    assert send(repl, "").splitlines()[-1].strip() == "5"
    repl.send("torch.aran\t")
    repl.expect_exact("torch.arange")
    assert "tensor([0, 1, 2])" in send(repl, "(3)")
    repl.send("x.is_le\t")
    repl.expect_exact("x.is_leaf")
    assert send(repl, "").splitlines()[-1].strip() == "True"
    finish(repl)


def test_errors_are_reported_and_the_session_goes_on(repl):
    out = send(repl, "x.nope")
    assert "<stdin>:1:3: AttributeError: 'Tensor' object has no attribute 'nope'" in out
    assert "^^^^" in out
    assert "NameError: name 'nope' is not defined" in send(repl, "nope + 1")
    assert "SyntaxError" in send(repl, "1 +* 2")
    assert "tensor([1., 1.], requires_grad=True)" in send(repl, "x")  # variables survive errors
    finish(repl)


def test_ctrl_c_cancels_the_input_and_interrupts_a_running_loop(repl):
    send(repl, "w = (1 +", then=MORE)
    repl.sendintr()
    repl.expect_exact("KeyboardInterrupt")
    repl.expect_exact(PROMPT)
    assert send(repl, "1 + 1").splitlines()[-1].strip() == "2"  # the unfinished input is gone
    # the loop announces that it runs: an interrupt sent before that could reach the terminal while the
    # line editor still owns it, and arrive as a plain character instead of a signal
    send(repl, "i = 0", then=PROMPT)
    send(repl, "while True:", then=MORE)
    send(repl, "    i += 1", then=MORE)
    send(repl, "    if i == 1: print('looping')", then=MORE)
    repl.sendline("")
    repl.expect_exact("looping")
    repl.sendintr()
    repl.expect_exact("KeyboardInterrupt")
    repl.expect_exact(PROMPT)
    assert send(repl, "2 + 2").splitlines()[-1].strip() == "4"
    finish(repl)


def test_colon_commands(repl):
    assert ":graph NAME" in send(repl, ":help")
    send(repl, "y = (x * x).sum()")
    out = send(repl, ":vars")
    assert "requires_grad" in out and "SumBackward0" in out and "torch.float32" in out
    tree = send(repl, ":graph y")
    for label in ("SumBackward0", "MulBackward0", "AccumulateGrad  x  [2] torch.float32",
                  "(shared, shown above)"):
        assert label in tree
    assert "not defined" in send(repl, ":graph nope")
    assert "unknown command" in send(repl, ":frobnicate")
    send(repl, ":reset")
    assert "NameError" in send(repl, "y")
    finish(repl)


@pytest.mark.parametrize("xdg", [True, False], ids=["XDG_STATE_HOME", "HOME"])
def test_history_is_kept_across_sessions(tmp_path, xdg):
    (tmp_path / "home").mkdir()
    first = spawn(tmp_path, xdg)
    send(first, "40 + 2")
    finish(first)
    history = (tmp_path / "state" if xdg else tmp_path / "home" / ".local" / "state") / "gradcli" / \
        "readline-history"  # a dumb terminal: readline's line editor, and its history
    assert "40 + 2" in history.read_text()
    second = spawn(tmp_path, xdg)
    second.send("\x1b[A")  # the up arrow recalls the last line of the first session
    second.expect_exact("40 + 2")
    assert send(second, "").splitlines()[-1].strip() == "42"
    finish(second)
