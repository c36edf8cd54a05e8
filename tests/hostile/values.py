"""The hostile corpus of issue 30, item 2: sizes and depths measured on values, whichever builder makes them, and
each command's own work bounded before it starts. Same format as corpus.py, with two more modes:

- "cli": `source` is the argument list of one gradcli command (after the limit options), `kind` its error;
- "repl": `source` is typed into `gradcli repl` (stdin); the error must be reported and the session go on
  (tests/lang/test_hostile.py types `print('alive')` after it).

Every case must end within 20 s, with the right exit and kind, a position, no traceback, no signal, under 3 GB."""

import re

SHARED = "a = []\nfor i in range(60):\n    a = [a, a]\n"
LONG = "s = 'a' * 10**7\n"
SIGMOIDS = "sigmoid(sigmoid(sigmoid(sigmoid(sigmoid(x)))))"


def _wrapped_chains():
    """Values CPython frees (or walks) recursively in C: chains of wrappers, built by every spelling."""
    chains = {
        "property": "p = property(p)", "staticmethod": "p = staticmethod(p)", "classmethod": "p = classmethod(p)",
        "property-fset": "p = property(None, p)", "property-fdel": "p = property(None, None, p)",
        "property-kw": "p = property(fget=p)", "setter": "p = property(None).setter(p)",
        "getter": "p = property(None).getter(p)", "deleter": "p = property(None).deleter(p)",
        "slice-start": "p = A()[p:]", "slice-stop": "p = A()[:p]", "slice-step": "p = A()[::p]",
        "slice-tuple": "p = A()[p:, 1]", "mixed-tuple": "p = property((p,))", "mixed-slice": "p = A()[property(p):]",
        "mixed-static": "p = staticmethod(A()[p:])", "tuple-display": "p = (p,)", "tuple-call": "p = tuple([p])",
    }
    prelude = "class A:\n    def __getitem__(self, k):\n        return k\np = 1\n"
    for name, step in chains.items():
        for n in ("10**6", "10**5"):
            yield "chain-%s-%s" % (name, n), prelude + "for i in range(%s):\n    %s\nprint(1)\n" % (n, step)


# tuples Python makes itself, of values the script hands it: each is depth-checked where it is made, as a display
TUPLE_MAKERS = {
    "zip-next": "p = next(zip([p]))", "enumerate-next": "p = next(enumerate([p]))",
    "zip-two": "p = list(zip([p], [p]))[0]", "zip-star": "p = list(zip(*[[p]]))[0]",
    "zip-loop": "for q in zip([p]):\n        p = q", "enumerate-loop": "for q in enumerate([p], 1):\n        p = q",
    "zip-max": "p = max(zip([p]))", "zip-filter": "p = next(filter(None, zip([p])))",
    "zip-comprehension": "p = [q for q in zip([p])][0]", "star-args": "p = f(p)",
    "items-list": "p = list({p: 1}.items())[0]", "items-next": "p = next(iter({1: p}.items()))",
    "items-sorted": "p = sorted({1: p}.items())[0]", "items-min": "p = min({p: 1}.items())",
    "items-loop": "for q in {1: p}.items():\n        p = q", "items-held": "d[1] = p\n    p = next(iter(v))",
    "items-held-loop": "d[1] = p\n    for p in v:\n        pass", "items-held-sorted": "d[1] = p\n    p = sorted(v)[0]",
    "popitem": "p = OrderedDict(a=p).popitem()", "most-common": "p = Counter([p]).most_common()[0]",
    "exception-args": "p = ValueError(p).args", "caught-args": "try:\n        raise KeyError(p)\n"
                                                                "    except KeyError as e:\n        p = e.args",
}
TUPLE_PRELUDE = ("from collections import OrderedDict, Counter\ndef f(*a):\n    return a\nd = {1: ()}\n"
                 "v = d.items()\np = ()\n")


def _tuple_makers():
    for name, step in TUPLE_MAKERS.items():
        yield "tuple-" + name, TUPLE_PRELUDE + "for i in range(10**6):\n    %s\ns = {p}\nprint(1)\n" % step


