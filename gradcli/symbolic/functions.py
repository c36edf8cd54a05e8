"""Functions of expressions in canonical form, and what a name stands for: a tensor of the inputs' shape, a number,
or a reduction of one.

exp, sqrt, rsqrt, reciprocal, square and exp2 are powers (exp(u) is e^u), so that products collect them, and
expm1(u), log1p(u) are e^u - 1, log(1 + u); the
other functions stay calls, with their exact values folded (sin(0) = 0, log(1) = 0) and signs taken out of odd
and even functions (sin(-u) = -sin(u), cos(-u) = cos(u)). A float argument is evaluated; an exact one is not
(log(2) stays log(2)).
"""

import math

from .algebra import add, mul, power, rel, where
from .expr import (E, HALF, MINUS_ONE, ONE, TWO, ZERO, Add, Call, Const, Mul, Number, Pow, Rel, Symbol, Where,
    free_names, number, sort_key)

ALIASES = {"absolute": "abs", "arcsin": "asin", "arctan": "atan", "arctan2": "atan2", "sign": "sgn",
           "clip": "clamp", "ln": "log", "negative": "neg", "multiply": "mul", "subtract": "sub",
           "divide": "div", "true_divide": "div"}

_POWERS = {"sqrt": HALF, "rsqrt": -HALF, "reciprocal": MINUS_ONE, "square": TWO}
ODD = frozenset(("sin", "tan", "asin", "atan", "sinh", "tanh", "erf", "sgn"))
EVEN = frozenset(("cos", "cosh", "abs"))
_VALUE_AT_ZERO = {"sin": 0, "tan": 0, "asin": 0, "atan": 0, "sinh": 0, "tanh": 0, "erf": 0, "sgn": 0,
                  "relu": 0, "cos": 1, "cosh": 1, "log1p": 0, "expm1": 0, "abs": 0, "floor": 0, "ceil": 0,
                  "round": 0, "trunc": 0, "sigmoid": HALF.value, "silu": 0, "gelu": 0, "elu": 0,
                  "leaky_relu": 0}
_FLOAT = {"sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin, "atan": math.atan,
          "sinh": math.sinh, "cosh": math.cosh, "tanh": math.tanh, "erf": math.erf, "log": math.log,
          "log2": math.log2, "log10": math.log10, "log1p": math.log1p, "expm1": math.expm1, "abs": abs,
          "floor": math.floor, "ceil": math.ceil, "trunc": math.trunc, "round": round,
          "sigmoid": lambda v: 1 / (1 + math.exp(-v)), "relu": lambda v: max(v, 0.0),
          "sgn": lambda v: (v > 0) - (v < 0)}
REDUCTIONS = frozenset(("sum", "mean", "max", "min", "logsumexp", "norm", "amax", "amin"))
# functions of an input's shape, not of its values
SHAPE_FUNCTIONS = frozenset(("numel", "size"))


def call(name, args, params=None):
    """The canonical form of `name(*args, **params)`."""
    name = ALIASES.get(name, name)
    args = list(args)
    params = {k: v for k, v in (params or {}).items() if v is not None}
    if name in _POWERS:
        return power(args[0], _POWERS[name])
    if name == "exp":
        return power(E, args[0])
    if name == "exp2":
        return power(TWO, args[0])
    if name == "expm1":  # exactly e^u - 1, which is what a formula means (expm1 is for the rounding)
        return add(power(E, args[0]), MINUS_ONE)
    if name == "log1p":
        return call("log", [add(args[0], ONE)])
    if name == "neg":
        return mul(MINUS_ONE, args[0])
    if name in REDUCTIONS or name in SHAPE_FUNCTIONS or name == "unsqueeze":
        return _shaped(name, args, params)
    if name in ("maximum", "minimum"):
        a, b = args
        if isinstance(a, Number) and isinstance(b, Number):
            return number((max if name == "maximum" else min)(a.value, b.value))
        if a == b:
            return a
        return Call(name, sorted(args, key=sort_key), ())
    if len(args) == 1:
        folded = _fold(name, args[0], params)
        if folded is not None:
            return folded
    return Call(name, args, tuple(sorted(params.items())))


def _fold(name, u, params):
    """Exact values, signs out of odd and even functions, and a few inverses; None where nothing applies."""
    if isinstance(u, Number):
        if u.value == 0 and name in _VALUE_AT_ZERO and not params:
            return number(_VALUE_AT_ZERO[name])
        if name == "log" and u.value == 1:
            return ZERO
        if name in ("abs", "sgn", "relu", "floor", "ceil", "trunc"):
            return number(_FLOAT[name](u.value))
        if isinstance(u.value, float) and name in _FLOAT and not params:
            try:
                return number(float(_FLOAT[name](u.value)))
            except (ValueError, OverflowError):
                return None
    if name == "log":
        if u == E:
            return ONE
        if isinstance(u, Pow) and u.base == E:  # log(e^v) = v for real v
            return u.exponent
    if name in ODD and negative(u):
        return mul(MINUS_ONE, call(name, [mul(MINUS_ONE, u)]))
    if name in EVEN and negative(u):
        return call(name, [mul(MINUS_ONE, u)])
    if name == "abs" and (nonnegative(u) or isinstance(u, Call) and u.name == "abs"):
        return u
    if name == "sgn" and isinstance(u, Pow) and u.base == E:
        return ONE
    if name == "relu" and nonnegative(u):  # relu(relu(v)), relu(pi), relu(x^2)
        return u
    return None


