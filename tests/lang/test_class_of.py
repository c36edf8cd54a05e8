"""`obj.__class__` is the sandbox's `type(obj)` (lang.compile.runtime.class_of): the same ScriptType, which
prints, compares, names itself and builds another of its kind where type() does, and nothing more. Each dunder
Python's class has beyond `__name__`, `__qualname__` and `__class__` stays out of reach from every kind of value;
assigning or deleting `__class__` stays refused. The printed answers are Python's and torch 2.13's (recorded with
/work/torchenv on this machine; none depends on the CPU)."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError

PRELUDE = ("import torch\nimport torch.nn as nn\nclass Net(nn.Module):\n    def forward(self, x):\n        return x\n"
           "class Plain:\n    pass\ndef f():\n    return 1\nx = torch.ones(2, requires_grad=True)\ny = x * 2\n")
KINDS = {"tensor": "x", "module": "nn.Linear(2, 3)", "script module": "Net()", "script instance": "Plain()",
         "function": "f", "number": "(1)", "grad_fn": "y.grad_fn", "builtin": "print", "torch module": "torch"}
# Python's class has these (dir(type), dir(a function)); a ScriptType's own slots (named, qualified) too
UNREACHABLE = ["__subclasses__", "__mro__", "__bases__", "__base__", "__dict__", "__init__", "__globals__",
               "__new__", "__call__", "__module__", "__doc__", "__reduce_ex__", "__getattribute__", "__setattr__",
               "__code__", "__self__", "__func__", "__wrapped__", "__builtins__", "__init_subclass__",
               "__subclasshook__", "__prepare__", "__weakref__"]
UNREACHABLE_PLAIN = ["mro", "named", "qualified"]


@pytest.mark.parametrize("name", UNREACHABLE + UNREACHABLE_PLAIN)
@pytest.mark.parametrize("kind", KINDS)
def test_nothing_of_the_real_class_is_reachable_through_dunder_class(kind, name):
    with pytest.raises(GradcliError) as error:
        api.run_script(PRELUDE + "c = %s.__class__.%s\nprint(c)\n" % (KINDS[kind], name))
    assert error.value.kind == "AttributeError" and error.value.position.line == PRELUDE.count("\n") + 1


@pytest.mark.parametrize("read", ["x.__class__.__class__.__mro__", "x.__class__.__name__.__class__.__subclasses__",
                                  "Net().__class__().__class__.__init__", "[c.__class__.__base__ for c in [x]]",
                                  "f.__class__.__qualname__.__class__.__dict__", "f.__class__()"])
def test_chained_reads_end_at_the_same_gate(read):
    with pytest.raises(GradcliError) as error:
        api.run_script(PRELUDE + "print(%s)\n" % read)
    assert error.value.kind in ("AttributeError", "TypeError")


@pytest.mark.parametrize("statement", ["x.__class__ = int", "Plain().__class__ = Net", "del x.__class__",
                                       "x.__class__ += 1", "x.__class__.__name__ = 'A'", "for x.__class__ in [1]:\n    pass",
                                       "getattr(x, '__class__')", "'{0.__class__}'.format(x)"])
def test_writing_class_stays_refused(statement):
    with pytest.raises(GradcliError) as error:
        api.run_script(PRELUDE + statement + "\n")
    assert error.value.kind in ("AttributeError", "NameError", "SyntaxError", "ValueError")


def test_dunder_class_is_what_type_gives():
    source = PRELUDE + (
        "class Outer:\n    class Inner:\n        pass\n"
        "for v in [x, y.grad_fn, nn.Linear(2, 3), Net(), Plain(), f, 1, 2.5, [], {}, print, torch, torch.float32,"
        " x.shape, Outer.Inner()]:\n"
        "    print(v.__class__, v.__class__ == type(v), v.__class__.__name__, v.__class__.__qualname__)\n"
        "print(x.__class__ == torch.Tensor, isinstance(x, x.__class__), (1).__class__(3.7), x.__class__.__class__)\n"
        "print(Net().__class__() .__class__ == Net, nn.Linear(1, 1).__class__(2, 2), f'{x.__class__}')\n"
        "print(Net().forward.__qualname__, Net.forward.__qualname__, Outer.Inner.__qualname__)\n")
    # torch 2.13 and Python 3.12 print (recorded with /work/torchenv/bin/python)
    assert api.run_script(source) == (
        "<class 'torch.Tensor'> True Tensor Tensor\n"
        "<class 'MulBackward0'> True MulBackward0 MulBackward0\n"
        "<class 'torch.nn.modules.linear.Linear'> True Linear Linear\n"
        "<class '__main__.Net'> True Net Net\n"
        "<class '__main__.Plain'> True Plain Plain\n"
        "<class 'function'> True function function\n"
        "<class 'int'> True int int\n"
        "<class 'float'> True float float\n"
        "<class 'list'> True list list\n"
        "<class 'dict'> True dict dict\n"
        "<class 'builtin_function_or_method'> True builtin_function_or_method builtin_function_or_method\n"
        "<class 'module'> True module module\n"
        "<class 'torch.dtype'> True dtype dtype\n"
        "<class 'torch.Size'> True Size Size\n"
        "<class '__main__.Outer.Inner'> True Inner Outer.Inner\n"
        "True True 3 <class 'torch._C._TensorMeta'>\n"
        "True Linear(in_features=2, out_features=2, bias=True) <class 'torch.Tensor'>\n"
        "Net.forward Net.forward Outer.Inner\n")
