"""The parser: incomplete input for the REPL, the grammar cache, and no traceback for any input."""

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from conftest import ROOT
from gradcli.app.api import run_script
from gradcli.base.errors import GradcliError
from gradcli.lang.syntax import parser

INCOMPLETE = [
    "x = (1,", "x = [1, 2,\n     3", "d = {'a':", "f(x for x in", "def f(a,", "print(\"\"\"abc", "x = '''a\nb",
    "print(f\"\"\"{1}", "x = 1 + \\", "if x:", "if x:\n    y = 1", "if x:\n    y = 1\nelse:", "for i in range(3):",
    "for i in range(3): print(i)", "while True:\n    if x:\n        break", "with torch.no_grad():",
    "def f():\n    return 1", "if x:\n    if y:\n        z = [1,", "if x:\n    pass\n    q = (",
    # a header inside a block, as the REPL passes it (its line ended): the dedent the newline makes is not an error
    "if x:\n    if y:\n", "class A:\n    def f(self, k):\n", "def f():\n    for i in x:\n        if i:\n",
]
COMPLETE_OR_ERROR = [
    "", "   ", "# comment", "x = 1", "print(1)", "x = 1 +", "x = )", "x = \"abc", "print(\"\"\"a\n b\"\"\")",
    "if x:\n    y = 1\n\n", "x = 1\n    y", "if x:\n    q = )", "if x:\n    q = 1 +", "import os",
    "for i in range(3): print(i)\n\n", "x = [1,]]", "if x:\n    if y:\nz = 1\n", "if x:\n    if y:\n\n",
]


@pytest.mark.parametrize("text", INCOMPLETE)
def test_incomplete_input_asks_for_more(text):
    assert parser.is_incomplete(text)


@pytest.mark.parametrize("text", COMPLETE_OR_ERROR)
def test_complete_input_or_error_runs_now(text):
    assert not parser.is_incomplete(text)


def test_every_prefix_of_a_valid_script_is_incomplete_or_parses():
    """Typing a script line by line: an unfinished line is never reported as an error."""
    script = "def f(a, b=2):\n    return [a,\n            b]\nfor i in range(2):\n    print(f(i))\n"
    lines = script.splitlines()
    for n in range(1, len(lines) + 1):
        text = "\n".join(lines[:n])
        if parser.is_incomplete(text):
            continue
        parser.parse(text)


def _in_fresh_process(code, cache_home):
    env = dict(os.environ, PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(cache_home))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def _load(cache_home):
    """Load Lark's parser; prints where its cache is (False: none)."""
    return _in_fresh_process("from gradcli.lang.syntax import parser; parser.parser(); "
                             "print(parser.cache_file(parser.grammar_text()))", cache_home)


def test_cache_is_written_in_a_fresh_home_and_reused(tmp_path):
    first = _load(tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    cached = list((tmp_path / "gradcli").iterdir())
    assert len(cached) == 1 and cached[0].stat().st_size > 1000
    mtime = cached[0].stat().st_mtime_ns
    second = _load(tmp_path)
    assert second.returncode == 0 and second.stderr == ""
    assert cached[0].stat().st_mtime_ns == mtime  # loaded, not rebuilt


def test_unwritable_cache_folder_builds_in_memory_silently(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = _load(blocker)  # $XDG_CACHE_HOME is a file: the cache folder cannot be made
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.strip() == "False"


def test_read_only_cache_folder_is_not_written(tmp_path, monkeypatch):
    folder = tmp_path / "gradcli"
    folder.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # as for a non-root user on a 0555 folder
    assert parser.cache_file("grammar text") is False


def _parse_fresh(cache_home):
    """Parse an expression; prints whether Lark's own parser stayed unloaded."""
    return _in_fresh_process("from gradcli.lang.syntax import parser; parser.parse('mean(3*(x+2)^2)', start='expression'); "
                             "print(parser._parser is None)", cache_home)


def test_driver_tables_are_cached_and_then_lark_is_not_loaded(tmp_path):
    first = _parse_fresh(tmp_path)
    assert first.returncode == 0 and first.stderr == "" and first.stdout.strip() == "False"  # built from Lark
    tables = list((tmp_path / "gradcli").glob("lalr*.cache"))
    assert len(tables) == 1 and tables[0].stat().st_size > 1000
    mtime = tables[0].stat().st_mtime_ns
    second = _parse_fresh(tmp_path)
    assert second.returncode == 0 and second.stderr == "" and second.stdout.strip() == "True"
    assert tables[0].stat().st_mtime_ns == mtime


@pytest.mark.parametrize("garbage", [b"", b"not marshal data", b"\xe9" * 100])
def test_a_damaged_driver_cache_is_rebuilt(tmp_path, garbage):
    assert _parse_fresh(tmp_path).returncode == 0
    [tables] = (tmp_path / "gradcli").glob("lalr*.cache")
    tables.write_bytes(garbage)
    again = _parse_fresh(tmp_path)
    assert again.returncode == 0 and again.stderr == "" and again.stdout.strip() == "False"
    assert tables.stat().st_size > 1000


def test_grammar_is_found_in_the_source_tree():
    assert parser.grammar_path() == str(ROOT / "grammar" / "gradcli.lark")


# ---------------------------------------------------------------- never a traceback
# no `while`: a generated `while True: pass` would never end
_PIECES = st.sampled_from([
    "x", "y", "torch", "import", "from", "as", "(", ")", "[", "]", "{", "}", ",", ":", ".", "=", "+", "-", "*",
    "/", "**", "^", "@", "<", "==", "if", "else", "elif", "for", "in", "def", "return", "with",
    "not", "and", "or", "1", "2.5", "'s'", "f'{x}'", "f'{'", "\"\"\"", "\n", "\n    ", "\\\n", "#c", "print",
    "torch.ones(2)", "break", "pass", "lambda", "x.grad", ";", "None", "True", "...", "_", "__class__", "!", "$",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=14).map(" ".join))
def test_any_input_gives_a_gradcli_error_or_runs(text):
    try:
        run_script("import torch\nx = torch.ones(2)\ny = 1\n" + text)
    except GradcliError as error:
        assert error.message
    parser.is_incomplete(text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_arbitrary_characters_never_crash(text):
    try:
        run_script(text)
    except GradcliError:
        pass
    parser.is_incomplete(text)


@pytest.mark.parametrize("text", ["x = " + "(" * 200 + "1" + ")" * 200, "x = " + "[" * 300 + "1",
                                  "y = 2\nx = f(" + "{" * 150 + "[(" * 100 + "1", "(" * 100000 + "x" + ")" * 100000])
def test_brackets_nest_as_deep_as_pythons_tokenizer_allows(text):
    """CPython refuses the 201st bracket open at once (its tokenizer's MAXLEVEL) with its words and place; the
    same text is one gradcli SyntaxError there, and 200 brackets parse (Lark's parser would take any number)."""
    try:
        compile(text, "<t>", "exec")
        python = None
    except SyntaxError as error:
        python = (error.msg, error.lineno, error.offset)
    try:
        parser.parse(text, "<t>")
        ours = None
    except GradcliError as error:
        ours = (error.message, error.position.line, error.position.column)
    assert ours == python
    assert parser.is_incomplete(text) is False or python is None
