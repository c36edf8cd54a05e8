"""Fuzzing: whatever text comes in, gradcli ends in a result or a GradcliError, never a Python traceback.

Three sources of input, all through the library API (the CLI adds only the printing of the error):
- grammar-aware random programs: statements and expressions built from the grammar's constructs (tensors,
  numbers, strings and f-strings, torch calls with random arguments, attributes from the allow-list and outside
  it, indexing, loops, functions, backward);
- random text: any unicode, control characters, and soups of the language's own tokens;
- `evaluate` with random expressions for the expression, --at and --weight.

The property: `run_script`/`evaluate` return, or raise GradcliError with a message and, where it has a position,
one inside the text. Any other exception is a bug to fix at its source. A hang fails the example through an alarm.
Limits are set small here so that each example is quick; the defaults are tested in test_limits.py.

CI runs a few hundred examples. `pytest -m slow tests/lang/test_fuzz.py -s` runs the long fuzz (over 100,000 inputs,
fixed seed) and prints how many inputs each part ran.
"""

import functools
import gc
import os
import random
import signal
import string

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from gradcli.app import api
from gradcli.core import limits
from gradcli.lang.compile import classes, interpreter
from gradcli.base.errors import GradcliError

ALARM_SECONDS = 60  # far above any honest example; only a hang reaches it


class Hang(BaseException):
    """Raised by the alarm: passes through the interpreter's `except Exception` handlers to the test."""


@pytest.fixture(autouse=True)
def small_limits():
    limits.configure(max_elements=10 ** 5, max_tensor_bytes=8 * 10 ** 5, max_iterations=300, max_recursion=30,
                     max_int_bits=2000)
    yield
    limits.reset()


def _on_alarm(signum, frame):
    raise Hang()


