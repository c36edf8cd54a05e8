"""The op table's two registries: the rows (one per torch overload) and the front doors (torch.<name>, Tensor.<name>).

A Row is what PyTorch's derivatives.yaml holds for one overload: the grad_fn name torch gives its node, and for
each differentiable input a Derivative: its formula as text in derivatives.yaml's spelling (what `--explain`
shows, `diff` composes and `diff --steps` names), which is also the code backward runs (compiled at its first
use). Written in tensor ops, a backward with create_graph=True records a graph of its own, so higher derivatives
come free. Where backward must compute otherwise than the text reads (a kernel rounding as torch's does, a
parameter's default), the row gives code beside the text, and a test evaluates every text with gradcli's
language against its code, so the two cannot drift apart.

The row's forward computes the value on numpy. Rows register themselves when made (`row(...)`); the modules
under ops/rows/ (the families) make them, and are imported when one of their names is first looked up
(ops/families, which also installs their front doors on Tensor): the registries below know every name at once,
from the generated index, and read as if every family were loaded.
"""

import builtins
import keyword
import re
import sys


class Doors(dict):
    """A registry of front doors (or of formula helpers): name -> function, as a dict of them all. Every name is
    known from the start (`index`: name -> the module that registers it, ops/rows/index.py, in the order a full
    load registers them); the module is imported when one of its names is first looked up (ops/families).
    Looking up, `in`, iterating and len() are the dict of every row's doors; items() and values() load them all."""

    __slots__ = ("index",)

    def __init__(self):
        super().__init__()
        self.index = {}

    def __missing__(self, name):
        if name not in self.index:
            raise KeyError(name)
        from .families import load
        load(self.index[name])
        return dict.__getitem__(self, name)

    def get(self, name, default=None):
        if dict.__contains__(self, name) or name not in self.index:
            return dict.get(self, name, default)
        return self[name]

    def __contains__(self, name):
        return dict.__contains__(self, name) or name in self.index

    def __iter__(self):
        return iter(self.index)

    def keys(self):
        return self.index.keys()

    def __len__(self):
        return len(self.index)

    def items(self):
        return [(name, self[name]) for name in self.index]

    def values(self):
        return [self[name] for name in self.index]

    def __repr__(self):
        return "<%d front doors>" % len(self)


class Rows(list):
    """Every Row, in the order a full load makes them (the index's): reading it loads every family. What has been
    made so far, in the order made, is `MADE`."""

    __slots__ = ()

    def _all(self):
        from .families import load_all
        load_all()

    def __iter__(self):
        self._all()
        return list.__iter__(self)

    def __len__(self):
        self._all()
        return list.__len__(self)

    def __getitem__(self, i):
        self._all()
        return list.__getitem__(self, i)

    def __contains__(self, made):
        self._all()
        return list.__contains__(self, made)

    def __reversed__(self):
        self._all()
        return list.__reversed__(self)

    def __repr__(self):
        return "<%d rows>" % len(self)


MADE = []           # every Row made so far, in the order made (the families imported so far)
ROWS = Rows()       # every Row (all families loaded), in the index's order
FUNCTIONS = Doors()   # torch.<name> -> front door
METHODS = Doors()     # Tensor.<name> -> front door taking the tensor first
FUNCTIONAL = Doors()  # torch.nn.functional.<name> -> front door
LINALG = Doors()      # torch.linalg.<name> -> front door
INPLACE = Doors()     # Tensor.<name>_ -> the out-of-place front door it writes back into self (see inplace.py)
# where each row and door was made, while `python -m gradcli.ops --index` records them: (kind, name) -> module
ORIGINS = None

# Python's operators that call a method of the same meaning (the reflected forms of non-commutative operators,
# `2 - x`, are front doors of their own: `__rsub__`, `__rtruediv__`, ...)
OPERATORS = {
    "__add__": "add", "__radd__": "add", "__sub__": "sub", "__mul__": "mul", "__rmul__": "mul",
    "__truediv__": "div", "__floordiv__": "floor_divide", "__mod__": "remainder", "__pow__": "pow",
    "__matmul__": "matmul", "__neg__": "neg", "__pos__": "positive", "__abs__": "abs", "__eq__": "eq", "__ne__": "ne", "__lt__": "lt",
    "__le__": "le", "__gt__": "gt", "__ge__": "ge", "__and__": "bitwise_and", "__rand__": "bitwise_and",
    "__or__": "bitwise_or", "__ror__": "bitwise_or", "__xor__": "bitwise_xor", "__rxor__": "bitwise_xor",
    "__invert__": "bitwise_not", "__iadd__": "add_", "__isub__": "sub_", "__imul__": "mul_",
    "__itruediv__": "div_",
}

