"""The op table's families (the modules under ops/rows/), each imported when one of its names is first looked up.

A one-shot command uses a few of the ~250 rows: importing every family would be a third of its start. So the
registries (table.FUNCTIONS, METHODS, FUNCTIONAL, LINALG, INPLACE, HELPERS) know every name from the start,
through the index (ops/rows/index.py: name -> the module that makes it, in the order a full load registers
them), and a lookup of a name not yet loaded imports its module and installs what it made: the generated front
doors, the in-place variants, Tensor's methods and operators. Reading ROWS (or the registries' items) loads every
family, in FAMILIES' order, so that what anyone can see is the table as a full load makes it:

- a Tensor method not yet installed is a stand-in on the class (_Method), which installs its family when read,
  then reads the real one; each Python operator of a family not yet loaded is a stand-in that installs the
  family, then calls the real one. (Not a Tensor.__getattr__: CPython does not specialise the attribute reads of
  a class that has one, and every `x.array` of the ops would read four times slower.)
- `python -m gradcli.ops --index` writes the index; tests/ops/test_op_table.py fails, in words, when a row or a
  door was added without it.
"""

import _thread

import numpy as np

from . import table
from .table import FUNCTIONAL, FUNCTIONS, HELPERS, INPLACE, LINALG, MADE, METHODS, OPERATORS, ROWS
from ..core.tensor import Tensor

# every family, in the order a full load imports them (a module a family imports first comes in before it)
FAMILIES = ("rows.arithmetic", "rows.compare", "rows.elementwise", "rows.reductions", "rows.statistics",
            "rows.sorting", "rows.shape", "rows.join", "rows.arrange", "rows.indexing", "rows.linalg",
            "rows.decompositions", "rows.activations", "rows.losses", "rows.classification", "rows.padding",
            "rows.convolution", "rows.pooling", "rows.normalization", "rows.recurrent", "rows.resampling",
            "rows.creation", "rows.sampling")
# the registries, each with its key in the index
REGISTRIES = (("torch", FUNCTIONS), ("Tensor", METHODS), ("torch.nn.functional", FUNCTIONAL),
              ("torch.linalg", LINALG), ("Tensor_", INPLACE), ("helper", HELPERS))
_UNARY_OPERATORS = ("__neg__", "__pos__", "__abs__", "__invert__", "__getitem__", "__setitem__")

_complete = False
_installed = 0         # how many of MADE have their front doors
_converted = set()     # INPLACE names whose Tensor.<name>_ is made
_on_tensor = set()     # METHODS names set on Tensor
_stand_ins = {}        # method or operator -> its stand-in on Tensor, until its family is loaded
_installing = _thread.allocate_lock()


def load(module):
    """Import an ops module (`"rows.elementwise"`) and install what it and the modules it imports made."""
    _import(module)
    install()


def load_all():
    """Import every family and install them: ROWS is then every row, in the order of a full load."""
    global _complete
    if _complete:
        return
    for module in FAMILIES:
        _import(module)
    install()
    with _installing:
        list.clear(ROWS)
        list.extend(ROWS, _in_order(MADE))
        _complete = True


def row(overload):
    """The row of a torch overload (`"mul.Tensor"`), its family loaded; KeyError for an overload no row has."""
    load(_index().ROWS[overload])
    return next(made for made in MADE if made.overload == overload)


def rows_named(name):
    """The rows that may have a front door `name` in torch or torch.nn.functional, or whose overload is named
    `name` (`silu` of silu's): their families loaded, in the order of a full load."""
    rows = _index().ROWS
    modules = {doors.index[name] for doors in (FUNCTIONS, FUNCTIONAL) if name in doors.index}
    modules.update(_modules_of_overloads().get(name, ()))
    for module in modules:
        load(module)
    return _in_order(made for made in MADE if rows.get(made.overload) in modules)


def _modules_of_overloads():
    """An overload's name (`add` of add.Tensor) -> the modules of the rows of overloads of that name (read once
    from the index: rows_named asks for each name it is given)."""
    global _overload_modules
    if _overload_modules is None:
        _overload_modules = {}
        for overload, module in _index().ROWS.items():
            _overload_modules.setdefault(overload.partition(".")[0], set()).add(module)
    return _overload_modules


_overload_modules = None


def _in_order(rows):
    order = _order()
    return sorted(rows, key=lambda made: order.get(made.overload, len(order)))


def _order():
    global _positions
    if _positions is None:
        _positions = {overload: i for i, overload in enumerate(_index().ROWS)}
    return _positions


_positions = None  # overload -> its place in a full load


def install():
    """Generate the front doors of the rows made since the last call, then put the new methods and Python
    operators on Tensor (each once; one thread at a time: two runs in two threads may load families at once)."""
    with _installing:
        _install()