def check_outcome(call, source, run_mode=False):
    """Run call(); it must return or raise a GradcliError that says what went wrong and where."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(ALARM_SECONDS)
    try:
        call()
    except GradcliError as error:
        assert isinstance(error.message, str) and isinstance(error.kind, str) and error.kind
        assert error.message or error.kind == "AssertionError", repr(error)
        if error.position is not None or run_mode:
            assert error.position.line >= 1 and error.position.column >= 1
            assert isinstance(error.position.render(str(error)), str)
        return "error"
    except Hang:
        pytest.fail("hang (over %d s) on:\n%s" % (ALARM_SECONDS, source))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return "ok"


# ---------------------------------------------------------------- grammar-aware programs
NAMES = ["x", "y", "z", "w", "i", "n", "s", "l", "d", "f", "g", "out", "loss"]
TORCH_FUNCTIONS = ["tensor", "ones", "zeros", "rand", "randn", "arange", "linspace", "eye", "full", "empty",
                   "ones_like", "zeros_like", "sum", "mean", "exp", "log", "sqrt", "abs", "relu", "sigmoid",
                   "tanh", "sin", "cos", "pow", "matmul", "mm", "mv", "dot", "where", "cat", "stack", "max",
                   "min", "clamp", "norm", "div", "floor_divide", "remainder", "reshape", "flatten", "squeeze",
                   "unsqueeze", "transpose", "manual_seed", "randint", "randperm", "maximum", "softmax",
                   "log_softmax", "cumsum", "prod", "var", "std", "argmax", "load", "save", "from_numpy"]
METHODS = ["sum", "mean", "backward", "grad", "requires_grad_", "detach", "item", "tolist", "view", "reshape",
           "t", "T", "shape", "size", "dim", "numel", "grad_fn", "next_functions", "add_", "mul_", "zero_",
           "expand", "repeat", "clone", "to", "float", "long", "int", "retain_grad", "is_leaf", "data", "dtype",
           "append", "join", "format", "upper", "split", "keys", "items", "__class__", "__dict__", "__bases__",
           "__globals__", "__code__", "__self__", "__func__", "__next__", "__reduce__", "mro", "func_globals"]
BUILTINS = ["print", "len", "range", "enumerate", "zip", "abs", "min", "max", "sum", "round", "float", "int",
            "bool", "str", "list", "tuple", "dict", "sorted", "reversed", "any", "all", "repr", "isinstance",
            "format", "map", "filter", "pow", "divmod", "type", "set", "getattr", "eval", "exec", "open",
            "__import__", "globals", "vars", "input", "help", "compile", "breakpoint"]
BINARY = ["+", "-", "*", "/", "//", "%", "@", "**", "^", "<", ">", "==", ">=", "<=", "!=", "is", "is not", "in",
          "not in", "and", "or"]
AUGMENTED = ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "@=", "^="]

NUMBERS = ["0", "1", "2", "-1", "3", "10**9", "2**62", "2**64", "10**20", "0x1f", "0b101", "1_000", "0.0", "-0.0",
           "0.5", "1e308", "1e-320", "3.", ".5", "1e400", "1e3", "-2.5", "7"]
STRINGS = ['"a"', "'b'", '""', '"\\n"', '"%d"', '"{}"', '"{0}"', '"{0.__class__}"', '"{x}"', 'r"\\d"', '"""doc"""',
           'b"x"', '"\\x41\\u00e9"', '"%s %s"', '"{:>5}"', '"%*d"', '"{:{}}"']
LEAVES = NUMBERS + STRINGS + NAMES + ["True", "False", "None", "...", "torch", "torch.float64", "torch.int64",
                                      "torch.nn", "torch.autograd"] + BUILTINS
KEYWORDS = ["dim", "keepdim", "requires_grad", "dtype", "alpha", "rounding_mode", "min", "max", "retain_graph",
            "create_graph", "end", "sep", "p", "x"]
INDICES = ["0", "-1", ":", "1:", "::-1", "None", "...", "0, 0", ":, 1", "[0, 0]", "x > 0", "True"]
FORMATS = ["", "!r", "!s", ":>4", ":.2f", ":{x}", "=", ":{y.__class__}"]


# The generators take a chooser `r` with r.choice(options) and r.randint(low, high): hypothesis's draws in CI
# (so that failures shrink), a seeded random.Random in the long fuzz (fast: no per-draw bookkeeping).
class Draws:
    def __init__(self, draw):
        self.draw = draw

    def choice(self, options):
        return self.draw(_choice(tuple(options)))

    def randint(self, low, high):
        return self.draw(_integer(low, high))


@functools.lru_cache(maxsize=None)
def _choice(options):
    return st.sampled_from(options)


@functools.lru_cache(maxsize=None)
def _integer(low, high):
    return st.integers(low, high)


def literal(r):
    kind = r.randint(0, 2)
    if kind == 0:
        return str(r.randint(-5, 2 ** 70) if r.randint(0, 1) else r.randint(-5, 300))
    if kind == 1:
        return repr(r.choice([0.0, -0.0, 1.5, -2.25, 1e-7, 3.4e38, float("inf"), 123.456]))
    return '"%s"' % "".join(r.choice(string.ascii_letters + " {}%:.!_0") for _ in range(r.randint(0, 8)))


def expression(r, depth=3):
    """An expression of the grammar, nested at most `depth` deep."""
    if depth <= 0 or r.randint(0, 3) == 0:
        return r.choice(LEAVES) if r.randint(0, 1) else literal(r)

    def sub():
        return expression(r, depth - 1)

    def arguments():
        args = []
        for _ in range(r.randint(0, 3)):
            kind = r.randint(0, 5)
            args.append("%s=%s" % (r.choice(KEYWORDS), sub()) if kind == 0 else "*" + sub() if kind == 1 else sub())
        return ", ".join(args)
    kind = r.randint(0, 14)
    if kind == 0:
        dims = ", ".join(str(r.randint(0, 4)) for _ in range(r.randint(1, 3)))
        return "%s(%s%s)" % (r.choice(["torch.tensor", "torch.ones", "torch.randn", "torch.zeros", "torch.arange"]),
                             dims, r.choice(["", ", requires_grad=True", ", dtype=torch.float64",
                                             ", dtype=torch.int64"]))
    if kind == 1:
        rows = ["[%s]" % ", ".join(r.choice(NUMBERS) for _ in range(r.randint(1, 3))) for _ in range(r.randint(1, 3))]
        return "torch.tensor([%s], requires_grad=True)" % ", ".join(rows)
    if kind == 2:
        return "(%s %s %s)" % (sub(), r.choice(BINARY), sub())
    if kind == 3:
        return "(%s%s)" % (r.choice(["-", "+", "not "]), sub())
    if kind == 4:
        return "torch.%s(%s)" % (r.choice(TORCH_FUNCTIONS), arguments())
    if kind == 5:
        return "%s(%s)" % (r.choice(TORCH_FUNCTIONS + BUILTINS), arguments())
    if kind == 6:
        return "(%s).%s" % (sub(), r.choice(METHODS))
    if kind == 7:
        return "(%s).%s(%s)" % (sub(), r.choice(METHODS), arguments())
    if kind == 8:
        return "%s[%s]" % (sub(), sub() if r.randint(0, 1) else r.choice(INDICES))
    if kind == 9:
        return "[%s]" % ", ".join(sub() for _ in range(r.randint(0, 3)))
    if kind == 10:
        return "(%s,)" % ", ".join(sub() for _ in range(r.randint(1, 3)))
    if kind == 11:
        return "{%s}" % ", ".join("%s: %s" % (sub(), sub()) for _ in range(r.randint(0, 2)))
    if kind == 12:
        return "(%s if %s else %s)" % (sub(), sub(), sub())
    if kind == 13:
        return 'f"<{%s%s}>"' % (sub(), r.choice(FORMATS))
    return "%s %s %s" % (sub(), r.choice(BINARY), sub())


TARGETS = NAMES + ["x.grad", "x.requires_grad", "x[0]", "l[0]", "d['k']", "x.data", "y.__class__", "a, b", "x.foo"]
FIXED_STATEMENTS = ["pass", "break", "continue", "return", "return x", "import torch", "import torch as t",
                    "import os", "from torch import nn", "from torch import load", "del x", "assert x",
                    "assert False, 'no'", "x = torch.tensor([1., 2., 3.], requires_grad=True)",
                    "y = (x * x).sum()", "torch.manual_seed(0)", "l = [1, 2]", "d = {'k': 1}", "s = 'abc'",
                    "n = 3", "i = 0", "import sys", "from os import system", "y.backward()",
                    "x.sum().backward()", "y.backward(retain_graph=True)", "print(x.grad)", "print(y.grad_fn)"]


def block(r, depth=2):
    """Lines of statements, compound ones nesting blocks at most `depth` deep."""
    lines = []
    for _ in range(r.randint(1, 4)):
        kind = r.randint(0, 11 if depth > 0 else 5)
        if kind == 0:
            lines.append("%s = %s" % (r.choice(TARGETS), expression(r)))
        elif kind == 1:
            lines.append("%s %s %s" % (r.choice(TARGETS), r.choice(AUGMENTED), expression(r)))
        elif kind == 2:
            lines.append(expression(r))
        elif kind == 3:
            lines.append("print(%s)" % expression(r))
        elif kind in (4, 5):
            lines.append(r.choice(FIXED_STATEMENTS))
        else:
            def inner():
                return ["    " + line for line in block(r, depth - 1)]
            header = {6: "if %s:", 7: "while %s:", 8: "for " + r.choice(NAMES) + " in %s:",
                      9: "def " + r.choice(["f", "g"]) + "(" + r.choice(["", "a", "a, b=1", "n"]) + "):%s",
                      10: "with %s:", 11: "if %s:"}[kind]
            test = "" if kind == 9 else r.choice(["torch.no_grad()", "torch.enable_grad()", "x", "open('f')"]) \
                if kind == 10 else expression(r, 2)
            lines += [header % test] + inner()
            if kind == 11:
                lines += ["else:"] + inner()
    return lines


PRELUDE = """import torch
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = (x * x).sum()
z = torch.ones(2, 3)
w, i, n, s, l, d = 2.5, 3, 2, 'ab', [1, 2], {'k': 1}
out = x * 2
loss = y
"""


def program(r):
    """A prelude that defines the generator's names (so that more programs get past their first line), then
    random statements."""
    return PRELUDE + "\n".join(block(r)) + "\n"


programs = st.composite(lambda draw: program(Draws(draw)))()
expressions = st.composite(lambda draw: expression(Draws(draw)))()

# ---------------------------------------------------------------- random text
TOKENS = ["(", ")", "[", "]", "{", "}", ":", ",", ".", "=", "==", "+", "-", "*", "**", "/", "//", "@", "^", "%",
          "\n", "    ", "\t", "if", "else", "elif", "while", "for", "in", "def", "return", "import", "from",
          "lambda", "class", "try", "yield", "with", "as", "x", "torch", "torch.ones(2)", "1", "1.5", "'s'",
          '"', "'", '"""', "f'{", "}", "#", "\\", "\\\n", "__class__", "__import__", ";", "...", "not", "and",
          "0x", "1e", "\x00", "\x1b[31m", "\r", "\u2028", "é", "𝔁", "\ufeff"]