def negative(e):
    """Whether `e` reads with a leading minus: a negative number, a product with a negative coefficient, a sum
    whose leading term (the highest degree) does."""
    if isinstance(e, Number):
        return e.value < 0
    if isinstance(e, Mul):
        return e.coefficient.value < 0
    if isinstance(e, Add):
        return negative(e.terms[0])
    return False


def nonnegative(e):
    """Known to be >= 0 for real inputs: e^u, squares, abs, relu, even integer powers."""
    if isinstance(e, (Number, Const)):
        return e.value >= 0
    if isinstance(e, Pow):
        if e.base == E:
            return True
        exponent = e.exponent
        if isinstance(exponent, Number) and exponent.value.__class__ is not float \
                and exponent.value.numerator % 2 == 0:
            return True
        return nonnegative(e.base) and isinstance(e.exponent, Number)
    if isinstance(e, Call):
        return e.name in ("abs", "relu", "sigmoid", "numel", "size", "cosh")
    if isinstance(e, Rel):
        return True
    if isinstance(e, Mul):
        return e.coefficient.value > 0 and all(nonnegative(f) for f in e.factors)
    return False


def rebuild(e, children):
    """`e` with new children, through the canonical constructors."""
    if isinstance(e, Add):
        return add(*children)
    if isinstance(e, Mul):
        return mul(e.coefficient, *children)
    if isinstance(e, Pow):
        return power(*children)
    if isinstance(e, Call):
        return call(e.name, children, dict(e.params))
    if isinstance(e, Rel):
        return rel(e.op, *children)
    if isinstance(e, Where):
        return where(*children)
    return e


# ---------------------------------------------------------------- shapes
SCALAR, FULL = "scalar", "full"


def shape_class(e):
    """What `e` is as a tensor, the inputs being tensors of one shape: SCALAR (numbers, full reductions),
    FULL (depends elementwise on an input), or ("reduced", dim, keepdim) for a reduction along one dim."""
    if isinstance(e, Symbol):
        return FULL
    if isinstance(e, Call):
        if e.name in SHAPE_FUNCTIONS:
            return SCALAR
        if e.name in REDUCTIONS or e.name == "unsqueeze":
            dim = e.param("dim")
            if dim is None:
                return SCALAR
            inner = shape_class(e.args[0])
            return inner if inner != FULL else ("reduced", dim, e.param("keepdim", False))
    classes = {shape_class(c) for c in e.children} - {SCALAR}
    if not classes:
        return SCALAR
    if FULL in classes:
        return FULL
    return classes.pop() if len(classes) == 1 else FULL


def numel(e):
    """The number of elements of `e` as an expression: 1 for a SCALAR, numel(x) for a FULL expression (x its
    first input), numel(x)/x.size(dim) for a reduction along dim."""
    kind = shape_class(e)
    if kind == SCALAR:
        return ONE
    names = list(free_names(_outside_reductions(e) if kind == FULL else e))
    if not names:
        return ONE
    x = Symbol(names[0])
    every = Call("numel", [x])
    return every if kind == FULL else mul(every, power(Call("size", [x], (("dim", kind[1]),)), MINUS_ONE))


def _outside_reductions(e):
    if isinstance(e, Call) and (e.name in REDUCTIONS or e.name in SHAPE_FUNCTIONS):
        return ZERO
    if not e.children:
        return e
    return Call("_", [_outside_reductions(c) for c in e.children])


def _shaped(name, args, params):
    """Reductions, numel, size and unsqueeze: a reduction of a SCALAR is itself, factors that are SCALARs come
    out of sum and mean (sum(2*x) = 2*sum(x)), unsqueeze(sum(u, dim=d), d) keeps the dim instead."""
    u = args[0]
    kind = shape_class(u)
    if name == "numel":
        return numel(u)
    if name == "size":
        return Call(name, [u], tuple(sorted(params.items())))
    if name == "unsqueeze":
        dim = params.get("dim", args[1].value if len(args) > 1 else None)
        if kind == SCALAR:
            return u
        kept = _keep_dim(u, dim)
        return kept if kept is not None else Call("unsqueeze", [u], (("dim", dim),))
    if params.get("keepdim") is False:
        del params["keepdim"]
    if kind == SCALAR and name != "norm":  # the reduction of one number is the number
        return u
    if name in ("sum", "mean") and isinstance(u, Mul):
        outside = [f for f in u.factors if shape_class(f) == SCALAR]
        if outside or u.coefficient != ONE:
            inside = [f for f in u.factors if shape_class(f) != SCALAR]
            return mul(u.coefficient, *outside, _shaped(name, [mul(*inside)], params))
    return Call(name, [u], tuple(sorted(params.items())))


def _keep_dim(e, dim):
    """`e`, a function of reductions along `dim`, with each of them keeping the dim (None where that is not how
    `e` is built)."""
    if isinstance(e, Call) and e.name in REDUCTIONS and e.param("dim") == dim:
        return Call(e.name, e.args, tuple(sorted(dict(e.params, keepdim=True).items())))
    if shape_class(e) == SCALAR:
        return e
    if isinstance(e, (Add, Mul, Pow, Call, Rel, Where)) and not (isinstance(e, Call) and e.name in REDUCTIONS):
        children = [_keep_dim(c, dim) for c in e.children]
        if None in children:
            return None
        return rebuild(e, children)
    return None
