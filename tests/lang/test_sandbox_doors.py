"""Each door to the allow-list, tried: every binding form goes through one gate (Compiler.name_setter), a
name a script chooses never reaches getattr/setattr in library code, library methods run on their own types
only, and printing a builtin stand-in never names gradcli's modules. Each case must end in a GradcliError of
Python's kind, with a position, never a result."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError

BINDINGS = [  # every form that binds a name, each given a dunder
    "import torch as __builtins__", "import math, torch as __builtins__", "import math as m, os.path as __dict__",
    "import math as __class__", "from math import pi as __len__",
    "from torch.nn.functional import relu as __del__", "from torch.nn import Parameter as __class__",
    "class A:\n    from math import pi as __len__", "class A:\n    import math as __del__",
    "class A:\n    from torch.nn import Parameter as __class__",
    "__x = 1", "__class__ = 1", "a, __b = 1, 2", "for __i in range(2):\n    pass",
    "try:\n    1/0\nexcept Exception as __e:\n    pass", "def __f():\n    pass", "class __A:\n    pass",
    "class A:\n    def __del__(self):\n        pass", "class A:\n    def __getattr__(self, other):\n        return True",
    "class A:\n    __hash__ = None", "class A:\n    __slots__ = ()", "def f(__x):\n    pass",
    "global __x", "[__i for __i in range(2)]", "(__y := 1)", "with open as __f:\n    pass",
    "@print\ndef __f():\n    pass", "@print\nclass __A:\n    pass", "lambda __x: 1",
]


@pytest.mark.parametrize("source", BINDINGS)
def test_every_binding_of_a_dunder_is_refused(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind in ("NameError", "SyntaxError", "TypeError") and error.value.position is not None


LIBRARY_DOORS = [  # library code reading or writing names a script chose, or run on a foreign object
    ("import torch.nn as nn\nclass A:\n    options = (('__dict__', None), ('__mro__', None))\n"
     "print(nn.ReLU.extra_repr(A))", "TypeError"),
    ("import torch.nn as nn\nclass A:\n    options = (('__subclasses__', None),)\nprint(nn.ReLU.extra_repr(A()))",
     "TypeError"),
    ("import torch.nn as nn\nclass A:\n    pass\nnn.Linear.forward(A(), 1)", "TypeError"),
    ("import torch.nn as nn\nclass A:\n    pass\nnn.Module.__init__(A())", "TypeError"),
    ("import torch.nn as nn\nclass A:\n    pass\nnn.ReLU.__init__(A())", "TypeError"),
    ("import torch.nn as nn\nclass A:\n    pass\nnn.ConvTranspose2d.forward(A(), 1)", "TypeError"),
    ("import torch.nn as nn\nclass A:\n    def dim(self):\n        return 4\n    def size(self, d):\n        return 3\n"
     "nn.ConvTranspose2d(1, 1, 1)(A(), output_size=[3, 3])", "TypeError"),
    ("import torch\nclass A:\n    def __iter__(self):\n        return iter(['__class__'])\n"
     "torch.conv_transpose1d(torch.ones(1, 1, 2), torch.ones(1, 1, 1), padding=list(A()))", "TypeError"),
]


@pytest.mark.parametrize("source,kind", LIBRARY_DOORS)
def test_library_methods_run_on_their_own_types_only(source, kind):
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind == kind and "__" not in str(error.value).split("descriptor")[0]


NEW_MODULES = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nclass A:\n    def dim(self):\n"
               "        return 4\n    def size(self, d=None):\n        return 3\n    shape = (1, 1, 2, 2)\n")


@pytest.mark.parametrize("source,kind", [  # the recurrent cells, Upsample, the weighted binary cross entropies
    ("nn.RNNCell.forward(A(), torch.ones(1))", "TypeError"), ("nn.LSTMCell.forward(A(), torch.ones(1))", "TypeError"),
    ("nn.GRUCell.extra_repr(A())", "TypeError"), ("nn.RNNCell.reset_parameters(A())", "TypeError"),
    ("nn.Upsample.forward(A(), torch.ones(1, 1, 2, 2))", "TypeError"), ("nn.Upsample.extra_repr(A())", "TypeError"),
    ("nn.UpsamplingBilinear2d.__init__(A(), 2)", "TypeError"),
    ("nn.RNNCell(1, 1)._step", "AttributeError"), ("nn.LSTMCell(1, 1).forward.__func__", "AttributeError"),
    ("nn.GRUCell(1, 1).__init__.__globals__", "AttributeError"), ("nn.Upsample(size=2).__dict__", "AttributeError"),
    ("nn.Upsample(size=2)._modules.__class__.__mro__", "AttributeError"),
    ("nn.BCEWithLogitsLoss(pos_weight=torch.ones(1)).forward.__code__", "AttributeError"),
    ("nn.Upsample(size=2)(A())", "AttributeError"), ("F.interpolate(A(), size=2)", "AttributeError"),
    ("F.interpolate(torch.ones(1, 1, 2, 2), size=[A(), A()])", "TypeError"),
    ("torch.lstm_cell(torch.ones(1, 1), A(), torch.ones(4, 1), torch.ones(4, 1))", "TypeError"),
    ("F.binary_cross_entropy_with_logits(torch.ones(1), torch.ones(1), pos_weight=A())", "AttributeError")])
def test_the_new_modules_offer_their_members_and_run_on_their_own_types(source, kind):
    """A script reaches the cells', Upsample's and the losses' public members only; their methods refuse a
    foreign self, and a script object where a tensor belongs ends in an error of Python's kind, never a door."""
    with pytest.raises(GradcliError) as error:
        api.run_script(NEW_MODULES + source)
    assert error.value.kind == kind and error.value.position is not None
    assert "__" not in str(error.value).split("descriptor")[0].split("access to")[0]