random_text = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=100),
    st.lists(st.sampled_from(TOKENS), max_size=40).map("".join),
    st.lists(st.sampled_from(TOKENS), max_size=40).map(" ".join),
)


# ---------------------------------------------------------------- the properties
def _run(source):
    return check_outcome(lambda: api.run_script(source, "<fuzz>"), source, run_mode=True)


def _evaluate(expression, at, weight):
    return check_outcome(lambda: api.evaluate(expression, at={"x": at}, weight=weight),
                         "%s --at x=%s --weight %s" % (expression, at, weight))


CI = settings(max_examples=150, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))


@CI
@given(programs)
def test_random_programs_end_in_a_result_or_a_gradcli_error(source):
    _run(source)


@CI
@given(random_text)
def test_random_text_ends_in_a_result_or_a_gradcli_error(source):
    _run(source)


@CI
@given(st.one_of(expressions, random_text), st.one_of(expressions, random_text),
       st.one_of(st.none(), expressions, random_text))
def test_evaluate_with_random_at_and_weight(expression, at, weight):
    _evaluate(expression, at, weight)


def test_the_generator_reaches_results_and_errors():
    """The fuzz is only worth something if its programs run as well as fail."""
    outcomes = {"ok": 0, "error": 0}

    @settings(max_examples=100, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(programs)
    def sample(source):
        outcomes[_run(source)] += 1
    sample()
    assert outcomes["ok"] > 5 and outcomes["error"] > 5, outcomes


# ---------------------------------------------------------------- the long fuzz (not in CI)
LONG = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))
COUNTS = {}
SEED = 20261129
PROGRESS = os.environ.get("GRADCLI_FUZZ_PROGRESS")  # a file to append counts to every 1000 inputs


