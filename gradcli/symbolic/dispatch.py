"""Which torch overload a call or an operator on symbolic values is, and what it computes: each rule takes the
call's arguments and returns (overload, inputs, params, result expression); a TypeError means arguments it has
no symbolic rule for. As torch dispatches: `2 * x` is mul.Tensor with self = x (x.__rmul__(2)), `2 - x` is
rsub.Scalar, `x ** 2` pow.Tensor_Scalar, `2 ** x` pow.Scalar, `x ** y` pow.Tensor_Tensor. Overload None: a value
with no gradient (numel, comparisons) or a function only formulas use (expand, zeros_like, masked_fill).
"""

from . import algebra as al
from .expr import ZERO, Call, Number, free_names, number
from .functions import ALIASES, call


class Value:
    """An expression and the tape node it came from (None: it depends on no input)."""

    __slots__ = ("expr", "node")

    def __init__(self, expr, node=None):
        self.expr, self.node = expr, node

    @property
    def is_tensor(self):
        """Whether torch would see a tensor here: anything built on an input (not a number, pi or e)."""
        return bool(free_names(self.expr)) or self.node is not None


def as_value(v):
    """A python number or bool as a Value; Values as they are."""
    if isinstance(v, Value):
        return v
    if isinstance(v, (bool, int, float)):
        return Value(number(v))
    raise TypeError("not a value: %r" % (v,))


def plain(v):
    """A parameter as a python value: a number's value, an int for an integral one, None and bools as they are."""
    if isinstance(v, Value):
        if not isinstance(v.expr, Number):
            raise TypeError("a parameter must be a number")
        value = v.expr.value
        return int(value) if value == int(value) and not isinstance(value, float) else float(value)
    if isinstance(v, (tuple, list)) and len(v) == 1:  # dim=(0,) is dim=0
        return plain(v[0])
    return v


def _tensor_first(a, b):
    """torch calls a python number's operator on the tensor: 2 * x is x.__rmul__(2), self = x."""
    a, b = as_value(a), as_value(b)
    return (b, a) if not a.is_tensor and b.is_tensor else (a, b)


def _add(a, b, alpha=1):
    self, other = _tensor_first(a, b)
    alpha = as_value(alpha)
    return "add.Tensor", {"self": self, "other": other}, {"alpha": alpha}, self.expr + alpha.expr * other.expr


def _sub(a, b, alpha=1):
    a, b, alpha = as_value(a), as_value(b), as_value(alpha)
    result = a.expr - alpha.expr * b.expr
    if not a.is_tensor and b.is_tensor:
        return "rsub.Scalar", {"self": b, "other": a}, {"alpha": alpha}, result
    return "sub.Tensor", {"self": a, "other": b}, {"alpha": alpha}, result


def _mul(a, b):
    self, other = _tensor_first(a, b)
    return "mul.Tensor", {"self": self, "other": other}, {}, self.expr * other.expr


def _div(a, b):
    a, b = as_value(a), as_value(b)
    return "div.Tensor", {"self": a, "other": b}, {}, a.expr / b.expr


def _pow(a, b):
    a, b = as_value(a), as_value(b)
    result = al.power(a.expr, b.expr)
    if not a.is_tensor and b.is_tensor:
        return "pow.Scalar", {"exponent": b}, {"base": a}, result
    if b.is_tensor:
        return "pow.Tensor_Tensor", {"self": a, "exponent": b}, {}, result
    return "pow.Tensor_Scalar", {"self": a}, {"exponent": b}, result


def _unary(name, overload=None):
    def rule(x):
        x = as_value(x)
        return overload or name, {"self": x}, {}, call(name, [x.expr])
    return rule


def _with_params(name, **defaults):
    """An elementwise function with parameters (leaky_relu's negative_slope, softplus's beta and threshold)."""
    def rule(x, *args, **kwargs):
        params = dict(defaults)
        params.update(zip(defaults, args))
        params.update(kwargs)
        if set(params) - set(defaults):
            raise TypeError(name)
        x = as_value(x)
        values = {k: plain(v) for k, v in params.items()}
        if name == "gelu" and values["approximate"] != "none":
            raise TypeError(name)  # the tanh approximation: no symbolic rule here
        numbers = {k: v for k, v in values.items() if k != "approximate"}
        return name, {"self": x}, {k: as_value(v) if k in numbers else v for k, v in values.items()}, \
            call(name, [x.expr], numbers)
    return rule