def _spellings():
    """Spellings written after the round's corpus, against the four root causes: a dunder name through every
    binding, sizes of what the newer modules (pathlib, os.path, datetime, time, pprint, math, random) build, and
    the host's state; each (name, source, kind)."""
    names = {
        "for-target": "for __class__ in [1]:\n    pass", "with-target": "with open('x') as __dict__:\n    pass",
        "except-target": "try:\n    1 / 0\nexcept ZeroDivisionError as __builtins__:\n    pass",
        "comprehension-target": "x = [1 for __globals__ in range(2)]", "parameter": "def f(__class__):\n    return 1",
        "class-getattr": "class A:\n    __getattr__ = print", "class-eq": "class A:\n    __eq__ = print",
        "unpacking-target": "(__class__, b) = (1, 2)", "del": "del __builtins__", "global": "global __name__",
    }
    for name, source in names.items():
        yield "name-" + name, source + "\nprint('bound')\n", "NameError"
    for name, source in {
        "instance-dict": "class A:\n    pass\nA().__dict__ = {}",
        "date-subclasses": "import datetime\nx = datetime.date.today().__class__.__subclasses__()",
        "setrecursionlimit": "import sys\nsys.setrecursionlimit(10**9)", "sleep": "import time\ntime.sleep(100)",
        "path-read": "from pathlib import Path\nPath('/etc/passwd').read_text()",
        "path-write": "from pathlib import Path\nPath('x.txt').write_text('hi')",
        "zip-write": "import zipfile\nz = zipfile.ZipFile('x.zip', 'w')",
    }.items():  # (sys.stdout = None and warnings.showwarning = print are the run's own: tests/app/test_api.py)
        yield "door-" + name, source + "\nprint('reached')\n", "AttributeError"
    yield "door-format-field", "s = '{0.__class__}'.format(1)\n", "ValueError"
    yield "door-define-index", "class A:\n    def __index__(self):\n        return 10**10\nx = [0] * A()\n", \
        "SyntaxError"
    sizes = {
        "path-joins": "from pathlib import Path\np = Path('a' * 10**7)\nq = p / p / p / p / p / p / p / p / p / p / p",
        "path-joinpath": "from pathlib import Path\np = Path('a' * 10**7)\nq = p.joinpath(*[p] * 11)",
        "os-path-join-many": "import os\np = os.path.join(*['a' * 10**6] * 200)",
        "os-path-join-long": "import os\ns = 'a' * 10**7\np = os.path.join(s, s, s, s, s, s, s, s, s, s, s)",
        "datetime-strftime": "import datetime\nx = datetime.datetime.now().strftime('%c' * 10**7)",
        "date-strftime": "import datetime\nx = datetime.date.today().strftime('%A' * (5 * 10**6))",
        "time-strftime": "import time\nx = time.strftime('%c' * 10**7)",
        "pprint-shared": SHARED + "import pprint\ns = pprint.pformat(a)",
        "pprint-dict": "import pprint\nd = {}\nfor i in range(60):\n    d = {1: d, 2: d}\npprint.pprint(d)",
        "pprint-long": "import pprint\ns = pprint.pformat(['a' * 10**7] * 20)",
        "choices": "import random\nx = random.choices([1], k=10**9)", "factorial": "import math\nx = math.factorial(10**7)",
        "comb": "import math\nx = math.comb(10**7, 5 * 10**6)", "prod": "import math\nx = math.prod([10**1000] * 10**3)",
        "environ-doubling": "import os\nos.environ['A'] = 'x' * 10**7\nfor i in range(20):\n"
                            "    os.environ['A'] = os.environ['A'] + os.environ['A']",
        "warning-message": "import warnings\nwarnings.warn(''.join(['x' * 10**7] * 11))",
        "sys-path-repeat": "import sys\nsys.path[:] = ['x'] * 10**4\nsys.path *= 10**5",
        "save-repeated": "import torch\ntorch.save(torch.ones(10**7), 'a.pt')\nfor i in range(100):\n"
                         "    torch.save([torch.load('a.pt')] * 20, 'a.pt')",
        "len-of-instance": "class A:\n    def __len__(self):\n        return 10**12\nx = [0] * len(A())",
    }
    for name, source in sizes.items():
        yield "size-" + name, source + "\nprint('built')\n", "LimitError"