def _count(name, outcome):
    counts = COUNTS.setdefault(name, {"ok": 0, "error": 0})
    counts[outcome] += 1
    if PROGRESS and (counts["ok"] + counts["error"]) % 1000 == 0:
        with open(PROGRESS, "a") as log:
            log.write("%s %s\n" % (name, counts))


@pytest.mark.slow
def test_long_fuzz_programs():
    """60,000 programs from seeded generators (input k uses random.Random(SEED + k): rerun one to reproduce)."""
    for k in range(60000):
        source = program(random.Random(SEED + k))
        _count("programs", _run(source))


@pytest.mark.slow
@seed(20261129)
@settings(max_examples=30000, **LONG)
@given(random_text)
def test_long_fuzz_text(source):
    _count("text", _run(source))


@pytest.mark.slow
def test_long_fuzz_evaluate():
    """20,000 evaluate calls: expression, --at and --weight from the seeded generator, sometimes token soup."""
    for k in range(20000):
        r = random.Random(SEED + 10 ** 6 + k)

        def text():
            if r.randint(0, 4) == 0:
                return "".join(r.choice(TOKENS) for _ in range(r.randint(0, 20)))
            return expression(r)
        _count("evaluate", _evaluate(text(), text(), None if r.randint(0, 2) == 0 else text()))