# A derivative's code names what it needs by its parameters: after the incoming gradient (`grad`, or `grads`, a
# tuple for an op with several outputs, None where no gradient reached an output) come inputs of the row, `result` (the output; `result0`, `result1`, ...
# for an op with several), `<input>_shape` or
# `<input>_dtype` (kept without keeping the tensor alive, as torch keeps `self_sym_sizes`), and the op's own
# parameters (`exponent`, `dim`, ...) taken from the call.
_METADATA = ("_shape", "_dtype")
_STRIDES = "_strides"  # `<input>_strides`: kept at the forward as torch keeps `mat2_sym_strides` (a value, saved)

# The constants formula texts may name, spelled as C's math.h (and derivatives.yaml) spell them.
FORMULA_CONSTANTS = {"M_LN2": 0.6931471805599453, "M_LN10": 2.302585092994046, "M_PI": 3.141592653589793,
                     "M_2_SQRTPI": 1.1283791670955126, "M_SQRTPI": 1.7724538509055159}
# The helper functions formula texts may call, named as derivatives.yaml names them (`sum_backward(grad, ...)`):
# where a rule is structural (unreduce, scatter back) rather than arithmetic, torch's spelling names a helper.
HELPERS = Doors()


def formula_helper(fn):
    """Register `fn` under its name for formula texts (it is also what the rows' code calls)."""
    _record("helper", fn.__name__)
    dict.__setitem__(HELPERS, fn.__name__, fn)
    return fn


class Derivative:
    """One input's gradient formula: `formula` (text) and `fn(grad, **values)` (code).

    Where the text can serve as the code, a row gives the text alone (`self="grad * result"`): it is compiled
    into `fn` as a Python lambda at its first use (Python reads a formula as gradcli's language does), so an
    import of the table parses no formula and a one-shot command compiles only the few it runs. Code is given
    beside the text only where it must differ (a kernel that rounds as torch's does, a default parameter)."""

    __slots__ = ("formula", "fn", "uses", "saves", "params", "positional", "inputs")

    def __init__(self, formula, fn, inputs):
        self.formula = formula
        self.inputs = inputs
        if fn is not None:
            self._read(fn)
        # else: fn, uses, saves, params and positional are made by __getattr__ when first asked for

    def _read(self, fn):
        self.fn = fn
        code = fn.__code__
        self._read_names(code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount])

    def _read_names(self, names):
        """What the code's parameters after the gradient (`names`) say it reads."""
        inputs = self.inputs
        if inputs and inputs[0].startswith("*"):  # a variadic row's derivative takes the input's position `i`
            names = names[1:]
        self.uses = tuple(n for n in names if _is_value(n, inputs))        # saved values and metadata
        self.saves = tuple(n for n in self.uses if not n.endswith(_METADATA))  # what must be kept alive
        self.params = tuple(n for n in names if n not in self.uses)       # the op's parameters
        self.positional = tuple(names[:len(self.uses)]) == self.uses  # the values can be passed in order

    def __getattr__(self, name):  # only reached while a slot is unset: a text-only derivative's first use
        if name == "fn":
            self.fn = compile_formula(self.formula, self.inputs)
        elif name in ("uses", "saves", "params", "positional"):  # read off the text: nothing to compile
            self._read_names(_arguments(self.formula, self.inputs)[1:])
        else:
            raise AttributeError(name)
        return getattr(self, name)

    def at(self, position):
        """For a variadic row: this derivative for the input at `position`."""
        bound = Derivative.__new__(Derivative)
        fn = self.fn
        bound.formula, bound.inputs = self.formula, self.inputs
        bound.uses, bound.saves, bound.params = self.uses, self.saves, self.params
        bound.positional = False
        bound.fn = lambda grad, **values: fn(grad, position, **values)
        return bound


# a name in a formula text: not an attribute (`.cos`), not a keyword argument's name (`dim=`). Patterns, not
# compiled ones: re compiles (and caches) them on first use, which a command reading no formula text never makes
_NAME = r"(?<![\w.])([A-Za-z_]\w*)(?!\s*=(?!=))"
_STRING = r"'[^']*'|\"[^\"]*\""


def formula_names(text):
    """The names a formula text reads that the row must supply, in order of first appearance: the gradient
    (`grad` or `grads`), inputs, `result`, metadata and the op's parameters. Constants, helpers, `torch`, `F`,
    Python's keywords and the builtins and torch functions it calls are not among them."""
    found = {}
    scanned = re.sub(_STRING, "''", text)
    for match in re.finditer(_NAME, scanned):
        name = match.group(1)
        if name in found or keyword.iskeyword(name) or name in FORMULA_CONSTANTS or name in HELPERS \
                or name in ("torch", "F"):
            continue
        if (hasattr(builtins, name) or name in FUNCTIONS) and scanned[match.end():].lstrip().startswith("("):
            continue  # Python's builtin, or torch.<name> called bare as derivatives.yaml does (where, zeros_like)
        found[name] = None
    return list(found)