def _reduction(name, dims_overload):
    def rule(x, dim=None, keepdim=False, **extra):
        if extra:
            raise TypeError(name)
        x, dim, keepdim = as_value(x), plain(dim), bool(keepdim)
        params = {"dim": dim, "keepdim": keepdim}
        result = call(name, [x.expr], {"dim": dim, "keepdim": keepdim} if dim is not None else {})
        if dim is None:
            if name == "logsumexp":
                raise TypeError(name)  # torch's logsumexp takes a dim
            return name, {"self": x}, params, result
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise TypeError(name)
        return dims_overload, {"self": x}, dict(params, dim=as_value(dim)), result
    return rule


def _max_or_min(name, binary):
    def rule(x, other=None, **extra):
        if other is not None:
            return _binary_function(binary)(x, other)
        if extra:
            raise TypeError(name)  # max(x, dim=0) gives values and indices: indexing
        x = as_value(x)
        return name, {"self": x}, {}, call(name, [x.expr])
    return rule


def _binary_function(name, overload=None):
    def rule(a, b):
        a, b = as_value(a), as_value(b)
        return overload or name, {"self": a, "other": b}, {}, call(name, [a.expr, b.expr])
    return rule


def _where(condition, a, b):
    condition, a, b = as_value(condition), as_value(a), as_value(b)
    return "where.self", {"self": a, "other": b}, {"condition": condition}, al.where(condition.expr, a.expr, b.expr)


def _clamp(x, min=None, max=None):
    x, low, high = as_value(x), plain(min), plain(max)  # (tensor bounds: a TypeError, no symbolic rule)
    params = {"min": as_value(low) if low is not None else None, "max": as_value(high) if high is not None else None}
    return "clamp", {"self": x}, params, _clamp_call(x.expr, low, high)


def _clamp_call(x, low, high):
    """clamp(x, min=low, max=high) as a call, or its value when x is a number."""
    if isinstance(x, Number):
        value = x.value if low is None else max(x.value, low)
        return number(value if high is None else min(value, high))
    return Call("clamp", [x], tuple((k, v) for k, v in (("max", high), ("min", low)) if v is not None))


def _clamp_one(side):
    def rule(x, bound):
        x, bound = as_value(x), plain(bound)
        result = _clamp_call(x.expr, bound if side == "min" else None, bound if side == "max" else None)
        return "clamp_" + side, {"self": x}, {side: as_value(bound)}, result
    return rule


def _remainder(name):
    def rule(x, other):
        x, other = as_value(x), as_value(other)
        if other.is_tensor or not x.is_tensor:
            raise TypeError(name)  # the gradient with respect to a tensor divisor: not symbolic here
        return name + ".Scalar", {"self": x}, {"other": other}, Call(name, [x.expr, other.expr])
    return rule


# functions of formulas only: their values, never recorded
def _plain_function(fn):
    def rule(*args, **kwargs):
        return None, {}, {}, fn(*args, **kwargs)
    return rule


def _expand(x, *shape):
    return as_value(x).expr


def _unsqueeze(x, dim):
    return call("unsqueeze", [as_value(x).expr], {"dim": plain(dim)})


def _masked_fill(x, mask, value):
    return al.where(as_value(mask).expr, as_value(value).expr, as_value(x).expr)


def _size(x, dim=None):
    return call("size", [as_value(x).expr], {"dim": plain(dim)}) if dim is not None else call("numel", [x.expr])


WRITTEN = {
    "add": _add, "sub": _sub, "mul": _mul, "div": _div, "pow": _pow, "neg": _unary("neg"),
    "reciprocal": _unary("reciprocal"), "square": lambda x: _pow(x, 2),
    "where": _where, "clamp": _clamp, "clamp_min": _clamp_one("min"), "clamp_max": _clamp_one("max"),
    "maximum": _binary_function("maximum"), "minimum": _binary_function("minimum"),
    "max": _max_or_min("max", "maximum"), "min": _max_or_min("min", "minimum"),
    "atan2": _binary_function("atan2"), "hypot": _binary_function("hypot"),
    "sum": _reduction("sum", "sum.dim_IntList"), "mean": _reduction("mean", "mean.dim"),
    "logsumexp": _reduction("logsumexp", "logsumexp"),
    "leaky_relu": _with_params("leaky_relu", negative_slope=0.01), "elu": _with_params("elu", alpha=1.0),
    "softplus": _with_params("softplus", beta=1, threshold=20), "gelu": _with_params("gelu", approximate="none"),
    "remainder": _remainder("remainder"), "fmod": _remainder("fmod"),
    # not differentiable: values only
    "numel": _plain_function(lambda x: call("numel", [as_value(x).expr])),
    "size": _plain_function(_size), "zeros_like": _plain_function(lambda x: ZERO),
    "expand": _plain_function(_expand), "unsqueeze": _plain_function(_unsqueeze),
    "masked_fill": _plain_function(_masked_fill),
    "isfinite": _plain_function(lambda x: call("isfinite", [as_value(x).expr])),  # nan_to_num's mask
}
WRITTEN["round"] = _unary("round")  # round(x, decimals=...) has a parameter: the plain form only
WRITTEN["silu"] = _unary("silu")  # F.silu(x, inplace=False)'s door is written by hand