@pytest.mark.slow
def test_long_fuzz_report():
    """Runs last in this file: prints the number of inputs each long fuzz ran (pytest -s)."""
    total = sum(c["ok"] + c["error"] for c in COUNTS.values())
    print("\nlong fuzz:", COUNTS, "total inputs:", total)


# ---------------------------------------------------------------- what the fuzz found (each fixed at its source)
FINDINGS = [
    ("run", "torch.tensor(['a'], dtype=torch.float32)"),  # numpy's ValueError escaped tensor()
    ("evaluate", "#"),  # a comment-only expression crashed Lark's indenter (IndexError)
    ("run", "x = torch.min({})"),  # numpy made an object-dtype tensor of a dict
    ("run", "x = torch.max([1, 2])"),
    ("run", "x = torch.ones(0, 0, 1) ^ ..."),  # an object-dtype result of an empty tensor ** Ellipsis
    ("run", "for i in range(3):\n    break\nbreak"),  # a break outside a loop had no position
    ("run", "x = 7 // torch.tensor([0])"),  # integer division by zero: torch raises ZeroDivisionError
]


@pytest.mark.parametrize("how, source", FINDINGS)
def test_fuzz_findings_stay_fixed(how, source):
    if how == "evaluate":
        assert _evaluate("x", source, None) == "error"
        assert _evaluate(source, "1.", None) == "error"
    else:
        assert _run("import torch\n" + source + "\n") == "error"
    assert _evaluate("x", "['a']", None) == "error"


# ---------------------------------------------------------------- random nested values and attribute names
# Every kind of value the sandbox lets a script build, nested at random (shared, so that writing it visits a part
# at each place, or chained, deeper than max_nesting), then used by a random writer or walker: no size slips past
# max_elements (what a run printed stays within it) and no chain past max_nesting (a crash would end the test
# process); an attribute read by a dunder name is refused on every kind.
VALUE_PRELUDE = ("import torch\nimport numpy as np\nfrom collections import OrderedDict, defaultdict\n"
                 "from torch.utils.data import default_collate\nclass A:\n    def __getitem__(self, k):\n        return k\n"
                 "class B:\n    def __init__(self, v):\n        self.v = v\n"
                 "def f(*a):\n    return a\nh = OrderedDict()\nhv = h.items()\nl = []\n")  # hv: a view held as h changes
WRAPPERS = ["[v, v]", "(v, v)", "{1: v, 2: v}", "OrderedDict(a=v, b=v)", "ValueError(v, v)", "[v, (v,)]",
            "{'k': [v], 'j': (v, v)}", "B(v)", "property(v)", "staticmethod(v)", "classmethod(v)", "A()[v:]",
            "A()[:v:v]", "(v,)", "tuple([v])", "[v, v, 's' * 50]", "{str(i): v for i in range(3)}",
            "{1: v}.values()", "ValueError(v)", "[np.ones(3), v]", "[torch.ones(2), v]", "{'x': v, 'y': torch.zeros(1)}",
            # tuples Python makes of what it is given: star-args, zip, sum, and the pairs of a view held as its dict
            # changes, materialised by every builder (statements: a display around them would check them itself)
            "f(v)", "f(*[v])", "next(zip([v]))", "next(enumerate([v]))", "sum([(v,)], ())", "{1: v}.items()",
            *("h['k'] = v\n    v = " + builder for builder in (
                "list(hv)[0]", "sorted(hv)[0]", "set(hv).pop()", "tuple(hv)[0]", "f(*hv)[0]", "min(hv)",
                "next(reversed(hv))", "(hv | set()).pop()", "list(zip(*hv))[1]", "[q for q in hv][0]", "hv",
                "next(iter(hv))", "next(map(max, [hv]))")),
            "l.clear()\n    l.extend(hv)\n    v = l[0]", "l.clear()\n    l += hv\n    v = l[0]"]
