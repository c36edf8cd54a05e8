"""Syntax errors in CPython's words (issue 31, item 4): for each of the mistakes learners make, gradcli's kind,
message, line and column are those of CPython's own `compile(text, file, "exec")` on the same text, the
interpreter that runs these tests (checked on 3.11). Python's behaviour is the oracle: nothing is recorded."""

import pytest

from conftest import run_cli
from gradcli.base.errors import GradcliError
from gradcli.lang.syntax import parser

MISTAKES = [
    # misspelt or Python 2 statements
    "imprt torch\n", "print \"x\"\n", "print 'hello'\n", "print x, y\n", "(print x)\n", "elif x:\n    pass\n",
    "else:\n    pass\n", "except:\n", "pass pass\n", "in = 3\n", "return x y\n",
    # a missing colon, parenthesis or block
    "if x\n    y = 1\n", "for i in range(3)\n    print(i)\n", "while x < 3\n    x += 1\n", "def f(x)\n    return x\n",
    "def f()\n    pass\n", "class A\n    pass\n", "class A(B)\n", "with open('f') as f\n    pass\n", "def f:\n  pass\n",
    "def f(x) y:\n  pass\n", "try x:\n pass\n", "for i in range(3) print(i)\n", "while True print(1)\n",
    "if x:\ny = 1\n", "def f():\nreturn 1\n", "for i in range(10):\nprint(i)\n", "class A:\ndef f(self):\n pass\n",
    "if x:\n", "x=1\nif x:\n# c\n", "if x:\n    pass\nelse:\n", "try:\n    pass\nx = 1\n", "try:\n    pass\n",
    # brackets
    "x = (1, 2\ny = 3\n", "x = [1, 2\n", "x = {'a': 1\n", "x = (\n", "torch.ones(2, requires_grad=True\n",
    "x = torch.tensor([[1, 2], [3, 4]]\n", "optimizer.step(\nprint(1)\n", "x = [1, 2, 3\nfor i in x:\n    print(i)\n",
    "x = (1 + 2))\n", "x = [1, 2)\n", "x = [1,\n2)\n", "x = }\n", "print(1))\n", "x = 1 +\n)\n",
    "loss = (y - t) ** 2).mean()\n", "w -= lr * w.grad)\n", "def f(x):\n    return x\nf(1))\n",
    # a missing comma or operator
    "print(1 2)\n", "x = [1 2]\n", "f(a b)\n", "print(x y z)\n", "f(a=1 b=2)\n", "x = {1: 2 3: 4}\n",
    "print('a' 'b' c)\n", "print(\"hi\" x)\n", "f(**x y)\n", "x = (1,\n 2 3)\n", "x = 1 2\n", "a = 1 b = 2\n",
    "print(\"a\", end=\"\")x\n", "x = 1\nprint(x orange)\n", "print(f \"x\")\n",
    # '=' for '=='
    "if x = 1:\n    pass\n", "while x = 1:\n pass\n", "[x = 1]\n", "if x + 1 = 2:\n pass\n", "if f() = 2:\n pass\n",
    "if x.y = 1:\n pass\n", "if x[0] = 1:\n pass\n", "if 1 = 2:\n pass\n", "f(a.b=1)\n", "x = = 1\n", "x === 1\n",
    # an expression cut short
    "x = 1 +\n", "x = 1 +", "x = 1 + # c\n", "x = 1 +   \n", "x = 3 ** \n", "x = 1 +* 2\n", "x = )\n", "x.\n",
    "import\n", "from torch import\n", "import torch as\n", "import math,\n", "import math as m, \n",
    "import math random\n", "x = not\n", "if a and or b:\n pass\n", "x = 1 if 2\n",
    "x = 1 if 2 else\n", "lambda x: = 1\n", "x = [i for i in]\n", "x = [1 for]\n", "for x in :\n    pass\n",
    "print(x,, y)\n", "x = [1, 2, 3].\n", "x.1\n", "def f(:\n    pass\n", "def f(a b):\n pass\n", "a, = \n",
    "x = 1;;\n", "x ++= 1\n", "x = 5 +\\\n",
    # strings, numbers and characters
    "x = 'abc\n", "x = \"abc\n", "x = '''abc\n", "x = 'it's'\n", "x = \"\"\"a\nb\nc\n", "x = 1 +\ny = \"abc\n",
    "def f(x):\n    \"\"\"doc\n    return x\n", "x = 1abc\n", "x = 1__0\n", "x = 1.5abc\n", "x = 0xfg\n", "x = 0b12\n",
    "def 1f():\n    pass\n", "x = $\n", "x = 1 ! 2\n", "x = a ? b : c\n", "x = 5 €\n", "x = 1 \\ 2\n",
    # indentation
    "x = 1\n    y = 2\n", "  x = 1\n", "\tx\n", "if 1:\n    x = 1\n  y = 2\n",
    "if True:\n    pass\n  else:\n    pass\n",
    "def f(x):\n  return x\n    y = 1\n", "for x in range(3):\n print(x)\n  print(x)\n", "x = 1\n\ty = 2\n",
    "if x:\n\ty = 1\n        z = 2\n", "if x:\n        y = 1\n\tz = 2\n",
]


def python_error(text):
    with pytest.raises(SyntaxError) as caught:
        compile(text, "f.py", "exec")
    error = caught.value
    return type(error).__name__, error.msg, error.lineno, error.offset


@pytest.mark.parametrize("text", MISTAKES)
def test_a_syntax_error_is_pythons(text):
    with pytest.raises(GradcliError) as caught:
        parser.parse(text, "f.py")
    error = caught.value
    assert (error.kind, error.message, error.position.line, error.position.column) == python_error(text)


def test_the_command_line_shows_file_line_column_and_caret(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\nx = torch.ones(2)\nimprt torch\nprint(x)\n")
    result = run_cli("run", str(script))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "%s:3:7: SyntaxError: invalid syntax\n    imprt torch\n          ^\n" % script


def test_an_expression_on_the_command_line_is_placed_in_it():
    result = run_cli("eval", "mean(3*(x+2)^^2)", "--at", "x=1")
    assert result.returncode == 1
    assert "<expression>:1:14: SyntaxError: invalid syntax\n    mean(3*(x+2)^^2)\n                 ^" in result.stderr