PACKED = ("import torch\nfrom torch.nn.utils.rnn import PackedSequence, pack_sequence, pad_sequence\n"
          "p = pack_sequence([torch.ones(2), torch.ones(1)])\n")


@pytest.mark.parametrize("source,kind", [
    ("p._fields", "AttributeError"), ("p.__class__.__mro__", "AttributeError"), ("type(p).to", "AttributeError"),
    ("PackedSequence.data", "AttributeError"), ("p.__reduce_ex__(2)", "AttributeError"),
    ("p.data = 1", "AttributeError"), ("p.extra = 1", "AttributeError"),
    ("class A:\n    pass\npad_sequence([A()])", "TypeError"),
    ("class A:\n    pass\nPackedSequence.to(A(), 1)", "AttributeError")])
def test_a_packed_sequence_offers_its_fields_and_methods_only(source, kind):
    with pytest.raises(GradcliError) as error:
        api.run_script(PACKED + source)
    assert error.value.kind == kind and error.value.position is not None


def test_a_packed_sequence_reads_as_torchs():
    out = api.run_script(PACKED + "data, sizes, order, inverse = p\nprint(p.batch_sizes, order, p.index(data), "
                                  "p.is_cuda, p.float() is p, type(p))")
    assert out == "tensor([2, 1]) None 0 False True <class 'torch.nn.utils.rnn.PackedSequence'>\n"


def test_options_a_script_sets_never_reach_setattr():
    out = api.run_script("import torch.nn as nn\nr = nn.ReLU()\nr.options = (('__class__', None),)\n"
                         "nn.ReLU.__init__(r, True)\nprint(r, type(r))\nprint(r.extra_repr())")
    assert out == "ReLU(inplace=True) <class 'torch.nn.modules.activation.ReLU'>\ninplace=True\n"