def _containers():
    """Shared containers of every kind the sandbox allows, reaching whatever writes, compares or walks them."""
    kinds = {
        "ordereddict": ("from collections import OrderedDict\na = OrderedDict()\n", "a = OrderedDict(x=a, y=a)"),
        "defaultdict": ("from collections import defaultdict\na = defaultdict(int)\n",
                        "b = defaultdict(int)\n    b[1] = a\n    b[2] = a\n    a = b"),
        "dict": ("a = {}\n", "a = {1: a, 2: a}"),
        "exception": ("a = ValueError()\n", "a = ValueError(a, a)"),
        "tuple-of-lists": ("a = []\n", "a = ([a], [a])"),
        "values": ("a = {}\n", "a = {1: a, 2: a}.values()"),
    }
    uses = ("print(a)", "s = str(a)", "r = repr(a)", "x = f'{a}'", "x = '%s' % (a,)", "x = format(a)",
            "raise ValueError(a)", "import torch\ntorch.save(a, 'f.pt')", "print(a == a.copy() if hasattr(a, 'copy') else [a] == [a])")
    for kind, (start, step) in kinds.items():
        source = start + "for i in range(60):\n    %s\n" % step
        for use in uses:
            if kind in ("exception", "values") and "copy" in use:
                continue
            yield "shared-%s-%s" % (kind, use.split("(")[0].split("\n")[-1].split("=")[-1].strip()[:10]), \
                source + use + "\n"


def _builders():
    """The library's own walks and loops: collate, samplers, recurrent layers, explain, threads, numpy."""
    yield "collate-shared", SHARED + ("from torch.utils.data import DataLoader\nfor b in DataLoader([a, a], "
                                      "batch_size=2):\n    print(b)\n")
    yield "collate-direct", SHARED + "from torch.utils.data import default_collate\nx = default_collate([a, a])\n"
    yield "convert-shared", SHARED + ("from torch.utils.data import DataLoader\nfor b in DataLoader([a], "
                                      "batch_size=None):\n    print(b)\n")
    yield "save-shared-dict", SHARED + "import torch\ntorch.save({'k': a}, 'f.pt')\n"
    yield "exception-long", LONG + "raise ValueError(*[s] * 20)\n"
    yield "exception-args", LONG + "e = KeyError([s] * 20)\nprint(e)\n"
    yield "set-long", LONG + "print({s + str(i) for i in range(20)})\n"
    yield "set-call-long", LONG + "x = str(set(s + str(i) for i in range(20)))\n"
    yield "keys-long", LONG + "print({s + str(i): 1 for i in range(20)}.keys())\n"
    yield "ordereddict-long", LONG + "from collections import OrderedDict\nprint(OrderedDict((str(i), s) for i in range(20)))\n"
    for loop in ("list(DataLoader(range(10**9)))", "list(RandomSampler(range(3), replacement=True, num_samples=10**9))",
                 "list(SequentialSampler(range(10**9)))", "list(BatchSampler(SequentialSampler(range(10**9)), 2, False))",
                 "list(RandomSampler(range(1), num_samples=10**9))", "[b for b in DataLoader(range(10**9), batch_size=3)]"):
        yield "sampler-%s" % loop.split("(")[1][:12], ("import torch\nfrom torch.utils.data import DataLoader, RandomSampler, "
                                                       "SequentialSampler, BatchSampler\nx = %s\n" % loop)
    for layer in ("RNN", "GRU", "LSTM"):
        yield "recurrent-%s" % layer, ("import torch\nr = torch.nn.%s(1, 1)\nx = torch.ones(2 * 10**7, 1, 1)\nprint(r(x)[0].shape)\n"
                                       % layer)
    for op in ("x.sum()", "x.prod()", "x.mean()", "x.exp().sum()", "x.nansum()", "(x * 2).sum()"):
        yield "threads-%s" % op[2:8], "import torch\ntorch.set_num_threads(45*10**7)\nx = torch.ones(10**6)\nprint(%s)\n" % op
    numpy = ("np.ones((10**5, 10**5, 0)).sum(axis=2)", "np.sum(np.ones((10**5, 10**5, 0)), 2)",
             "np.ones((10**5, 10**5, 0)).max(axis=2)", "np.mean(np.ones((0, 10**5, 10**5)), axis=0)",
             "np.cumsum(np.ones((10**5, 0, 10**5)), axis=1).shape", "np.sum([[0] * 10**4] * 10**5)",
             "np.ones(3) + [[0] * 10**4] * 10**5", "np.array([[0] * 10**4] * 10**5)", "np.arange(0.0, 1.0, 1e-10)",
             "np.arange(np.int64(10**10))", "np.arange(10**10, dtype=np.float32)", "np.random.permutation(10**10)",
             "np.random.choice(5, 10**10)", "np.random.choice(10**10, 3, replace=False)",
             "np.random.randint(0, 5, 10**10)", "np.random.normal(0, 1, (10**5, 10**5))",
             "np.random.uniform(0, 1, 10**10)", "np.random.random(10**10)",
             "np.zeros_like(np.ones(3), shape=(10**5, 10**5))", "np.ones_like(np.ones(3), shape=10**10)",
             "np.full(10**6, 'a' * 10**6)", "np.full((10**4, 10**4), 'abc')",
             "np.isclose(np.ones((10**5, 1)), np.ones(10**5))", "np.allclose(np.ones((10**5, 1)), np.ones(10**5))",
             "np.array_equal(np.ones((10**5, 1)), np.ones(10**5))", "np.maximum(np.ones((10**5, 1)), [0] * 10**5)",
             "np.stack([np.ones(10**7)] * 20)", "np.array(a)")
    for i, source in enumerate(numpy):
        prelude = SHARED if source == "np.array(a)" else ""
        yield "numpy-%02d" % i, prelude + "import numpy as np\nx = %s\n" % source
    yield "explain-deep", ("import torch\nx = torch.ones(2, requires_grad=True)\ny = x\nfor i in range(10**7):\n"
                           "    y = y * 1.0\ny.sum().backward()\n")
    yield "gradcheck-wide", ("import torch\nx = torch.ones(20000, dtype=torch.float64, requires_grad=True)\n"
                             "torch.autograd.gradcheck(torch.sin, (x,))\n")