SEEDS = ["1", "'abc'", "[]", "()", "{}", "None", "torch.ones(2)", "np.zeros(2)", "2.5", "'x' * 1000"]
USES = ["print(v)", "s = str(v)", "s = repr(v)", "s = f'{v}'", "s = '%s' % (v,)", "s = format(v)", "b = v == v",
        "d = {v: 1}", "torch.save(v, 'f')", "c = default_collate([v, v])", "raise ValueError(v)", "x = np.array(v)",
        "x = torch.tensor(v)", "print([v] * 3)", "x = list(map(str, [v]))", "del v", "print(len(str(v)))"]
# (`v.__class__` is type(v): the fuzz reads each dunder through it too)
DUNDERS = ["__dict__", "__globals__", "__func__", "__wrapped__", "__self__", "__code__", "__reduce__",
           "__subclasses__", "__mro__", "__builtins__", "__module__", "__init__", "__getattribute__", "__traceback__",
           "__args__", "__closure__", "__base__", "__fget__", "__doc__"]


def value_program(r):
    """A program building one random nested value `v` (steps of random kinds) and using it once."""
    steps = "".join(("    %s\n" if "\n" in w else "    v = %s\n") % w
                    for w in (r.choice(WRAPPERS) for _ in range(r.randint(1, 3))))
    loops = r.choice(["30", "60", "120"])
    return VALUE_PRELUDE + "v = %s\nfor i in range(%s):\n%s%s\n" % (r.choice(SEEDS), loops, steps, r.choice(USES))


def attribute_program(r):
    """A value of a random kind, then one of its attributes read by a dunder name, spelled at random."""
    value = r.choice(WRAPPERS).replace("v", r.choice(SEEDS))
    name = r.choice(DUNDERS)
    read = r.choice(["x = v.%s" % name, "x = getattr(v, '%s')" % name, "x = getattr(v, '_' + '_%s')" % name[1:],
                     "x = v.%s.%s" % (name, name), "x = v.__class__.%s" % name,
                     "x = [getattr(v, n) for n in ['%s']]" % name])
    return VALUE_PRELUDE + "v = %s\n%s\nprint('read')\n" % (value, read)


values_programs = st.builds(lambda data: value_program(Draws(data.draw)), st.data())
attribute_programs = st.builds(lambda data: attribute_program(Draws(data.draw)), st.data())


# The depth oracle: how deep CPython's own objects are chained (gc.get_referents: the references C follows), counted
# independently of limits.check_nesting. The kinds are those C walks recursively without a depth check (hashing
# a tuple, next() of a zip or map, freeing a property, slice, staticmethod or classmethod); an iterator's own
# tuple of iterators is part of the iterator. The chains are looked for inside every container a run keeps.
_RECURSIVE = (tuple, slice, property, staticmethod, classmethod, map, zip, filter, enumerate, reversed)
_ITERATORS = (map, zip, filter, enumerate, reversed)
_HOLDING = (list, dict, set, frozenset, type({}.items()), type({}.keys()), type({}.values()), limits.HeldItems,
            limits.HeldKeys, limits.HeldValues)


def _children(value):
    if isinstance(value, _ITERATORS):
        return [inner for part in gc.get_referents(value)
                for inner in (part if part.__class__ is tuple else (part,))]
    if isinstance(value, _RECURSIVE + _HOLDING):
        return gc.get_referents(value)
    if isinstance(value, BaseException):
        return [value.args]
    if classes.is_script_instance(value):
        return list(vars(value).values())
    return []


def c_depth(roots):
    """The longest chain of _RECURSIVE objects, each referring to the next, reachable from `roots`."""
    chain, deepest = {}, 0  # id -> the longest chain starting at that object (0 while it is being walked)
    stack = [(root, False) for root in roots]
    while stack:
        value, done = stack.pop()
        key = id(value)
        if done:
            below = max((chain.get(id(child), 0) for child in _children(value)), default=0)
            chain[key] = below + 1 if isinstance(value, _RECURSIVE) else 0
            deepest = max(deepest, chain[key])
        elif key not in chain:
            chain[key] = 0
            stack.append((value, True))
            stack.extend((child, False) for child in _children(value) if id(child) not in chain)
    return deepest


