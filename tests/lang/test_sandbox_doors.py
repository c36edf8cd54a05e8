"""Each door to the allow-list, tried: every binding form goes through one gate (Compiler.name_setter), a
name a script chooses never reaches getattr/setattr in library code, library methods run on their own types
only, and printing a builtin stand-in never names gradcli's modules. Each case must end in a GradcliError of
Python's kind, with a position, never a result."""

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError

BINDINGS = [  # every form that binds a name, each given a dunder
    "import torch as __builtins__", "import math as __class__", "from math import pi as __len__",
    "from torch.nn.functional import relu as __del__", "from torch.nn import Parameter as __class__",
    "class A:\n    from math import pi as __len__", "class A:\n    import math as __del__",
    "class A:\n    from torch.nn import Parameter as __class__",
    "__x = 1", "__class__ = 1", "a, __b = 1, 2", "for __i in range(2):\n    pass",
    "try:\n    1/0\nexcept Exception as __e:\n    pass", "def __f():\n    pass", "class __A:\n    pass",
    "class A:\n    def __del__(self):\n        pass", "class A:\n    def __eq__(self, other):\n        return True",
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
]


@pytest.mark.parametrize("source,kind", LIBRARY_DOORS)
def test_library_methods_run_on_their_own_types_only(source, kind):
    with pytest.raises(GradcliError) as error:
        api.run_script(source)
    assert error.value.kind == kind and "__" not in str(error.value).split("descriptor")[0]


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
    "import zipfile", "import subprocess", "import shutil", "import pathlib", "import pickle", "import socket",
    "import importlib", "import ctypes", "from io import StringIO", "import os.path as p\np.os",
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


def test_the_clocks_read_as_pythons():
    out = api.run_script("import time\nfrom time import perf_counter\nstart = time.time()\nt = perf_counter()\n"
                         "print(type(time.time() - start).__name__, perf_counter() >= t, time.time() > 1.7e9)")
    assert out == "float True True\n"
