"""Operator special methods on script classes (lang.compile.classes.DUNDER_METHODS): micrograd's Value runs as
Python runs it, and each special method is the script's Function, so a call of it ticks the run's iteration
budget whoever makes it (Python's operators, sorted, a set's hashing, list()'s iteration, numpy, torch). The ones
that would run script code where no script asked (collection, every attribute access, descriptors, subclassing)
stay refused. Printed answers are Python 3.11's (/work/torchenv/bin/python on this machine)."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError

VALUE = '''class Value:
    def __init__(self, data):
        self.data = data
    def __repr__(self):
        return f"Value(data={self.data})"
    def __str__(self):
        return "V" + str(self.data)
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data)
    def __radd__(self, other):
        return self + other
    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data)
    def __rmul__(self, other):
        return self * other
    def __neg__(self):
        return self * -1
    def __sub__(self, other):
        return self + (-other)
    def __rsub__(self, other):
        return other + (-self)
    def __truediv__(self, other):
        return self * other ** -1
    def __rtruediv__(self, other):
        return other * self ** -1
    def __pow__(self, k):
        return Value(self.data ** k)
    def __eq__(self, other):
        return isinstance(other, Value) and self.data == other.data
    def __hash__(self):
        return hash(self.data)
    def __lt__(self, other):
        return self.data < other.data
    def __bool__(self):
        return self.data != 0
'''


def test_micrograd_value_runs_as_pythons():
    out = api.run_script(VALUE + (
        "a, b = Value(2.0), Value(-3.0)\n"
        "print(a + b, a * b, 2 + a, 3 * a, -a, a - 1, 1 - a, a / 4, 1 / a, a ** 2, repr(a), [a, b])\n"
        "print(sum([a, b, Value(1.0)]), sorted([a, b]), a == Value(2.0), a != b, len({a, Value(2.0), b}))\n"
        "print(bool(Value(0)), 'yes' if a else 'no', max([a, b]), f'{a}', str(b))\n"
        "class Bag:\n    def __init__(self):\n        self.items = {}\n"
        "    def __setitem__(self, k, v):\n        self.items[k] = v\n"
        "    def __contains__(self, k):\n        return k in self.items\n"
        "    def __iter__(self):\n        self.i = 0\n        return self\n"
        "    def __next__(self):\n        self.i += 1\n        if self.i > 3:\n            raise StopIteration\n"
        "        return self.i\n"
        "b = Bag()\nb['x'] = 1\nprint('x' in b, 'y' in b, list(b), [i * 2 for i in b])\n"))
    assert out == ("V-1.0 V-6.0 V4.0 V6.0 V-2.0 V1.0 V-1.0 V0.5 V0.5 V4.0 Value(data=2.0) "
                   "[Value(data=2.0), Value(data=-3.0)]\n"
                   "V0.0 [Value(data=-3.0), Value(data=2.0)] True True 2\n"
                   "False yes V2.0 V2.0 V-3.0\n"
                   "True False [1, 2, 3] [2, 4, 6]\n")


STILL_REFUSED = ["__del__", "__getattr__", "__getattribute__", "__setattr__", "__delattr__", "__get__", "__set__",
                 "__delete__", "__init_subclass__", "__set_name__", "__class_getitem__", "__new__", "__class__",
                 "__dict__", "__index__", "__format__", "__reduce__", "__reduce_ex__", "__fspath__",
                 "__instancecheck__", "__subclasshook__", "__missing__", "__length_hint__", "__await__",
                 "__copy__", "__deepcopy__", "__array__", "__torch_function__", "__float__", "__dir__"]


@pytest.mark.parametrize("name", STILL_REFUSED)
def test_special_methods_that_run_where_no_script_asked_stay_refused(name):
    with pytest.raises(GradcliError) as error:
        api.run_script("class A:\n    def %s(self, *args):\n        return 1\n" % name)
    assert error.value.kind == "SyntaxError" and "does not support defining '%s'" % name in str(error.value)


BUDGETED = [  # a special method that never returns, called by library code: the run's budget stops it
    "class A:\n    def __iter__(self):\n        return self\n    def __next__(self):\n        return 1\nlist(A())",
    "class A:\n    def __iter__(self):\n        return self\n    def __next__(self):\n        return 1\nsum(A())",
    "class A:\n    def __lt__(self, o):\n        while True:\n            pass\nsorted([A(), A()])",
    "class A:\n    def __hash__(self):\n        while True:\n            pass\n{A(): 1}",
    "class A:\n    def __eq__(self, o):\n        while True:\n            pass\nA() in [1, A()]",
    "class A:\n    def __str__(self):\n        while True:\n            pass\nraise ValueError(A())",
    "class A:\n    def __bool__(self):\n        while True:\n            pass\nif A():\n    pass",
    "import torch\nclass A:\n    def __len__(self):\n        return 2\n    def __getitem__(self, i):\n"
    "        while True:\n            pass\ntorch.tensor(A())",
    "import numpy as np\nclass A:\n    def __len__(self):\n        return 2\n    def __getitem__(self, i):\n"
    "        while True:\n            pass\nnp.array(A())",
    "import torch.nn as nn\nclass M(nn.Module):\n    def __hash__(self):\n        while True:\n            pass\n"
    "list(nn.Sequential(M()).modules())",
]


@pytest.mark.parametrize("source", BUDGETED)
def test_special_methods_run_inside_library_code_under_the_budget(source):
    from gradcli.core import limits
    limits.configure(max_iterations=10 ** 4)
    try:
        with pytest.raises(GradcliError) as error:
            api.run_script(source + "\n")
    finally:
        limits.reset()
    assert error.value.kind in ("LimitError", "TypeError", "ValueError"), str(error.value)


def test_a_special_method_never_runs_after_the_run():
    """A script's objects stay in its run: run_script gives back text, and what torch.save kept is a copy in
    the run's files (a script object is kept as its class's name), so none of its methods is reachable after."""
    source = VALUE + ("import torch\nclass Loud(Value):\n    def __hash__(self):\n        print('hash')\n"
                      "        return 1\nv = Loud(1)\ntorch.save([1], 'f')\nd = {v: 1}\nprint(len(d))\n")
    assert api.run_script(source) == "hash\n1\n"
    import gc
    gc.collect()  # (no __del__ can exist: nothing of the script runs at collection)
