"""Syntax and runtime errors: file:line:column, the source line with a caret, and words instead of Lark's
terminal names; a runtime error in line N names line N and torch's message."""

import re

import pytest

from conftest import run_cli
from gradcli.app.api import run_script
from gradcli.base.errors import GradcliError

LARK_NAMES = re.compile(r"\b(RPAR|LPAR|LSQB|RSQB|NAME|_NEWLINE|_INDENT|_DEDENT|\$END|__ANON_\d+|COLON|COMMA|"
                        r"PLUS|MINUS|STAR|SLASH|EQUAL|INT|FLOAT|STRING|AUGOP|Token)\b")


def error_of(source):
    with pytest.raises(GradcliError) as info:
        run_script(source, filename="s.py")
    return info.value


SYNTAX = [
    # source, kind, line, column, message (the parser's errors in CPython's words: tests/lang/test_python_words.py)
    ("x = 1 +", "SyntaxError", 1, 8, "invalid syntax"),
    ("y = 2\nz = y *", "SyntaxError", 2, 8, "invalid syntax"),
    ("print(1 2)", "SyntaxError", 1, 7, "invalid syntax. Perhaps you forgot a comma?"),
    ("if x\n    y = 1", "SyntaxError", 1, 5, "expected ':'"),
    ("if x:\nprint(1)", "IndentationError", 2, 1, "expected an indented block after 'if' statement on line 1"),
    ("x = [1, 2\ny = 3", "SyntaxError", 1, 5, "'[' was never closed"),
    ("x = 1__0", "SyntaxError", 1, 6, "invalid decimal literal"),
    ("x = 1\nprint(f'{x +}')", "SyntaxError", 2, 13, "f-string: invalid syntax"),
    ("x = 1\nif x:\n    y = yield x", "SyntaxError", 3, 9, "'yield' outside function"),
    ("class A:\n    yield 2", "SyntaxError", 2, 5, "'yield' outside function"),
    ("def f():\n    return [(yield) for i in range(3)]", "SyntaxError", 2, 14, "'yield' inside list comprehension"),
    ("def f():\n    return {i: (yield) for i in range(3)}", "SyntaxError", 2, 17,
     "'yield' inside dict comprehension"),
    ("def f():\n    return ((yield) for i in range(3))", "SyntaxError", 2, 14, "'yield' inside generator expression"),
    ("def f():\n    x = yield = 3", "SyntaxError", 2, 9, "assignment to yield expression not possible"),
    ("def f():\n    yield 1 = 3", "SyntaxError", 2, 5, "assignment to yield expression not possible"),
    ("def f():\n    a = yield b = 3", "SyntaxError", 2, 9, "assignment to yield expression not possible"),
    ("def f():\n    yield from", "SyntaxError", 2, 15, "invalid syntax"),
    ("async def g():\n    pass", "SyntaxError", 1, 1, "gradcli does not support 'async'"),
    ("class A(B, C):\n    pass", "SyntaxError", 1, 12, "gradcli supports single inheritance only: one base class"),
    ("class A(metaclass=M):\n    pass", "SyntaxError", 1, 9, "gradcli does not support class arguments other "
                                                            "than one base"),
    ("class A:\n    def __del__(self):\n        pass", "SyntaxError", 2, 9,
     "gradcli does not support defining '__del__'"),
    ("class A:\n    __slots__ = ()", "NameError", 2, 5, "gradcli does not give access to '__slots__'"),
    ("nonlocal x", "SyntaxError", 1, 1, "nonlocal declaration not allowed at module level"),
    ("def f():\n    nonlocal q", "SyntaxError", 2, 14, "no binding for nonlocal 'q' found"),
    ("def g(x):\n    global x", "SyntaxError", 2, 12, "name 'x' is parameter and global"),
    ("def f(a=1, b):\n    pass", "SyntaxError", 1, 12, "non-default argument follows default argument"),
    ("f = lambda *a, *b: 1", "SyntaxError", 1, 16, "* argument may appear only once"),
    ("def f(**k, a):\n    pass", "SyntaxError", 1, 12, "arguments cannot follow var-keyword argument"),
    ("1 = x", "SyntaxError", 1, 1, "cannot assign to this expression"),
    ("break", "SyntaxError", 1, 1, "'break' outside loop"),
    ("def f():\n    pass\nreturn 1", "SyntaxError", 3, 1, "'return' outside function"),
    ("def f(a, a):\n    pass", "SyntaxError", 1, 10, "duplicate argument 'a' in function definition"),
    # the depth limit points at the node one level too deep: the 100th `-`; the 100th `+` from the end, whose
    # left operand `1 + 1 + ...` starts at column 5
    ("x = " + "-" * 3000 + "1", "SyntaxError", 1, 104, "too deeply nested"),
    ("x = 1" + " + 1" * 5000, "SyntaxError", 1, 5, "too deeply nested"),
    ("import torchvision", "ModuleNotFoundError", 1, 1, "gradcli has no module 'torchvision'"),
    ("x = 1\nimport tarfile", "ModuleNotFoundError", 2, 1, "gradcli does not give access to Python's module 'tarfile'"),
    # torch's own modules gradcli lacks say so (torch_names.json), the out-of-reach ones as refused
    ("import torch.fx", "NotImplementedError", 1, 1, "gradcli does not implement torch.fx yet"),
    ("from torch.nn.utils.parametrize import cached", "NotImplementedError", 1, 1,
     "gradcli does not implement torch.nn.utils.parametrize yet"),
    ("import torch.jit", "ModuleNotFoundError", 1, 1, "gradcli does not give access to 'torch.jit'"),
    ("import torch.nope", "ModuleNotFoundError", 1, 1, "gradcli has no module 'torch.nope'"),
    ("import os\nos.remove('f')", "AttributeError", 2, 4, "gradcli does not give access to 'os.remove'"),
    ("from torch import nope", "ImportError", 1, 19, "cannot import name 'nope' from 'torch'"),
]