def _caught():
    """A limit is never caught by the script's handlers, whatever they name."""
    limited = ("x = [0] * 10**9", "x = 'a' * 10**9", "x = 10 ** 10 ** 10", "p = 1\n    for i in range(10**6):\n        p = property(p)",
               "def f(n):\n        return f(n + 1)\n    f(0)", "while True:\n        pass")
    for handler in ("except RecursionError", "except MemoryError", "except Exception", "except BaseException",
                    "except", "except (ValueError, Exception)"):
        for i, body in enumerate(limited):
            kind = "RecursionError" if "f(n + 1)" in body else "LimitError"
            yield "caught-%s-%d" % (handler.split()[-1].strip("()").split(",")[0] if " " in handler else "bare", i), \
                "for attempt in range(3):\n  try:\n    %s\n  %s:\n    print('caught')\n" % (body, handler), kind


def _commands():
    """One-shot commands whose own work is bounded before it starts: (name, argv, kind)."""
    tower = "^".join(["x"] * 24)
    yield "diff-sigmoids-4", ("diff", SIGMOIDS, "x", "--order", "4")
    yield "diff-sigmoids-5", ("diff", SIGMOIDS, "x", "--order", "5")
    yield "diff-tower-2", ("diff", tower, "x", "--order", "2")
    yield "diff-tower-3", ("diff", tower, "x", "--order", "3")
    yield "diff-tanh-6", ("diff", "tanh(tanh(tanh(tanh(tanh(tanh(x))))))", "x", "--order", "6")
    yield "diff-exp-tower", ("diff", "exp(exp(exp(exp(exp(exp(x))))))*sigmoid(sigmoid(sigmoid(x)))", "x", "--order", "4")
    yield "diff-steps-sigmoids", ("diff", "sigmoid(sigmoid(sigmoid(sigmoid(sigmoid(sigmoid(sigmoid(x)))))))", "x",
                                  "--order", "3", "--latex")
    yield "diff-json-sigmoids", ("diff", SIGMOIDS, "x", "--order", "4", "--json")
    yield "plot-points", ("plot", "sin(x)", "--over", "x=-1:1", "--points", "200000000")
    yield "plot-points-order", ("plot", "x^2", "--over", "x=-1:1", "--points", "10000000000", "--order", "3")
    yield "check-wide", ("check", "sin(x)", "--at", "x=ones(20000)")
    yield "check-wide-2", ("check", "x*y", "--at", "x=ones(20000)", "--at", "y=ones(20000)")
    yield "check-order-2", ("check", "exp(x)", "--at", "x=ones(20000)", "--order", "2")
    yield "jacobian-wide", ("jacobian", "sin(x)", "--at", "x=ones(20000)")
    yield "hessian-wide", ("hessian", "sum(sin(x))", "--at", "x=ones(20000)")