def _install():
    global _installed
    if _installed == len(MADE) and len(_converted) == dict.__len__(INPLACE) \
            and len(_on_tensor) == dict.__len__(METHODS):
        return  # nothing made or registered since the last call (every load of a family loaded already asks)
    from .inplace import inplace_variant
    while _installed < len(MADE):
        made = MADE[_installed]
        _installed += 1
        for name in made.functions:
            _put(FUNCTIONS, "torch", name, _generated_door(made, name), made)
        for name in made.functional:
            _put(FUNCTIONAL, "torch.nn.functional", name, dict.get(FUNCTIONS, name) or _generated_door(made, name),
                 made)
        for name in made.methods:
            door = _put(METHODS, "Tensor", name, dict.get(FUNCTIONS, name) or _generated_door(made, name), made)
            if made.inplace:
                _put(INPLACE, "Tensor_", name + "_", door, made)
    for name in list(dict.keys(INPLACE)):
        if name not in _converted:
            if dict.__contains__(METHODS, name):
                raise TypeError("Tensor.%s has a front door of its own and an in-place one" % name)
            _converted.add(name)
            _put(METHODS, "Tensor", name, inplace_variant(dict.__getitem__(INPLACE, name)), ("Tensor_", name))
    for operator, method in OPERATORS.items():
        if not dict.__contains__(METHODS, operator) and dict.__contains__(METHODS, method):
            _put(METHODS, "Tensor", operator, dict.__getitem__(METHODS, method), ("Tensor", method))
    for name in dict.keys(METHODS) - _on_tensor:
        fn = dict.__getitem__(METHODS, name)
        if name in Tensor.__dict__ and name not in _stand_ins:
            raise TypeError("Tensor.%s is defined by the class and by the op table" % name)
        if name.startswith("__") and name not in _UNARY_OPERATORS:
            fn = _binary_operator(fn, name)
        _stand_ins.pop(name, None)
        setattr(Tensor, name, fn)
        _on_tensor.add(name)


def _import(module):
    """Import the ops module the index names `module`. Each is written out: nothing here imports a module by a
    name it is handed (tests/lang/test_safety.py)."""
    if module == "inplace":
        from . import inplace  # noqa: F401
    elif module == "rows.activations":
        from .rows import activations  # noqa: F401
    elif module == "rows.arithmetic":
        from .rows import arithmetic  # noqa: F401
    elif module == "rows.arrange":
        from .rows import arrange  # noqa: F401
    elif module == "rows.classification":
        from .rows import classification  # noqa: F401
    elif module == "rows.compare":
        from .rows import compare  # noqa: F401
    elif module == "rows.convolution":
        from .rows import convolution  # noqa: F401
    elif module == "rows.creation":
        from .rows import creation  # noqa: F401
    elif module == "rows.decompositions":
        from .rows import decompositions  # noqa: F401
    elif module == "rows.elementwise":
        from .rows import elementwise  # noqa: F401
    elif module == "rows.indexing":
        from .rows import indexing  # noqa: F401
    elif module == "rows.join":
        from .rows import join  # noqa: F401
    elif module == "rows.linalg":
        from .rows import linalg  # noqa: F401
    elif module == "rows.losses":
        from .rows import losses  # noqa: F401
    elif module == "rows.normalization":
        from .rows import normalization  # noqa: F401
    elif module == "rows.padding":
        from .rows import padding  # noqa: F401
    elif module == "rows.pooling":
        from .rows import pooling  # noqa: F401
    elif module == "rows.recurrent":
        from .rows import recurrent  # noqa: F401
    elif module == "rows.reductions":
        from .rows import reductions  # noqa: F401
    elif module == "rows.resampling":
        from .rows import resampling  # noqa: F401
    elif module == "rows.sampling":
        from .rows import sampling  # noqa: F401
    elif module == "rows.shape":
        from .rows import shape  # noqa: F401
    elif module == "rows.sorting":
        from .rows import sorting  # noqa: F401
    elif module == "rows.statistics":
        from .rows import statistics  # noqa: F401
    else:
        raise KeyError("no ops module %s" % module)


def installed():
    """How many rows have their front doors: it grows as families are loaded."""
    return _installed


def loaded_items(doors):
    """A registry's (name, door) of the families loaded so far, in the order of a full load."""
    return [(name, dict.__getitem__(doors, name)) for name in doors.index if dict.__contains__(doors, name)]


def _put(doors, kind, name, door, maker):
    """doors[name] = door, and while the index is made, where it comes from: the maker's module (a row's, or
    the (kind, name) of the door it is made from)."""
    dict.__setitem__(doors, name, door)
    if table.ORIGINS is not None:
        origin = ("row", maker.overload) if isinstance(maker, table.Row) else maker
        table.ORIGINS[kind, name] = table.ORIGINS[origin]
    return door


