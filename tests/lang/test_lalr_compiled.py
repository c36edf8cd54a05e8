"""gradcli_lalr, lang.syntax.lalr's parse loop in C (accel/src/lalr.c), against the Python loop it stands for:
the same trees, node for node (names, children, tokens with their kinds, texts and offsets, the recorded
edges, the fields each node has), on every script of the corpora and on random programs; and, for
any text the Python loop refuses, no tree at all (the C loop hands it back, and the Python loop reports it).
Skipped where the accelerator is not installed (the Python loop is then the parser: tests/lang/test_lalr.py)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings

gradcli_lalr = pytest.importorskip("gradcli_lalr")

from gradcli.lang.syntax import lalr, parser, trees  # noqa: E402
from test_lalr import SCRIPTS, _mutated, bench_scripts, test_fuzz  # noqa: E402


def driver():
    found = parser.driver()
    found.parse("x = 1\n", "start")  # (looks the compiled loop up)
    assert found.loop, "gradcli_lalr is installed but the driver does not use it"
    return found


def compiled(text, start="start"):
    """The C loop's tree of `text`, or None where it hands the text back."""
    return driver().parse_compiled(text, start, lalr._Lines(text))


def python(text, start="start"):
    """The Python loop's tree, or the exception it raises."""
    try:
        return driver().parse_here(text, start)
    except Exception as error:  # (a Mistake, or Fallback)
        return error


def set_fields(node):
    return [name for name in trees.Tree.__slots__ if hasattr(node, name)]


def difference(expected, got, path="tree"):
    """Where the Python loop's tree and the C loop's differ, or None."""
    if expected.__class__ is not got.__class__:
        return "%s: %r is not %r" % (path, got, expected)
    if isinstance(expected, lalr._Token):
        fields = ("type", "value", "start_pos")
        if str(expected) != str(got) or any(getattr(expected, f) != getattr(got, f) for f in fields):
            return "%s: %r != %r" % (path, got, expected)
        return None if got._lines is not None else "%s: no lines" % path
    if isinstance(expected, trees.Tree):
        if set_fields(expected) != set_fields(got) or expected.data != got.data or got._meta is not None:
            return "%s: %r != %r (fields %s, %s)" % (path, got.data, expected.data, set_fields(got), set_fields(expected))
        if getattr(expected, "_edges", None) != getattr(got, "_edges", None):
            return "%s: edges %r != %r" % (path, getattr(got, "_edges", None), getattr(expected, "_edges", None))
        return difference(expected.children, got.children, path + "/" + expected.data)
    if isinstance(expected, list):
        if len(expected) != len(got):
            return "%s: %d children != %d" % (path, len(got), len(expected))
        for i, (a, b) in enumerate(zip(expected, got)):
            found = difference(a, b, "%s[%d]" % (path, i))
            if found:
                return found
        return None
    return None if expected == got else "%s: %r != %r" % (path, got, expected)


def assert_alike(text, start="start", served=False):
    expected, got = python(text, start), compiled(text, start)
    if isinstance(expected, Exception):
        assert got is None, "the C loop parsed what the Python loop refuses (%r)" % expected
    elif got is not None:
        assert difference(expected, got) is None, difference(expected, got)
    else:
        assert not served, "the C loop handed back a text that parses"


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.rsplit("/tests/", 1)[-1])
def test_every_script_of_the_corpora_parses_to_the_python_loops_tree(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert_alike(text, served=not text[:1].isspace())


@pytest.mark.parametrize("text", [
    "x = 1_000 + 0x1f + 0o17 + 0b101 + 1e5 + 1.e-3 + .5 + 3.25E+2 + 007 + 1_0.2_5\n",
    "y = x[...] ; z = a.b.c ; w = a ** -b // c @ d\n",
    "x **= 2; x //= 3; x -= 1; x->y\n",
    "s = rb'a' + Rb\"b\" + f'{x!r:>{w}}' + fr'{y}' + '''long\nstring''' + u'x' + bx + rf\n",
    "é = 1\nπr2 = é * 2\nx = 'ünï'  # ç\n",
    "if a:\n    b = 1\n    if c:\n\tpass\nelse:\n    d = [\n  1,\n]\n",
    "def f(a, *b, c=1, **d) -> int:\n    '''doc'''\n    return (yield a)\n\n\nclass C(B):\n    x: int = 1\n",
    "x = 1 \\\n  + 2\n# a comment\n\n   \n#\ny = {1: 2, **z}\n",
    "x = 1\r\ny = 2\r\n",
    "lambda x, *, y=2: x if y else -x\n",
    "x = 1", "", "\n\n", "# only a comment",
])
def test_constructs_parse_to_the_python_loops_tree(text):
    assert_alike(text)


@pytest.mark.parametrize("text", ["x = (1", "x = 1 +", "if x:\ny = 1", "x = = 2", "x = $", "def f(:\n", "x = 1abc",
                                  "x = 'abc", "x = [1, 2)", "x = ]", "if x:\n    a\n  b", "x = 1\n  y = 2\n",
                                  "x = !y", "x = 0x", "x = 1__0", "f(" * 300 + ")" * 300, "x = \0"])
def test_what_the_python_loop_refuses_the_c_loop_hands_back(text):
    assert not isinstance(python(text), trees.Tree) and compiled(text) is None


def test_an_expression_start_parses_alike():
    for text in ("x*sin(x)", "mean(3*(x+2)^2)", "a.b[1:2, ::3]", "(x"):
        assert_alike(text, "expression")


def test_the_benchmark_script_parses_alike():
    assert_alike(bench_scripts.batch_script(300), served=True)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(test_fuzz.programs)
def test_random_programs_parse_alike(source):
    assert_alike(source)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(test_fuzz.random_text)
def test_random_text_is_refused_or_parsed_alike(source):
    assert_alike(source)


def test_mutated_scripts_are_refused_or_parsed_alike():
    rng = random.Random(2026)
    texts = []
    for path in SCRIPTS[::7]:
        with open(path, encoding="utf-8") as f:
            texts.append(f.read())
    for _ in range(400):
        assert_alike(_mutated(rng, rng.choice(texts)))


def test_parse_uses_the_c_loop_and_falls_back_to_the_python_loop_for_errors(monkeypatch):
    """parse() answers from the C loop where it parses; where it hands back, the Python loop's error."""
    found = driver()
    calls = []
    monkeypatch.setattr(found, "parse_here", lambda *a, **k: calls.append(a) or "python's")
    assert isinstance(found.parse("x = 1\n", "start"), trees.Tree) and not calls
    assert found.parse("x = (1\n", "start") == "python's" and len(calls) == 1


def test_the_pure_switch_keeps_the_python_loop(monkeypatch):
    monkeypatch.setenv("GRADCLI_PURE_KERNELS", "1")
    assert lalr._compiled_loop(parser.driver()) is False


def test_tables_of_another_shape_are_refused_not_crashed():
    tables = parser.driver().compiled_tables()
    for broken in (tables[:-1], tables[:5] + ((1, 2),) + tables[6:], (None,) * len(tables)):
        with pytest.raises(TypeError):
            gradcli_lalr.prepare(broken)
    with pytest.raises(ValueError):  # (not a capsule of prepare's)
        gradcli_lalr.parse("x", 0, 0, None, None)