def _expressions():
    for expression in ("sum(ones(10**5, 10**5, 0), 2)", "str([[0] * 10**4] * 10**5)", "ones(10**9, 0).sum(1)",
                       "x.expand(10**5, 10**5, 3)", "outer(ones(10**5), ones(10**5))", "[x] * 10**9",
                       "str({i: 'a' * 10**7 for i in range(20)})", "str({'a' * 10**7 + str(i) for i in range(20)})",
                       "repr(ValueError(*['a' * 10**7] * 20))", "x.repeat(10**5, 10**5)"):
        yield expression


def _repl_inputs():
    for name in ("zip-next", "enumerate-loop", "items-held-loop", "star-args"):
        yield "tuple-" + name, TUPLE_PRELUDE + "for i in range(10**6):\n    %s\n\n" % TUPLE_MAKERS[name]
    yield "property-chain", "p = 1\nfor i in range(10**6):\n    p = property(p)\n\n"
    yield "staticmethod-chain", "p = 1\nfor i in range(10**6):\n    p = staticmethod(p)\n\n"
    yield "classmethod-chain", "p = 1\nfor i in range(10**6):\n    p = classmethod(p)\n\n"
    yield "slice-chain", "class A:\n    def __getitem__(self, k):\n        return k\n\np = 1\nfor i in range(10**6):\n    p = A()[p:]\n\n"
    yield "shared-echo", SHARED + "\na\n"
    yield "shared-ordereddict", "from collections import OrderedDict\na = OrderedDict()\nfor i in range(60):\n    a = OrderedDict(x=a, y=a)\n\na\n"
    yield "shared-exception", SHARED + "\ne = ValueError(a)\ne\n"
    yield "huge-list", "x = [0] * 10**9\n"
    yield "caught-limit", "try:\n    x = [0] * 10**9\nexcept BaseException:\n    print('caught')\n\n"
    yield "numpy-empty-axes", "import numpy as np\nnp.ones((10**5, 10**5, 0)).sum(axis=2)\n"


HELD_PRELUDE = ("from collections import OrderedDict, Counter, defaultdict\ndef f(*a):\n    return a\n"
                "d = %s\nv = d.items()\np = ()\n")