def _polygamma(n, x):
    """torch.polygamma(n, x): the order first, a number (digamma's formula calls it)."""
    x, n = as_value(x), plain(n)
    if not isinstance(n, int):
        raise TypeError("polygamma")
    return "polygamma", {"self": x}, {"n": as_value(n)}, Call("polygamma", [number(n), x.expr], ())


WRITTEN["polygamma"] = _polygamma


def _row_rule(name, row):
    """The rule `row` gives `name`, or None: a rule for every elementwise row of one or two tensors
    (torch.<name>(self[, other])) with a derivative and no parameter, under each of its doors: its call is the
    row's overload, its value the function's call, and reverse evaluates the row's formula texts. So a new row is
    diff-able without an entry here; the rules written above are what is really dispatch (which overload an
    operator is, a python number's place, parameters)."""
    from ..ops import table
    if name not in row.functions and name not in row.functional:
        # a hand-written door of the row's own name (F.silu)
        if name != row.overload.partition(".")[0] or name not in table.FUNCTIONS and name not in table.FUNCTIONAL:
            return None
    if not (row.elementwise and row.rules and row.inputs in (("self",), ("self", "other"))):
        return None
    if any(d.params for d in row.rules):
        return None
    return (_unary if len(row.inputs) == 1 else _binary_function)(name, row.overload)


class Rules(dict):
    """name -> rule: those written here (and what else it is made with), then those the op table's rows give
    (_row_rule), each made when its name is first asked for: the first row of a full load's order that gives
    one, from the families of the rows that may (ops/families.rows_named), loaded then."""

    def __missing__(self, name):
        rule = _made_rule(name)
        if rule is None:
            raise KeyError(name)
        return rule

    def get(self, name, default=None):
        if dict.__contains__(self, name):
            return dict.__getitem__(self, name)
        rule = _made_rule(name)
        return default if rule is None else rule

    def __contains__(self, name):
        return dict.__contains__(self, name) or _made_rule(name) is not None


def _made_rule(name):
    if name not in _MADE:
        _MADE[name] = None
        if name not in WRITTEN and name not in ALIASES:
            from ..ops import families
            for row in families.rows_named(name):
                rule = _row_rule(name, row)
                if rule is not None:
                    _MADE[name] = (row.overload, rule)
                    break
    made = _MADE[name]
    return None if made is None else made[1]


_MADE = {}  # name -> (overload, rule) the rows gave it, None where they give none
DISPATCH = Rules(WRITTEN)


def row_overload(name):
    """The overload of the row that gives `name` its rule, or None (for tests and tools)."""
    _made_rule(name)
    made = _MADE[name]
    return None if made is None else made[0]


def _from_rows():
    """Every rule the rows give, from a full load: name -> overload, in the order of the rows."""
    from ..ops import table
    found = {}
    for row in table.ROWS:
        for name in row.functions + row.functional + (row.overload.split(".")[0],):
            if name not in WRITTEN and name not in ALIASES and name not in found and _row_rule(name, row):
                found[name] = row.overload
    return found


# the op table's rows that the written rules record (each must have its formula texts: tests/symbolic/test_diff.py
# checks it)
WRITTEN_OVERLOADS = frozenset((
    "add.Tensor", "sub.Tensor", "rsub.Scalar", "mul.Tensor", "div.Tensor", "neg", "reciprocal", "pow.Tensor_Scalar",
    "pow.Tensor_Tensor", "pow.Scalar", "where.self", "clamp", "clamp_min", "clamp_max", "maximum", "minimum",
    "max", "min", "atan2", "sum", "sum.dim_IntList", "mean", "mean.dim", "logsumexp", "leaky_relu", "elu",
    "softplus", "gelu", "remainder.Scalar", "fmod.Scalar",
    "round", "silu", "polygamma", "hypot"))


def __getattr__(name):
    """OVERLOADS (every overload a rule records) and FROM_ROWS (overload -> the first name a row gave its rule),
    for tests and tools: they read the whole table."""
    if name == "FROM_ROWS":
        found = {}
        for function, overload in _from_rows().items():
            found.setdefault(overload, function)
        return found
    if name == "OVERLOADS":
        return WRITTEN_OVERLOADS | frozenset(_from_rows().values())
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
