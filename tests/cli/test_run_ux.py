"""`gradcli run` as a user meets it when a script fails: the call chain of an error inside a def, Python's
"Did you mean" (checked against CPython's own suggestions), TabError (against CPython's tokenizer), a UTF-8
byte order mark, and Ctrl-C naming the line that was running."""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, run_cli
from gradcli.base.errors import _MOVE_COST, _levenshtein, suggestion
from gradcli.base.names_by_use import NAMES_BY_USE


def run(text, tmp_path, name="s.py", encoding="utf-8"):
    script = tmp_path / name
    script.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return run_cli("run", str(script)), script


# ---------------------------------------------------------------- the call chain
CHAIN = """import torch
def g(x):
    return x.view(5)

def f(x):
    y = g(x) * 2
    return y

x = torch.ones(2, 3)
print("before")
f(x)
"""


def test_an_error_inside_a_def_shows_the_call_chain_innermost_last(tmp_path):
    result, script = run(CHAIN, tmp_path)
    assert result.returncode == 1 and result.stdout == "before\n"
    assert result.stderr == (
        "Traceback (most recent call last):\n"
        "  %(s)s:11, in <module>\n    f(x)\n"
        "  %(s)s:6, in f\n    y = g(x) * 2\n"
        "  %(s)s:3, in g\n"
        "%(s)s:3:12: RuntimeError: shape '[5]' is invalid for input of size 6\n"
        "        return x.view(5)\n"
        "               ^^^^^^^^^\n" % {"s": script})


def test_recursion_repeats_are_cut_as_python_cuts_them(tmp_path):
    result, script = run("import torch\ndef r(n):\n    if n == 0:\n        return torch.ones(2).nope\n"
                         "    return r(n - 1)\nr(10)\n", tmp_path)
    lines = result.stderr.splitlines()
    assert lines[:9] == ["Traceback (most recent call last):", "  %s:6, in <module>" % script, "    r(10)",
                         "  %s:5, in r" % script, "    return r(n - 1)", "  %s:5, in r" % script,
                         "    return r(n - 1)", "  %s:5, in r" % script, "    return r(n - 1)"]
    # CPython: 10 equal frames shown as 3 and "[Previous line repeated 7 more times]"
    assert lines[9:11] == ["  [Previous line repeated 7 more times]", "  %s:4, in r" % script]
    assert "AttributeError: 'Tensor' object has no attribute 'nope'" in lines[11]


def test_an_error_at_the_top_level_has_no_chain(tmp_path):
    result, script = run("import torch\ndef f(x):\n    return x\nf(1)\ntorch.ones(2).view(3)\n", tmp_path)
    assert result.stderr.startswith("%s:5:1: RuntimeError" % script)


def test_a_bad_call_is_the_callers_error_not_a_chain(tmp_path):
    result, script = run("def f(x):\n    return x\nf(1, 2)\n", tmp_path)
    assert result.stderr.startswith("%s:3:1: TypeError: f() takes 1 positional argument but 2 were given"
                                    % script)


# ---------------------------------------------------------------- did you mean
@pytest.mark.parametrize("wrong, names", [
    ("zero", ["zero_", "zeros", "grad", "backward"]),
    ("sine", ["sin", "sinh", "asin", "cos", "sign"]),
    ("requires_gard", ["requires_grad", "requires_grad_", "retain_grad"]),
    ("Grad", ["grad", "grad_fn"]),
    ("xz", ["xs", "x"]),
    ("lenght", ["length", "len"]),
    ("backwards", ["backward", "backward_hook"]),
    ("arcsin", ["asin", "arcsinh", "sin"]),
    ("totally_unrelated", ["sin", "cos"]),
    ("mena", ["mean", "men", "menu"]),
])
def test_suggestions_are_cpythons(wrong, names):
    """CPython's own traceback printer is the oracle: the name it suggests for an AttributeError, or one as close
    to the misspelling that the corpora call more often (base.errors.suggestion: `zero` is `zeros`, not Python's
    `zero_`, first in alphabetical order)."""
    code = ("import sys\nclass C: pass\nfor n in %r:\n    setattr(C, n, 1)\ntry:\n    getattr(C(), %r)\n"
            "except AttributeError:\n    sys.excepthook(*sys.exc_info())\n" % (names, wrong))
    printed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stderr
    expected = printed.split("Did you mean: '")[1].split("'")[0] if "Did you mean" in printed else None
    got = suggestion(wrong, names + dir(object))
    if got != expected:
        far = _MOVE_COST * 40
        assert _levenshtein(wrong, got, far) == _levenshtein(wrong, expected, far), (got, expected)
        assert NAMES_BY_USE.index(got) < (NAMES_BY_USE.index(expected) if expected in NAMES_BY_USE else 10 ** 6)