def _arguments(text, inputs):
    """The parameters of a formula text's code: the gradient, `i` (a variadic row's), the values, the op's
    parameters."""
    names = formula_names(text)
    first = "grads" if "grads" in names else "grad"
    variadic = bool(inputs) and inputs[0].startswith("*")
    rest = [n for n in names if n != first and not (variadic and n == "i")]
    values = [n for n in rest if _is_value(n, inputs)]
    return [first] + (["i"] if variadic else []) + values + [n for n in rest if n not in values]


_BARE = r"(?<![\w.])([A-Za-z_]\w*)"


def compile_formula(text, inputs):
    """The code of a formula text: `lambda grad, <values...>, <parameters...>: text`, its names resolved as
    formula texts resolve them (FORMULA_CONSTANTS, HELPERS, `torch.<name>` and a bare `where(...)` the front
    doors): only the names it reads, so that compiling it loads only the families of the doors it calls."""
    arguments = _arguments(text, inputs)
    namespace = {"torch": _DOORS, "F": _DOORS}
    for name in set(re.findall(_BARE, re.sub(_STRING, "''", text))) - set(arguments) - {"torch", "F"}:
        if name in HELPERS:
            namespace[name] = HELPERS[name]
        elif name in FORMULA_CONSTANTS:
            namespace[name] = FORMULA_CONSTANTS[name]
        elif name in FUNCTIONS and not hasattr(builtins, name):
            namespace[name] = FUNCTIONS[name]
    return eval(compile("lambda %s: %s" % (", ".join(arguments), text), "<formula>", "eval"), namespace)


class _Doors:
    """`torch.<name>`, `torch.nn.functional.<name>`, `torch.linalg.<name>` in a compiled formula: the front doors."""

    def __getattr__(self, name):
        if name in ("nn", "functional"):
            return self
        if name == "linalg":
            return _Linalg()
        door = FUNCTIONS.get(name) or FUNCTIONAL.get(name)
        if door is None:
            raise AttributeError("a formula calls torch.%s, which has no front door" % name)
        return door


class _Linalg:
    def __getattr__(self, name):
        return LINALG[name]


_DOORS = _Doors()


def _is_value(name, inputs):
    if name in inputs or name == "result" or (name.startswith("result") and name[6:].isdigit()):
        return True
    for suffix in _METADATA + (_STRIDES,):
        if name.endswith(suffix) and name[:-len(suffix)] in inputs:
            return True
    return False


class Row:
    """One torch overload: its grad_fn name, numpy forward, inputs and their derivatives.

    inputs: the operands' names, derivatives.yaml's (`self other`); tensors or python numbers. Parameters that are
    no operand (`dim`, `exponent` when it is a number) are keyword arguments of forward and of the derivatives.
    promote: None, "common" (torch's result_type of the operands) or "float" (integers become the default float);
    `promoted` names the operands that take part (all by default: where's condition does not).
    view: the output shares the first input's memory and version counter.
    elementwise: the forward maps each element on its own (numpy ufuncs are): fastpath may compute it on one
    element of operands that repeat one value.
    """

    __slots__ = ("overload", "name", "forward", "inputs", "derivatives", "promote", "promoted", "view",
                 "position", "edges", "rules", "functions", "methods", "functional", "inplace", "arities", "elementwise")

    def __init__(self, overload, name, forward, inputs, derivatives, promote=None, promoted=None, view=False,
                 elementwise=None):
        self.overload = overload      # torch's overload, e.g. "mul.Tensor"
        self.name = name              # torch's grad_fn class name, e.g. "MulBackward0"; None: no gradient
        self.forward = forward        # numpy: forward(*arrays, **params) -> ndarray (or a tuple, one per output)
        self.inputs = tuple(inputs.split())
        self.derivatives = tuple(derivatives.get(name.lstrip("*")) for name in self.inputs)  # Derivative or None
        self.promote = promote
        names = frozenset(self.inputs if promoted is None else promoted.split())  # (cat of 10^6 tensors)
        self.promoted = tuple(i for i, name in enumerate(self.inputs) if name in names)
        self.view = view
        self.elementwise = type(forward).__name__ == "ufunc" if elementwise is None else elementwise
        self.position = {name: i for i, name in enumerate(self.inputs)}
        # torch's next_functions hold one edge per differentiable input (where's condition, pow's python
        # exponent have none): the positions of those inputs and their derivatives, in order
        self.edges = tuple(i for i, d in enumerate(self.derivatives) if d is not None)
        self.rules = tuple(self.derivatives[i] for i in self.edges)
        self.functions, self.methods, self.functional, self.inplace = (), (), (), False
        self.arities = {}  # a variadic row's rows per number of operands (with_arity)

    def with_arity(self, n):
        """A variadic row (inputs `*tensors`: cat, stack) for n operands: one edge per operand, as torch's
        next_functions, each with the row's derivative at its position. Made once per arity."""
        made = self.arities.get(n)
        if made is None:
            derivative = self.derivatives[0]
            names = ["%s%d" % (self.inputs[0][1:], i) for i in range(n)]
            made = Row(self.overload, self.name, self.forward, " ".join(names),
                       {} if derivative is None else {name: derivative.at(i) for i, name in enumerate(names)},
                       self.promote, None, self.view)
            self.arities[n] = made
        return made

    def doors(self, *names, function=True, method=True, functional=False, inplace=False):
        """Declare the row's trivial front doors: torch.<name>, Tensor.<name>(self, ...) and, with `functional`,
        torch.nn.functional.<name>, that only call it; with `inplace`, Tensor.<name>_ writing the result into
        self. The installer makes them."""
        self.functions = names if function else ()
        self.methods = names if method else ()
        self.functional = names if functional else ()
        self.inplace = inplace
        return self

    def __repr__(self):
        return "<Row %s: %s>" % (self.overload, self.name)