def test_the_dunder_methods_a_class_may_define_still_bind():
    out = api.run_script("class A:\n    def __init__(self):\n        self.n = 3\n    def __len__(self):\n"
                         "        return self.n\nprint(len(A()))\nfrom math import pi as p\nimport math as m\n"
                         "print(p == m.pi)")
    assert out == "3\nTrue\n"


def test_generic_aliases_print_as_pythons():
    assert api.run_script("print(list[int], dict[str, int])") == \
        "list[int] dict[str, int]\n"


@pytest.mark.parametrize("handler", ["RecursionError", "Exception", "BaseException", "(RecursionError, ValueError)"])
def test_the_recursion_limit_is_never_caught_by_the_script(handler):
    source = "def f(n):\n    return f(n + 1)\ntry:\n    f(0)\nexcept %s:\n    print('caught')\n" % handler
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind == "RecursionError" and "the limit is" in str(error.value)


def test_a_scripts_own_recursion_error_is_still_caught():
    assert api.run_script("try:\n    raise RecursionError('mine')\nexcept RecursionError as e:\n    print(e)") == "mine\n"


# ---------------------------------------------------------------- time, sys, os, warnings: the harmless parts
HOST_DOORS = [  # what these modules have that reaches the host's files, processes, memory or modules
    "import os\nos.system('echo hi')", "import os\nos.listdir('.')", "import os\nos.remove('x')",
    "import os\nos.getcwd()", "import os\nos.path.exists('/')", "import os\nos.path.abspath('.')",
    "from os import system", "from os.path import expanduser", "import sys\nsys.modules",
    "import sys\nsys.exit(3)", "import sys\nsys.stdout.buffer", "import sys\nsys.stderr", "import sys\nsys.executable",
    "import sys\nsys.setrecursionlimit(10**6)", "import time\ntime.sleep(100)", "import sys\nsys.path.__class__.__mro__",
    "import os\nos.path.join.__globals__", "import os\nos.environ.__class__.__init__", "import warnings\nwarnings.catch_warnings",
    "import subprocess", "import shutil", "import pathlib.os", "import tarfile", "import pickle", "import socket",
    "import ctypes", "from io import StringIO", "import os.path as p\np.os",
    # importlib: metadata.version only
    "import importlib\nimportlib.import_module('os')", "from importlib import import_module", "import importlib.util",
    "import importlib\nimportlib.reload", "import importlib\nimportlib.__import__", "import importlib.machinery",
    "from importlib.metadata import distributions", "import importlib.metadata as m\nm.files('torch')",
    "import importlib.metadata as m\nm.version.__globals__", "import importlib.metadata as m\nm.entry_points()",
    "from importlib.metadata import PackageNotFoundError as E\nE.__subclasses__",
]