@pytest.mark.parametrize("wrong, names, meant", [
    ("onse", ["ones", "zeros", "one_hot"], "ones"), ("gard", ["grad", "grad_fn"], "grad"),
    ("tnesor", ["tensor", "Tensor"], "tensor"), ("xyz", ["zyx"], None)])
def test_two_swapped_letters_are_suggested_where_python_has_nothing(wrong, names, meant):
    assert suggestion(wrong, names + dir(object)) == meant


def test_name_and_attribute_errors_suggest_as_python_does(tmp_path):
    result, script = run("import torch\nx = torch.ones(2)\nlearning_rate = 0.1\nx.zero()\n", tmp_path)
    assert result.stderr.startswith(
        "%s:4:3: AttributeError: 'Tensor' object has no attribute 'zero'. Did you mean: 'zero_'?\n" % script)
    result, script = run("learning_rate = 0.1\nprint(learning_rat)\n", tmp_path)
    assert "NameError: name 'learning_rat' is not defined. Did you mean: 'learning_rate'?" in result.stderr
    result, script = run("import torch\nprint(torch.sine(torch.ones(1)))\n", tmp_path)
    assert "AttributeError: module 'torch' has no attribute 'sine'. Did you mean: 'sin'?" in result.stderr


def test_function_names_are_suggested_in_eval_too():
    result = run_cli("eval", "sine(x)", "--at", "x=1")
    assert "NameError: name 'sine' is not defined. Did you mean: 'sin'?" in result.stderr


# ---------------------------------------------------------------- indentation and encoding
@pytest.mark.parametrize("source", [
    "if True:\n\tx = 1\n        y = 2\n",          # a tab, then 8 spaces: one block only if a tab is 8 columns
    "if True:\n        x = 1\n\ty = 2\n",
    "if True:\n    \tx = 1\n    \ty = 2\n",        # the same mix on each line: fine
    "if True:\n\tx = 1\n\tif x:\n\t    y = 2\n",     # tabs then spaces, nested: fine
    "if True:\n\tif True:\n\t\tx = 1\n\t        y = 2\n",
    "if True:\n  \tx = 1\n\ty = 2\n",               # 2 spaces + tab == tab at 8 columns, not at 1
    "if True:\n\tx = (1,\n        2)\n\ty = 3\n",  # inside brackets indentation does not count
    "if True:\n    x = 1\n  \ty = 2\n",             # a bad dedent: IndentationError, not TabError
])
def test_tabs_and_spaces_as_cpython_tokenizes_them(source, tmp_path):
    try:
        compile(source, "s.py", "exec")
        expected = None
    except SyntaxError as error:  # TabError and IndentationError are SyntaxErrors
        expected = (type(error).__name__, error.lineno)
    result, script = run(source + "print('ok')\n", tmp_path)
    if expected is None:
        assert (result.returncode, result.stdout) == (0, "ok\n"), result.stderr
    else:
        assert result.returncode == 1
        assert result.stderr.startswith("%s:%d:" % (script, expected[1])), result.stderr
        assert ": %s: " % expected[0] in result.stderr.splitlines()[0]


def test_tab_error_in_words(tmp_path):
    """CPython's words and place (3.11's compile() points at the line's first column)."""
    result, script = run("if True:\n\tx = 1\n        y = 2\n", tmp_path)
    assert result.stderr.startswith("%s:3:1: TabError: inconsistent use of tabs and spaces in indentation\n"
                                    % script)


def test_a_utf8_byte_order_mark_is_the_encoding_not_a_character(tmp_path):
    result, _ = run("print('é')\n", tmp_path, encoding="utf-8-sig")
    assert (result.returncode, result.stdout, result.stderr) == (0, "é\n", "")
    piped = run_cli("run", "-", input="\ufeffprint(1)\n")
    assert (piped.returncode, piped.stdout) == (0, "1\n")


# ---------------------------------------------------------------- Ctrl-C
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is a POSIX notion")
def test_ctrl_c_reports_the_line_that_was_running(tmp_path):
    script = tmp_path / "loop.py"
    script.write_text("import torch\nx = 0\nprint('started', flush=True)\nwhile True:\n    x += 1\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-m", "gradcli", "run", str(script)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    assert child.stdout.readline() == "started\n"
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=60) == 130
    # the signal lands in the loop's body or in its condition, whichever was running
    assert child.stderr.read() in ("\n%s:5:5: KeyboardInterrupt\n        x += 1\n        ^^^^^^\n"
                                   "gradcli: interrupted\n" % script,
                                   "\n%s:4:7: KeyboardInterrupt\n    while True:\n          ^^^^\n"
                                   "gradcli: interrupted\n" % script)