def _held_and_copied():
    """Issue 30's classes, spelled through what the corpus above lacks: a dict view taken before its dict grows,
    materialised by every builder (each pair a level above its value: hashing the last one would crash CPython),
    and copies of a script's values (star-args, extend, +=, tuple()) past the size limit, each (name, mode,
    source, kind)."""
    builders = {"list": "list(v)[0]", "set": "set(v).pop()", "tuple": "tuple(v)[0]", "sorted-key": "sorted(v, key=len)[0]",
                "star": "f(*v)[0]", "zip-star": "list(zip(*v))[1]", "reversed": "next(reversed(v))",
                "union": "(v | set()).pop()", "enumerate": "list(enumerate(v))[0][1]", "map": "list(map(tuple, v))[0]",
                "filter": "list(filter(None, v))[0]", "max": "max(v)", "set-comprehension": "{q for q in v}.pop()"}
    for name, builder in builders.items():
        yield "held-%s" % name, "script", (HELD_PRELUDE % "{1: ()}" + "for i in range(10**6):\n    d[1] = p\n"
                                           "    p = %s\ns = {p}\nprint(1)\n" % builder)
    for name, kind in (("ordereddict", "OrderedDict(a=())"), ("defaultdict", "defaultdict(int, a=())"),
                       ("counter", "Counter(a=1)")):
        yield "held-%s" % name, "script", (HELD_PRELUDE % kind + "for i in range(10**6):\n    d['a'] = p\n"
                                           "    l = []\n    l += v\n    p = l[0]\ns = {p}\nprint(1)\n")
    copies = {
        "star-twice": "l = [0] * 10**8\nprint(*l, *l)", "star-past": "l = [[]] * 10**8\nprint(*l, 1)",
        "star-doubling": "def f(*a):\n    return a\nt = (0,)\nfor i in range(40):\n    t = f(*t, *t)",
        "extend-iterator": "l = [0] * 10**8\nl.extend(iter(l))", "iadd-iterator": "l = [0] * (6 * 10**7)\nl += iter(l)",
        "iadd-filter-doubling": "l = [1]\nfor i in range(40):\n    l += filter(None, l + [1])",
        "iadd-keys": "k = {i: 0 for i in range(10**6)}.keys()\nl = []\nfor i in range(200):\n    l += k",
        "zip-star-range": "x = list(zip(*range(10**8), *range(10**8)))",
    }
    for name, source in copies.items():
        yield "copy-%s" % name, "script", source + "\nprint('copied')\n"
    shared_parts = {"str": "x = str(l)", "print": "print(l)", "repr": "x = repr([l])", "format": "x = f'{l}'",
                    "tensor": "import torch\nx = torch.tensor(l)"}
    for name, writer in shared_parts.items():  # one part at 10**8 places: refused before any walk of them
        yield "shared-part-%s" % name, "script", "l = [[]] * 10**8\n%s\nprint('written')\n" % writer
    fills = {"extend": "b = []\nb.extend(range(10**8))", "star": "print(max(*range(10**8)))",
             "slice": "b = [0]\nb[1:] = range(10**8)"}
    for name, fill in fills.items():  # (the envelope's reserve: tests/app/test_isolation.py runs them without one)
        yield "fill-%s" % name, "script", fill + "\nprint('filled')\n"
    yield "copy-eval-star", "eval", "max(*[0] * (6 * 10**7), *[0] * (6 * 10**7))"
    yield "held-eval", "eval", ("[{d['k']: 1} for d in [{'k': ()}] for v in [d.items()] if "
                                "[d.update(k=list(v)[0]) for i in range(10**5)]]")
    yield "copy-cli-star", "cli", ("eval", "max(*[0] * 10**8, 1)")
    yield "copy-cli-zip", "cli", ("eval", "sorted(zip(*[[0]] * (6 * 10**7), *[[0]] * (6 * 10**7)))")
    yield "held-repl", "repl", (HELD_PRELUDE % "{1: ()}" + "for i in range(10**6):\n    d[1] = p\n    p = list(v)[0]\n\n")
    yield "copy-repl-star", "repl", "def f(*a):\n    return a\n\nt = (0,)\nfor i in range(40):\n    t = f(*t, *t)\n\n"


def cases():
    """(name, mode, source, kind) of every case."""
    found = []

    def add(name, mode, source, kind="LimitError"):
        found.append(("v%03d-%s" % (len(found), re.sub(r"[^a-z0-9.]+", "-", name.lower()).strip("-")), mode, source,
                      kind))

    for name, source in _wrapped_chains():
        add(name, "script", source)
    for name, source in _containers():
        add(name, "script", source)
    for name, source in _builders():
        add(name, "script", source)
    for name, source in _tuple_makers():
        add(name, "script", source)
    for name, source, kind in _spellings():
        add(name, "script", source, kind)
    for name, source, kind in _caught():
        add(name, "script", source, kind)
    for name, argv in _commands():
        add(name, "cli", argv)
    for expression in _expressions():
        add("eval", "eval", expression)
    for name, source in _repl_inputs():
        add(name, "repl", source)
    for name, mode, source in _held_and_copied():
        add(name, mode, source)
    return found


CASES = cases()