def _generated_door(made, name):
    """A front door that only calls its row: `torch.exp(x)` is `apply(EXP, x)`."""
    from .bind import apply_binary, apply_unary
    if len(made.inputs) == 1:
        def door(self):
            return apply_unary(made, self)
    elif len(made.inputs) == 2:
        def door(self, other):
            return apply_binary(made, self, other)
    else:
        raise TypeError("%s: only rows of one or two operands get generated front doors" % made.overload)
    door.__name__ = door.__qualname__ = name
    door.__doc__ = "torch.%s (%s)" % (made.overload, made.name or "no gradient")
    return door


def _binary_operator(fn, name):
    """Python's protocol, as torch's operators follow it: an operand that is neither a tensor nor a number gives
    NotImplemented, so that Python raises its own TypeError ("unsupported operand type(s) for +: 'Tensor' and
    'str'") and `t == None` is False; `@` takes tensors only (`x @ 1` is unsupported, as torch's)."""
    numbers = name not in _TENSORS_ONLY
    def operator(x, y):
        if y.__class__ is Tensor:
            return fn(x, y)
        if not numbers:
            if not isinstance(y, Tensor):
                return NotImplemented
        elif isinstance(y, _NUMPY_NUMBERS):  # a numpy scalar is a python number to torch (t + np.float64(2) is float32)
            y = y.item()
        elif not isinstance(y, (Tensor, int, float)):
            return NotImplemented
        return fn(x, y)
    operator.__name__ = operator.__qualname__ = name
    return operator


_NUMPY_NUMBERS = (np.integer, np.floating)
_TENSORS_ONLY = ("__matmul__",)


class _Method:
    """Tensor.<name>, a method of a family not loaded yet: reading it (from a tensor or the class) loads the
    family, which replaces this stand-in by the method, then reads that."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name

    def __get__(self, tensor, cls=None):
        load(METHODS.index[self.name])
        if Tensor.__dict__[self.name] is self:
            raise TypeError("Tensor.%s: its family %s does not make it (run python -m gradcli.ops --index)"
                            % (self.name, METHODS.index[self.name]))
        return getattr(cls if tensor is None else tensor, self.name)


def _stand_in(name):
    """Tensor's operator `name` before its family is loaded: loads it, then is the real operator."""
    def operator(*args):
        load(METHODS.index[name])
        real = Tensor.__dict__[name]
        if real is _stand_ins.get(name, operator):
            raise TypeError("Tensor.%s: its family %s does not make it (run python -m gradcli.ops --index)"
                            % (name, METHODS.index[name]))
        return real(*args)
    operator.__name__ = operator.__qualname__ = name
    return operator


def _index():
    from .rows import index
    return index


def _start():
    """Give the registries the index's names, and Tensor the stand-ins of its methods and operators."""
    index = _index()
    for kind, doors in REGISTRIES:
        doors.index = index.NAMES.get(kind, {})
    # Tensor.<name>_ of an out-of-place door is made with the method of that name: the same family
    INPLACE.index = {name: METHODS.index[name] for name in getattr(index, "INPLACE", ())}  # (() while it is made)
    own = Tensor.__dict__
    for name in METHODS.index:
        if name not in own:
            _stand_ins[name] = _stand_in(name) if name.startswith("__") else _Method(name)
            setattr(Tensor, name, _stand_ins[name])


def made_index():
    """The index's text, from a full load in this process (one that has imported no ops module before)."""
    if MADE:
        raise TypeError("the index is made in a process that has imported no op table module")
    table.ORIGINS = {}
    for module in FAMILIES:
        _import(module)
    install()
    origins = table.ORIGINS
    makers = {}
    for kind, doors in REGISTRIES:
        for name, door in dict.items(doors):
            makers.setdefault(id(door), set()).add(origins[kind, name])
            if len(makers[id(door)]) > 1:  # (then a door's names would depend on which families are loaded)
                raise TypeError("%s %s is registered by two modules: %s" % (kind, name, sorted(makers[id(door)])))
    lines = ['"""The op table\'s index: every row (its overload) and name -> the module under gradcli/ops that makes',
             'it, in the order a full load makes them. Generated by `python -m gradcli.ops --index` (do not edit;',
             'ops/families reads it)."""',
             "", "ROWS = {"]
    lines += ["    %r: %r," % (made.overload, origins["row", made.overload]) for made in MADE]
    lines += ["}", "", "INPLACE = ("]
    lines += ["    %r," % name for name in dict.keys(INPLACE)]
    lines += [")", "", "NAMES = {"]
    for kind, doors in REGISTRIES:
        if doors is INPLACE:
            continue
        lines.append("    %r: {" % kind)
        lines += ["        %r: %r," % (name, origins[kind, name]) for name in dict.keys(doors)]
        lines.append("    },")
    lines += ["}", ""]
    return "\n".join(lines)


_start()