@pytest.mark.parametrize("source,kind,line,column,message", SYNTAX, ids=[s[0][:30] for s in SYNTAX])
def test_syntax_error_position_and_words(source, kind, line, column, message):
    error = error_of(source)
    assert (error.kind, error.position.line, error.position.column) == (kind, line, column), error.message
    assert message in error.message
    assert not LARK_NAMES.search(error.message), error.message


RUNTIME = [
    ("import torch\nx = torch.ones(3, requires_grad=True)\ny = x * 2\ny.backward()", "RuntimeError", 4, 1,
     "grad can be implicitly created only for scalar outputs"),
    ("import torch\na = torch.ones(2)\nb = torch.ones(3)\n\nc = a + b", "RuntimeError", 5, 5,
     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"),
    ("import torch\nfor i in range(3):\n    if i == 2:\n        y = undefined * 2", "NameError", 4, 13,
     "name 'undefined' is not defined"),
    ("import torch\nx = torch.ones(2)\nprint(x.item())", "RuntimeError", 3, 7,
     "a Tensor with 2 elements cannot be converted to Scalar"),
    ("def f(v):\n    return v / 0\n\nf(1)", "ZeroDivisionError", 2, 12, "division by zero"),
    ("import torch\nx = torch.ones(2)\nprint(x.nope)", "AttributeError", 3, 9, "'Tensor' object has no attribute 'nope'"),
    ("import torch\nx = torch.zeros(())\nfor v in x:\n    pass", "TypeError", 3, 10, "iteration over a 0-d tensor"),
    ("for a, b in [1]:\n    pass", "TypeError", 1, 5, "cannot unpack non-iterable int object"),
    ("a, b = 1, 2, 3", "ValueError", 1, 1, "too many values to unpack (expected 2)"),
    ("x = [1]\nprint(x[5])", "IndexError", 2, 7, "list index out of range"),
    ("import torch\nwith 3:\n    pass", "TypeError", 2, 6, "does not support the context manager protocol"),
    ("assert 1 > 2, 'no'", "AssertionError", 1, 1, "no"),
    ("def f():\n    return f()\nf()", "RecursionError", 2, 12, "maximum recursion depth exceeded"),
    # inside an f-string's fields: where the failing part stands in the script
    ('x = 1\n\nprint(f"value {x + nope} ok")', "NameError", 3, 20, "name 'nope' is not defined"),
    ('import torch\nx = torch.ones(2)\ny = f"""a\n{x.foo()}"""', "AttributeError", 4, 4,
     "'Tensor' object has no attribute 'foo'"),
    ('x = 1\nprint(f"{x:{y}}")', "NameError", 2, 13, "name 'y' is not defined"),
]


@pytest.mark.parametrize("source,kind,line,column,message", RUNTIME, ids=[r[-1][:30] for r in RUNTIME])
def test_runtime_error_names_its_line(source, kind, line, column, message):
    error = error_of(source)
    assert (error.kind, error.position.line, error.position.column) == (kind, line, column), error.message
    assert message in error.message


def test_rendered_error_has_file_line_column_source_and_caret():
    error = error_of("x = 1\ny = x +\n")
    assert error.position.render(str(error)) == "s.py:2:8: SyntaxError: invalid syntax\n    y = x +\n           ^"


def test_cli_reports_runtime_error_with_torch_message(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\nx = torch.ones(2, requires_grad=True)\nprint('before')\n(x * 2).backward()\n")
    result = run_cli("run", str(script))
    assert result.returncode == 1
    assert result.stdout == "before\n"
    assert "bad.py:4:1: RuntimeError: grad can be implicitly created only for scalar outputs" in result.stderr
    assert "    (x * 2).backward()\n    ^" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_reports_syntax_error_before_running_anything(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("print('never')\nx = (1,\ny = 2\n")
    result = run_cli("run", str(script))
    assert result.returncode == 1 and result.stdout == ""
    assert "bad.py:2:5: SyntaxError: '(' was never closed\n    x = (1,\n        ^" in result.stderr


def test_cli_runs_the_lines_before_an_import_it_cannot_bind(tmp_path):
    """As torch's Python does: the import fails where it stands, after the lines above it printed."""
    script = tmp_path / "late.py"
    script.write_text("import torch\nprint(torch.ones(2))\nimport torch.fx.experimental.optimization as optimization\n"
                      "print('never')\n")
    result = run_cli("run", str(script))
    assert result.returncode == 1 and result.stdout == "tensor([1., 1.])\n"
    assert ("late.py:3:1: NotImplementedError: gradcli does not implement torch.fx.experimental.optimization yet"
            in result.stderr)
    assert "Traceback" not in result.stderr