def _run_value(source):
    """Run under small limits: a result no bigger than max_elements, or a GradcliError with a position; and
    whatever the run built and kept is chained no deeper than max_nesting (the depth oracle)."""
    limits.configure(max_iterations=10 ** 4, max_nesting=50)
    printed = []
    run = interpreter.Interpreter(write=printed.append)
    outcome = check_outcome(lambda: run.run(source, "<fuzz>"), source, run_mode=True)
    assert sum(len(p) for p in printed) <= 10 ** 5, source
    depth = c_depth(list(run.variables.values()))
    assert depth <= 50, "a value %d levels deep was built:\n%s" % (depth, source)
    return outcome


def _run_attribute(source):
    outcome = check_outcome(lambda: api.run_script(source, "<fuzz>"), source, run_mode=True)
    assert outcome == "error", "a dunder attribute was read:\n" + source
    return outcome


@CI
@given(values_programs)
def test_random_nested_values_stay_within_the_limits(source):
    _run_value(source)


@CI
@given(attribute_programs)
def test_random_dunder_attributes_are_refused_on_every_kind(source):
    _run_attribute(source)


@pytest.mark.slow
def test_long_fuzz_values():
    r = random.Random(SEED + 3)
    for _ in range(5000):
        _count("values", _run_value(value_program(r)))
        _count("attributes", _run_attribute(attribute_program(r)))


HELD_GROWTH = "for i in range(120):\n    h['k'] = v\n    v = list(hv)[0]\n"


def test_the_depth_oracle_measures_what_was_built():
    run = interpreter.Interpreter(write=lambda text: None)
    run.run("t = ()\nfor i in range(60):\n    t = (t,)\np = property(staticmethod(t))\nm = zip(zip(t))\n")
    assert c_depth([run.variables["t"]]) == 61  # 60 tuples around the empty one
    assert c_depth([run.variables["p"]]) == 63  # and a staticmethod, a property
    assert c_depth([run.variables["m"]]) == 2  # (a zip holds its iterators: zip's, then t's, which is none)


def test_the_depth_oracle_sees_a_view_that_python_would_hand_out(monkeypatch):
    """With Python's own views handed to scripts (as before the held views), materialising a view held while
    its dict grows builds a value past max_nesting, unchecked: the oracle fails such a run."""
    from gradcli.lang.sandbox import guards
    monkeypatch.setattr(guards, "HELD_VIEWS", {})
    with pytest.raises(AssertionError, match="levels deep was built"):
        _run_value(VALUE_PRELUDE + "v = 1\n" + HELD_GROWTH)


def test_a_view_held_while_its_dict_grows_is_checked_by_every_builder():
    for builder in ("list(hv)[0]", "sorted(hv)[0]", "set(hv).pop()", "tuple(hv)[0]", "f(*hv)[0]", "min(hv)",
                    "next(reversed(hv))", "(hv | set()).pop()", "[q for q in hv][0]", "list(zip(*hv))[1]"):
        source = VALUE_PRELUDE + "v = 1\n" + HELD_GROWTH.replace("list(hv)[0]", builder)
        assert _run_value(source) == "error", builder


@pytest.mark.parametrize("wrapper", ["classmethod(v)", "staticmethod(v)", "property(v)", "A()[v:]"])
def test_the_oracles_finding_stays_fixed(wrapper):
    """The depth oracle's first finding: a tuple display was depth-checked only when one of its items was a
    tuple, so `(v,)` of a classmethod, a property or a slice made a value a level past max_nesting."""
    assert _run_value(VALUE_PRELUDE + "v = 1\nfor i in range(30):\n    v = (v,)\n    v = %s\n" % wrapper) == "error"