@pytest.mark.parametrize("source", HOST_DOORS)
def test_the_hosts_files_processes_and_modules_stay_out_of_reach(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind in ("AttributeError", "ImportError", "ModuleNotFoundError") and error.value.position
    assert "gradcli does not give access to" in str(error.value) or "has no attribute" in str(error.value)


def test_os_environ_is_the_runs_own_and_starts_empty():
    import os
    os.environ["GRADCLI_DOORS_SECRET"] = "host"
    try:
        source = ("import os\nprint(os.environ.get('GRADCLI_DOORS_SECRET'), len(os.environ))\n"
                  "os.environ['CUDA_VISIBLE_DEVICES'] = '0'\nprint(os.environ['CUDA_VISIBLE_DEVICES'])")
        assert api.run_script(source) == "None 0\n0\n"
        assert api.run_script(source) == "None 0\n0\n"  # the next run starts empty again
        assert "CUDA_VISIBLE_DEVICES" not in os.environ or os.environ["CUDA_VISIBLE_DEVICES"] != "0"
    finally:
        del os.environ["GRADCLI_DOORS_SECRET"]


def test_sys_path_changes_do_nothing():
    import sys
    before = list(sys.path)
    out = api.run_script("import sys\nsys.path.append('..')\nsys.path.insert(0, '/tmp')\n"
                         "print(sys.path, sys.version_info >= (3, 8), sys.version_info.major)")
    assert out == "[] True 3\n" and sys.path == before


def test_sys_stdout_writes_on_the_runs_output():
    out = api.run_script("import sys\nn = sys.stdout.write('loss 0.5\\r')\nsys.stdout.flush()\nprint(n)")
    assert out == "loss 0.5\r9\n"


def test_warning_filters_are_the_runs_own():
    import warnings
    before = list(warnings.filters)
    shown = []
    out = api.run_script("import warnings\nwarnings.filterwarnings('ignore')\nwarnings.warn('hidden')\n"
                         "warnings.resetwarnings()\nwarnings.simplefilter('ignore', DeprecationWarning)\n"
                         "warnings.warn('old', DeprecationWarning)\nwarnings.warn('shown')\nprint('end')",
                         warn=shown.append)
    assert out == "end\n" and len(shown) == 1 and "UserWarning: shown" in shown[0]
    assert warnings.filters == before
    with pytest.raises(GradcliError) as error:
        api.run_script("import warnings\nwarnings.simplefilter('error')\nwarnings.warn('now an error')")
    assert error.value.kind == "UserWarning" and "now an error" in str(error.value)


def test_a_modules_attribute_a_script_sets_is_the_runs_own():
    """`torch.pi = ...` (d2l's appendix) holds for the run that set it; the modules every run shares, the next
    run and library code keep theirs."""
    import math
    from gradcli.lang.sandbox import namespace
    out = api.run_script("import torch\nimport math\ntorch.pi = torch.acos(torch.zeros(1)) * 2\nmath.tau = 3\n"
                         "torch.tensor = lambda *a: 'mine'\nprint(torch.pi, math.tau, torch.tensor(1))\n"
                         "print(torch.ones(1) * 2)\nsetattr(torch, 'ones', print)\ntorch.ones('set through setattr')")
    assert out == "tensor([3.1416]) 3 mine\ntensor([2.])\nset through setattr\n"
    assert api.run_script("import torch\nimport math\nprint(torch.pi, math.tau, torch.tensor(1))") == \
        "3.141592653589793 6.283185307179586 tensor(1)\n"
    assert namespace.TORCH.members["pi"] == math.pi and namespace.MODULES["math"].members["tau"] == math.tau


@pytest.mark.parametrize("source", ["import torch\ntorch.__dict__ = {}", "import torch\ntorch.__getattr__ = print",
                                    "import os\nos.__name__ = 'x'", "import torch\ntorch.__version__ = 'x'",
                                    "import torch.nn as nn\nnn.__class__ = int"])
def test_a_modules_dunders_stay_unset(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind == "AttributeError" and error.value.position is not None


# what /work/torchenv's Python 3.11 (torch 2.13, no torchvision) prints for the script: an import that cannot
# bind fails when it runs, `except ImportError` sees it each time, and the name stays unbound
IMPORT_WHEN_RUN = ("print('before')\nfor attempt in range(2):\n    try:\n        import torchvision\n"
                   "    except ImportError as e:\n"
                   "        print(attempt, type(e).__name__, isinstance(e, ModuleNotFoundError))\n"
                   "try:\n    torchvision\nexcept NameError as e:\n    print(e)\n"
                   "def later():\n    import torchvision.models\nprint('defined')")
IMPORT_WHEN_RUN_TORCH = ("before\n0 ModuleNotFoundError True\n1 ModuleNotFoundError True\n"
                         "name 'torchvision' is not defined\ndefined\n")


def test_an_import_fails_when_it_runs_as_pythons_does():
    assert api.run_script(IMPORT_WHEN_RUN) == IMPORT_WHEN_RUN_TORCH


@pytest.mark.parametrize("statement", ["import subprocess", "from os import system", "import torch.jit as jit",
                                       "from torch.fx import symbolic_trace"])
def test_a_withheld_import_is_not_caught(statement):
    """An import torch's Python would have done, withheld, fails where it stands, and no `except` catches it
    (the script would go on down a path Python never takes): the lines above ran, nothing is bound."""
    out = []
    with pytest.raises(GradcliError) as error:
        api.run_script("print('before')\ntry:\n    %s\nexcept Exception:\n    print('caught')" % statement,
                       write=out.append)
    assert error.value.refused and error.value.position.line == 3 and "".join(out) == "before\n"


def test_a_refused_dunder_read_fails_where_it_is_read():
    """As a withheld import: the lines above run, the object is evaluated first (Python's order), and no
    `except` catches the refusal; nothing behind the dunder reaches the script."""
    out = []
    with pytest.raises(GradcliError) as error:
        api.run_script("import torch\nprint('before')\ntry:\n    print(torch.ones(1).__dict__)\n"
                       "except Exception:\n    print('caught')", write=out.append)
    assert error.value.refused and error.value.kind == "AttributeError" and error.value.position.line == 4
    assert "".join(out) == "before\n"
    with pytest.raises(GradcliError, match="name 'nowhere' is not defined"):
        api.run_script("print(f'{nowhere.__file__}')")


@pytest.mark.parametrize("statement", ["x.__dict__ = {}", "del x.__doc__", "__t = 1"])
def test_writing_a_dunder_is_refused_before_anything_runs(statement):
    out = []
    with pytest.raises(GradcliError) as error:
        api.run_script("x = 1\nprint('never')\n" + statement, write=out.append)
    assert error.value.position.line == 3 and out == []


def test_a_missing_member_is_caught_as_torchs_is():
    out = api.run_script("try:\n    from torch import nope\nexcept ImportError as e:\n    print(type(e).__name__)\n"
                         "try:\n    nope\nexcept NameError as e:\n    print(e)")
    assert out == "ImportError\nname 'nope' is not defined\n"


@pytest.mark.parametrize("statement", ["import torch as __t", "from torch import ones as __o",
                                       "import torchvision as __v"])
def test_an_import_binding_a_refused_name_is_refused_before_anything_runs(statement):
    """What the script may not bind is checked as the script compiles, as for `__t = 1`: only the finding of
    the module waits for the statement to run."""
    out = []
    with pytest.raises(GradcliError) as error:
        api.run_script("print('never')\n" + statement, write=out.append)
    assert error.value.kind == "NameError" and error.value.position.line == 2 and out == []


def test_package_versions_are_gradclis_world():
    """importlib.metadata.version: torch is the CPU build gradcli behaves as; no other package is installed,
    whatever the host has (numpy included: the script's numpy is gradcli's)."""
    out = api.run_script("from importlib.metadata import version, PackageNotFoundError\nimport importlib.metadata\n"
                         "print(version('torch'), importlib.metadata.version('torch'))\n"
                         "for name in ('numpy', 'tiktoken'):\n    try:\n        version(name)\n"
                         "    except ImportError as e:\n        print(type(e).__name__, e, isinstance(e, ModuleNotFoundError))")
    assert out == ("2.13.0+cpu 2.13.0+cpu\nPackageNotFoundError No package metadata was found for numpy True\n"
                   "PackageNotFoundError No package metadata was found for tiktoken True\n")
    with pytest.raises(GradcliError, match="expected string or bytes-like object, got 'int'"):
        api.run_script("from importlib.metadata import version\nversion(3)")


def test_the_clocks_read_as_pythons():
    out = api.run_script("import time\nfrom time import perf_counter\nstart = time.time()\nt = perf_counter()\n"
                         "print(type(time.time() - start).__name__, perf_counter() >= t, time.time() > 1.7e9)")
    assert out == "float True True\n"


# ---------------------------------------------------------------- getattr, setattr, dir: names chosen at run time
DIR_PRELUDE = ("import torch\nimport torch.nn as nn\nimport numpy as np\nclass Net(nn.Module):\n"
               "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(2, 2)\n"
               "class Plain:\n    k = 3\n    def m(self):\n        return 1\ndef f():\n    return 1\n"
               "x = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\na = Plain()\n")

CHOSEN_NAMES = [  # each through the gate every binding passes: no dunder, only the allow-list
    "getattr(x, '__class__')", "getattr(x, '__cl' + 'ass__')", "getattr(a, '__dict__')", "getattr(f, '__globals__')",
    "getattr(x, '__dict__', None)", "getattr(torch, '__builtins__', 1)", "getattr(x, 'array')", "getattr(torch, '_C')",
    "getattr(y.grad_fn, 'saved')", "getattr(torch, 'ops')", "getattr(print, '__self__')", "getattr(x, 1)",
    "getattr(Plain, 'mro')", "getattr(np, 'ctypeslib')",
    "setattr(a, '__class__', Net)", "setattr(Plain, '__getattr__', print)", "setattr(Plain, '__del__', print)",
    "setattr(Plain, '__call__', print)", "setattr(a, '__dict__', {})", "setattr(Plain, '__gradcli_names__', set())",
    "setattr(Plain, '__init_subclass__', print)", "setattr(torch, '__dict__', {})", "setattr(x, 'grad_fn', None)",
    "setattr(y.grad_fn, 'name', print)", "setattr(nn.Linear(1, 1), '_parameters', {})", "setattr(print, 'x', 1)",
    "setattr(np, '__getattr__', print)", "setattr(a, 3, 1)", "setattr(nn.Module, 'forward', print)",
    "dir()", "dir(x, x)",
]


@pytest.mark.parametrize("source", CHOSEN_NAMES)
def test_names_chosen_at_run_time_pass_the_one_gate(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(DIR_PRELUDE + source + "\n")
    assert error.value.kind in ("AttributeError", "TypeError") and error.value.position is not None


def test_getattr_setattr_do_what_the_attribute_written_out_does():
    out = api.run_script(DIR_PRELUDE + (
        "def do(self):\n    return self.k * 2\nsetattr(Plain, do.__name__, do)\nsetattr(a, 'v', 5)\n"
        "l = nn.Linear(2, 2)\nsetattr(l, 'extra', nn.Parameter(torch.ones(1)))\n"
        "print(a.do(), getattr(a, 'v'), getattr(a, 'w', 'none'), getattr(torch, '__version__'))\n"
        "print([n for n, _ in l.named_parameters()], getattr(x, 'shape'), getattr(l, 'extra').shape)\n"
        "try:\n    getattr(a, 'w')\nexcept AttributeError as e:\n    print(e)\n"))
    # Python and torch 2.13 (/work/torchenv) print the same
    assert out == ("6 5 none 2.13.0+cpu\n['weight', 'bias', 'extra'] torch.Size([2]) torch.Size([1])\n"
                   "'Plain' object has no attribute 'w'\n")


def test_dir_lists_only_what_a_script_may_read():
    """dir(v) is the allow-list (what completion offers) and the dunders the attribute syntax reads there: every
    name it lists reads without an AttributeError, on every kind of value but torch's own modules and functions
    (the next test)."""
    out = api.run_script(DIR_PRELUDE + (
        "values = [x, y.grad_fn, nn.Linear(2, 3), Net(), a, Plain, f, 1, 2.5, 'ab', [1], {'a': 1}, print,\n"
        "          torch.float32, x.shape, np.ones(2), np, torch.optim.SGD([x], lr=0.1), None]\n"
        "for v in values:\n    for n in dir(v):\n        if n[:2] != '__':\n            try:\n"
        "                getattr(v, n)\n            except AttributeError:\n                raise\n"
        "            except Exception:\n                pass\n"
        "    assert dir(v) == sorted(dir(v)) and '__class__' in dir(v)\n"
        "print(dir(a), dir(Plain), dir(f))\n"))
    assert out.endswith("['__class__', 'k', 'm'] ['__class__', '__init__', '__name__', '__qualname__', 'k', 'm'] "
                        "['__class__', '__name__', '__qualname__']\n")


# what torch 2.13 (/work/torchenv) prints for dir(torch.tensor), a C function
TORCH_DIR_OF_A_C_FUNCTION = [
    '__call__', '__class__', '__delattr__', '__dir__', '__doc__', '__eq__', '__format__', '__ge__', '__getattribute__',
    '__getstate__', '__gt__', '__hash__', '__init__', '__init_subclass__', '__le__', '__lt__', '__module__',
    '__name__', '__ne__', '__new__', '__qualname__', '__reduce__', '__reduce_ex__', '__repr__', '__self__',
    '__setattr__', '__sizeof__', '__str__', '__subclasshook__', '__text_signature__']


def test_dir_of_torchs_modules_and_functions_is_torchs():
    """dir() of a module or function gradcli stands in for prints torch's list (tests/golden/names/make_names.py),
    and every name on it that gradcli lacks is refused as gradcli's, never as a name torch lacks."""
    out = api.run_script(DIR_PRELUDE + (
        "import torch.nn.functional as F\n"
        "print(dir(torch.tensor) == dir(torch.ones) == dir(x.add), dir(F.softmax) == dir(F.relu), len(dir(x.backward)))\n"
        "print(dir(torch.tensor))\n"
        "print(len(dir(torch.distributions)), [n for n in dir(torch) if n[:2] == '__'])\n"
        "torch.distributions.mine = 1\n"
        "print('mine' in dir(torch.distributions), 'mine' in dir(torch))\n"
        "refusals = set()\n"
        "for m in [torch, F, torch.nn, torch.linalg, torch.autograd, torch.optim, torch.distributions, torch.cuda,\n"
        "          torch.nn.init, torch.utils.data, torch.nn.utils, torch.nn.utils.rnn, torch.distributions.normal]:\n"
        "    for n in dir(m):\n"
        "        try:\n"
        "            getattr(m, n)\n"
        "        except (AttributeError, NotImplementedError) as e:\n"
        "            refusals.add(str(e).split(' ')[:3] == ['gradcli', 'does', 'not'])\n"
        "print(refusals)\n"))
    lines = out.splitlines()
    # torch: True True 27 / the C function's list / 124 and the module's dunders / True False / every refusal
    assert lines[0] == "True True 27"
    assert lines[1] == str(TORCH_DIR_OF_A_C_FUNCTION)
    assert lines[2] == ("124 ['__all__', '__all_and_float_types', '__annotations__', '__builtins__', '__cached__', "
                        "'__config__', '__doc__', '__file__', '__future__', '__getattr__', '__loader__', '__name__', "
                        "'__package__', '__path__', '__spec__', '__version__']")
    assert lines[3:] == ["True False", "{True}"]


@pytest.mark.parametrize("name", ["compile", "exec", "eval", "open", "input", "breakpoint", "globals", "vars",
                                  "delattr", "memoryview"])
def test_pythons_withheld_builtins_are_refused_as_such(name):
    """A builtin Python has and a script lacks is a refusal ("does not give access to Python's builtin"), not a
    misspelling with a did-you-mean; a name Python lacks too keeps Python's NameError."""
    with pytest.raises(GradcliError) as error:
        api.run_script("%s('1')\n" % name)
    assert error.value.kind == "NameError" and error.value.position is not None
    assert "gradcli does not give access to Python's builtin '%s'" % name in str(error.value)
    assert error.value.suggestion is None
    with pytest.raises(GradcliError, match="name 'compiled' is not defined"):
        api.run_script("compiled('1')\n")