def row(overload, name, forward, inputs, *, promote=None, promoted=None, view=False, elementwise=None,
        **derivatives):
    """Make and register a Row. Each derivative is given under its input's name as its formula text, which is
    then also its code (compiled at first use), or as `(formula text, code)` where the code must differ."""
    names = inputs.split()
    unknown = set(derivatives) - {name.lstrip("*") for name in names}
    if unknown:
        raise TypeError("%s: derivatives for inputs it does not have: %s" % (overload, sorted(unknown)))
    made = Row(overload, name, forward, inputs,
               {n: Derivative(*_text_and_code(given), names) for n, given in derivatives.items()},
               promote, promoted, view, elementwise)
    _made(made)
    return made


def _made(made):
    _record("row", made.overload)
    MADE.append(made)


def _text_and_code(given):
    return (given, None) if isinstance(given, str) else given


def variant(source, overload, name):
    """A row that computes as `source` does under another overload and grad_fn name (torch names the nodes of
    in-place shape changes apart: unsqueeze_ records UnsqueezeBackward1, unsqueeze UnsqueezeBackward0)."""
    made = Row(overload, name, source.forward, " ".join(source.inputs),
               dict(zip(source.inputs, source.derivatives)), source.promote, None, source.view)
    made.promoted = source.promoted
    _made(made)
    return made


def front_door(*names, function=True, method=True, functional=False, linalg=False, inplace=False):
    """Register a hand-written front door (one that dispatches between rows or checks its arguments) as
    torch.<name>, Tensor.<name>, torch.nn.functional.<name> and/or torch.linalg.<name>; with `inplace`, the
    installer adds Tensor.<name>_ writing into self."""
    def register(fn):
        for name in names or (fn.__name__,):
            if function:
                _register(FUNCTIONS, "torch", name, fn)
            if method:
                _register(METHODS, "Tensor", name, fn)
            if functional:
                _register(FUNCTIONAL, "torch.nn.functional", name, fn)
            if linalg:
                _register(LINALG, "torch.linalg", name, fn)
            if inplace:
                _record("Tensor_", name + "_")
                dict.__setitem__(INPLACE, name + "_", fn)
        return fn
    return register


def _register(doors, where, name, fn):
    if dict.get(doors, name, fn) is not fn:
        raise TypeError("%s.%s has two front doors" % (where, name))
    _record(where, name)
    dict.__setitem__(doors, name, fn)


def _record(kind, name):
    """While the index is made: where (kind, name) is made, the module whose import is running (a row's module
    imports others before its own rows: the innermost one is the maker)."""
    if ORIGINS is None:
        return
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_code.co_name == "<module>" and
                                     frame.f_globals.get("__name__", "").startswith(__package__ + ".")):
        frame = frame.f_back
    if frame is None:
        raise TypeError("%s %s is made outside the import of an ops module" % (kind, name))
    ORIGINS.setdefault((kind, name), frame.f_globals["__name__"][len(__package__) + 1:])


def row_of(overload):
    """The row of a torch overload (`"mul.Tensor"`), for tests and tools."""
    for made in ROWS:
        if made.overload == overload:
            return made
    raise KeyError(overload)


def differentiable_rows():
    """Rows that have at least one derivative."""
    return [r for r in ROWS if r.edges]

