"""The REPL on a capable terminal (prompt_toolkit's line editor), driven through a pseudo-terminal with pexpect
as a person would: the banner and the preloaded torch/nn/F, Python's echo (`1; 2`, after `y.backward()`), `_`,
help()/name?/dir(), leaving with exit()/quit()/:q/:quit, a block edited and recalled as one entry, suggestions
from history, highlighting, :vars, :save (a script gradcli run and python both run), :load, `gradcli run -i`."""

import os
import re
import subprocess
import sys
import time

import pytest

from conftest import HAS_TORCH, ROOT, run_cli

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("prompt_toolkit")

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[=>]|\r")
UP, RIGHT = "\x1b[A", "\x1b[C"


class Terminal:
    """A gradcli child on a pseudo-terminal. `until(text)` waits for `text` in the screen output (escape codes
    left out) after what was read before, and returns the output before it; `enter(line)` types a line and
    Enter and returns what the input printed: the output between prompt_toolkit's accepting the input
    (bracketed paste off) and its next prompt (bracketed paste on)."""

    ACCEPTED, PROMPT = "\x1b[?2004l", "\x1b[?2004h"

    def __init__(self, tmp_path, *args, colour=False):
        env = dict(os.environ, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path / "state"), TERM="xterm-256color",
                   COLUMNS="100", PROMPT_TOOLKIT_NO_CPR="1",
                   PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        env.pop("NO_COLOR", None)
        env.pop("FORCE_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        self.child = pexpect.spawn(sys.executable, ["-m", "gradcli", *args], env=env, cwd=str(tmp_path),
                                   encoding="utf-8", timeout=30, dimensions=(40, 100))
        self.raw, self.pos = "", 0

    def _wait(self, find, timeout=30):
        """find(raw text from pos) -> (start, end) of a match or None; returns the raw text before it."""
        end = time.time() + timeout
        while True:
            found = find(self.raw[self.pos:])
            if found is not None:
                before = self.raw[self.pos:self.pos + found[0]]
                self.pos += found[1]
                return before
            if time.time() > end:
                raise AssertionError("waited in vain; output: %r" % ANSI.sub("", self.raw[self.pos:]))
            try:
                self.raw += self.child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                pass

    def until(self, text, timeout=30):
        def find(raw):  # `text` in the plain output, mapped back to raw offsets
            plain, offsets = [], []
            for match in re.finditer(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[=>]|\r|(.)", raw, re.S):
                if match.group(1) is not None:
                    plain.append(match.group(1))
                    offsets.append(match.end())
            at = "".join(plain).find(text)
            return None if at < 0 else (offsets[at] - 1, offsets[at + len(text) - 1])
        return ANSI.sub("", self._wait(find, timeout))

    def marker(self, text, timeout=30):
        return ANSI.sub("", self._wait(lambda raw: (raw.find(text), raw.find(text) + len(text))
                                       if text in raw else None, timeout))

    def enter(self, line):
        """Type `line` and Enter (a whole input, or the end of a block); what it printed."""
        self.child.send(line + "\r")
        self.marker(self.ACCEPTED)
        return self.marker(self.PROMPT)

    def leaves(self):
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus == 0


@pytest.fixture
def term(tmp_path):
    terminal = Terminal(tmp_path)
    terminal.marker(Terminal.PROMPT)
    yield terminal
    if terminal.child.isalive():
        terminal.child.terminate(force=True)


def test_the_banner_says_torch_nn_and_f_are_imported(tmp_path):
    terminal = Terminal(tmp_path)
    banner = terminal.marker(Terminal.PROMPT)
    assert "Imported: torch, torch.nn as nn, torch.nn.functional as F." in banner
    assert "tensor([0., 2.])" in terminal.enter("F.relu(torch.tensor([-1., 2.]))")
    assert "tensor([0., 2.])" in terminal.enter("nn.functional.relu(torch.tensor([-1., 2.]))")
    terminal.child.send("exit()\r")
    assert terminal.leaves()


@pytest.mark.parametrize("command", ["exit()", "quit()", ":q", ":quit", "exit", "quit"])
def test_exit_quit_and_colon_q_leave(tmp_path, command):
    terminal = Terminal(tmp_path)
    terminal.marker(Terminal.PROMPT)
    terminal.child.send(command + "\r")
    assert terminal.leaves()


def test_every_expression_statement_is_echoed_as_pythons_repl_does(term):
    assert term.enter("1; 2") == "1\n2\n"
    term.enter("x = torch.ones(2, requires_grad=True)")
    term.enter("y = (x * 3).sum()")
    assert "tensor([3., 3.])" in term.enter("y.backward(); x.grad")
    assert "tensor([6., 6.])" in term.enter("_ * 2")  # _ is the last value shown
    assert "tensor(12.)" in term.enter("_.sum()")


def test_help_question_mark_and_dir(term):
    term.enter("x = torch.ones(2, requires_grad=True)")
    assert "torch.sin(input, *, out=None) -> Tensor\n  torch.sin (SinBackward0)" in term.enter("help(torch.sin)")
    assert "torch.sin(input, *, out=None)" in term.enter("torch.sin?")
    assert "Tensor of shape [2], dtype torch.float32; a leaf, requires_grad=True" in term.enter("x?")
    assert "module 'torch' has no attribute 'sine'. Did you mean: 'sin'?" in term.enter("torch.sine?")
    listed = term.enter("dir(x)")
    assert "'backward'" in listed and "'zero_'" in listed and "'__class__'" not in listed


def test_a_block_is_edited_whole_and_recalled_as_one_entry(term):
    term.child.send("for i in range(2):\r")
    term.until("...")
    term.child.send("print(i * 10)\r")  # indented for us
    term.until("...")
    assert term.enter("") == "0\n10\n"
    term.child.send(UP)  # the whole block comes back
    term.until("print(i * 10)")
    term.child.send("\r")
    term.until("...")
    assert term.enter("") == "0\n10\n"
    history = (pathlib_of(term) / "state" / "gradcli" / "history").read_text()
    assert "+for i in range(2):\n+    print(i * 10)\n" in history


def pathlib_of(term):
    import pathlib
    return pathlib.Path(term.child.cwd)


def test_suggestions_from_history(term):
    term.enter("40 + 2")
    term.child.send("40")
    term.until(" + 2")  # suggested, greyed out
    term.child.send(RIGHT)  # takes the suggestion
    assert term.enter("") == "42\n"


def test_input_and_echoed_values_are_highlighted(tmp_path):
    terminal = Terminal(tmp_path, colour=True)
    terminal.marker(Terminal.PROMPT)
    terminal.child.send("while False:")
    terminal.until("while False:")
    assert re.search(r"\x1b\[[0-9;]*m+while", terminal.raw)  # a keyword, coloured as it is typed
    terminal.child.send("\r")
    terminal.until("...")
    terminal.enter("")
    start = len(terminal.raw)
    terminal.enter("1.5")
    assert re.search(r"\x1b\[[0-9;]*m1\.5", terminal.raw[start:])  # the echoed number (Rich's highlighter)


def test_vars_shows_whether_grad_is_set(term):
    term.enter("w = torch.ones(2, requires_grad=True)")
    term.enter("v = torch.zeros(3, requires_grad=True)")
    term.enter("(w * 2).sum().backward()")
    table = term.enter(":vars")
    assert ".grad" in table
    rows = {line.split("│")[1].strip(): line for line in table.splitlines() if line.startswith("│")}
    assert rows["w"].split("│")[-2].strip() == "set" and rows["v"].split("│")[-2].strip() == "None"


def test_save_writes_a_script_gradcli_and_python_both_run(term, tmp_path):
    term.enter("x = torch.ones(2, requires_grad=True)")
    term.enter("y = (x * 3).sum()")
    term.enter("y.backward(); x.grad")
    term.enter("print(_ * 2)")
    term.enter("nope")  # an error: not saved
    term.child.send("for i in range(2):\r")
    term.until("...")
    term.child.send("print(i)\r")
    term.until("...")
    term.enter("")
    assert "saved" in term.enter(":save session.py")
    script = tmp_path / "session.py"
    expected = "tensor([6., 6.])\n0\n1\n"
    result = run_cli("run", str(script))
    assert (result.returncode, result.stdout) == (0, expected), result.stderr
    if HAS_TORCH:
        python = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
        assert (python.returncode, python.stdout) == (0, expected)
    term.enter(":reset")
    term.enter(":load session.py")
    assert "tensor([3., 3.])" in term.enter("x.grad")


def test_run_dash_i_drops_into_the_repl_with_the_scripts_variables(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import torch\nw = torch.tensor([1., 2.], requires_grad=True)\n(w * w).sum().backward()\n"
                      "print('trained')\n")
    terminal = Terminal(tmp_path, "run", "-i", str(script))
    assert "trained" in terminal.marker(Terminal.PROMPT)
    assert "tensor([2., 4.])" in terminal.enter("w.grad")
    terminal.child.send(":q\r")
    assert terminal.leaves()


def test_ctrl_c_cancels_the_input(term):
    term.child.send("w = (1 +")
    term.child.sendintr()
    term.until("KeyboardInterrupt")
    term.marker(Terminal.PROMPT)
    assert term.enter("1 + 1") == "2\n"
