"""No path from the language to Python's namespace: known sandbox escapes are each refused with a GradcliError.

gradcli resolves names through lang/namespace only (the allow-list), refuses every dunder attribute, has no
eval/exec/open/import of other modules, and formats strings without attribute or index traversal. Each case below
is a classic escape from Python sandboxes; each must end in a GradcliError with a message and a position, never a
result that exposes a Python object, never a traceback.
"""

import ast
import pathlib

import pytest

from gradcli import api
from gradcli.errors import GradcliError

PRELUDE = """import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * x).sum()
d = {'a': 1}
def f():
    return 1
"""

ESCAPES = [
    "().__class__.__bases__", "().__class__.__bases__[0].__subclasses__()", "__import__('os')",
    "x.__dict__", "torch.__builtins__", "torch.__dict__", "torch.__loader__", "torch.__spec__",
    'f"{x.__class__}"', 'f"{x!r:{y.__class__}}"', 'f"{(1).__class__.__mro__}"', 'f"{__import__}"',
    '"{0.__class__}".format(x)', '"{0[0]}".format([1])', '"{0.grad_fn.__class__}".format(y)',
    '"{a.__class__}".format(a=x)', "'{a}'.format_map({'a': 1})", "'{}'.__mod__",
    "torch.load('x.pt')", "torch.save(x, 'x.pt')", "torch.ops", "torch._C", "torch.__file__",
    "open('/etc/passwd')", "print.__self__", "print.__call__", "print.__module__", "len.__self__",
    "type(x).__mro__", "type(x).mro()", "type(x)('a')", "x.grad_fn.__class__", "y.grad_fn.__class__",
    "y.grad_fn.next_functions[0][0].__init__", "y.grad_fn.op", "y.grad_fn.saved", "y.grad_fn.params",
    "y.grad_fn.apply", "y.grad_fn.release()", "getattr(x, '__class__')", "getattr(x, 'grad')",
    "setattr(x, 'grad', None)", "delattr(x, 'grad')", "globals()", "locals()", "vars()", "vars(x)", "dir()",
    "dir(x)", "exec('1')", "eval('1')", "compile('1', 'f', 'exec')", "breakpoint()", "help()", "input()",
    "memoryview", "object", "super()", "classmethod", "staticmethod", "property", "__builtins__",
    "__file__", "__loader__", "__spec__", "lambda: 1", "zip([1]).__next__", "iter([1]).__next__",
    "range(3).__reduce__", "range(3).__reduce_ex__(2)", "x.sum.__func__", "x.sum.__self__", "x.sum.__globals__",
    "[].append.__self__", "'a'.join.__self__", "f.__code__", "f.__globals__", "f.__closure__", "f.globals",
    "f.context", "f.body", "f.context.builtins", "torch.autograd.grad.__globals__",
    "torch.nn.functional.relu.__globals__", "torch.no_grad().__enter__", "torch.no_grad.__exit__",
    "torch.Size.__mro__", "x.shape.__class__", "torch.float32.__reduce__", "torch.float32.numpy_name",
    "x.dtype.__class__", "x.array", "x._accumulator", "x.__array__()", "x.numpy", "str.format", "str.maketrans",
    "dict.fromkeys", "int.__subclasses__()", "(1).__class__", "(1).real.__class__", "'a'.__add__",
    "d.__class__", "isinstance.__module__", "map.__init__", "sorted(key=__import__)",
    "[f][0].__code__", "x.grad_fn.__reduce_ex__", "torch.Tensor.__subclasses__()", "torch.Tensor.__init__",
    "torch.Tensor.array", "torch.Tensor.backward.__globals__",
]

STATEMENTS = [
    "import os", "import sys", "import builtins", "import numpy", "import gradcli", "import torch.ops",
    "import torch._C", "from os import system", "from torch import load", "from torch import __builtins__",
    "from builtins import open", "from gradcli import api", "import torch.nn.functional as F\nF.__dict__",
    "x.__class__ = int", "x.__dict__['a'] = 1", "f.__code__ = None", "__builtins__ = {}", "del __builtins__",
    "with open('f') as h:\n    pass", "class A:\n    pass", "try:\n    pass\nexcept:\n    pass",
    "def g():\n    yield 1", "global x", "async def g():\n    pass", "x = [i.__class__ for i in range(3)]",
    "for __class__ in [1]:\n    pass", "def g(a=__class__):\n    return 1", "x.grad_fn.name = print",
    "torch.ones = print", "y.grad_fn.saved = {}",
]


def _refused(source):
    """Run the prelude and `source`; return the GradcliError it must raise."""
    try:
        output = api.run_script(PRELUDE + source + "\n", "<escape>")
    except GradcliError as error:
        return error
    pytest.fail("not refused: %r printed %r" % (source, output))


@pytest.mark.parametrize("expression", ESCAPES)
def test_escape_expression_is_refused(expression):
    error = _refused("r = " + expression + "\nprint(r)")
    assert error.message and error.kind
    assert error.position is not None and error.position.line >= PRELUDE.count("\n") + 1
    assert error.kind in ("NameError", "AttributeError", "SyntaxError", "ValueError", "TypeError"), str(error)


@pytest.mark.parametrize("statement", STATEMENTS)
def test_escape_statement_is_refused(statement):
    error = _refused(statement)
    assert error.message and error.kind
    assert error.position is not None


def test_type_gives_a_name_not_a_class():
    assert api.run_script(PRELUDE + "print(type(x), type(1))\n") == "<class 'torch.Tensor'> <class 'int'>\n"
    with pytest.raises(GradcliError, match="not callable"):
        api.run_script(PRELUDE + "type(x)(1)\n")


def test_dunder_names_are_refused_everywhere_a_name_is_written():
    for source in ("__import__", "x = __class__", "f(__class__=1)", "print(x.__len__())", "x.__len__"):
        with pytest.raises(GradcliError, match="does not give access"):
            api.run_script(PRELUDE + source + "\n")


def test_format_with_huge_width_or_traversal_through_a_variable_is_refused():
    with pytest.raises(GradcliError, match="plain fields"):
        api.run_script(PRELUDE + "t = '{0.__cl' + 'ass__}'\nprint(t.format(x))\n")
    with pytest.raises(GradcliError):
        api.run_script(PRELUDE + "w = '{0' + '.grad_fn}'\nw.format(y)\n")


def test_allowed_members_still_work():
    """The refusals above are not a blanket ban: the allow-list serves tutorials."""
    out = api.run_script(PRELUDE + "y.backward()\nprint(x.grad, y.grad_fn.name(), x.shape, '{0}'.format(3))\n")
    assert out == "tensor([2., 4.]) SumBackward0 torch.Size([2]) 3\n"


def test_evaluate_refuses_escapes_in_every_argument():
    for expression, at, weight in (("x.__class__", "1.", None), ("x", "__import__('os')", None),
                                   ("x * 2", "torch.ones(2)", "open('f')"), ("x", "().__class__", None)):
        with pytest.raises(GradcliError):
            api.evaluate(expression, at={"x": at}, weight=weight)


PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "gradcli"


def test_no_eval_exec_compile_or_dynamic_import_in_gradcli():
    """The interpreter compiles the tree into closures; nothing hands text to Python."""
    forbidden = {"eval", "exec", "compile", "__import__", "breakpoint"}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in forbidden, "%s calls %s" % (path, node.func.id)
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                pytest.fail("%s imports modules by name" % path)
