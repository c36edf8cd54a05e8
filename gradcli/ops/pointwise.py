"""Elementwise ops: arithmetic, functions, comparisons, and their in-place forms.

Rows follow torch's derivatives.yaml: the grad_fn name, the numpy forward, and one formula per input with the
values it needs saved. Broadcast gradients are summed back to each input's shape by the engine.
"""

import numpy as np

from . import Grad, Op, apply, apply_inplace, check_inplace, export, result_dtype
from .. import errors
from ..tensor import Tensor

np.seterr(all="ignore")  # torch gives inf/nan silently; numpy must not print warnings


def _same(g, **_):
    return g


# ---------------------------------------------------------------- arithmetic
ADD = Op("AddBackward0", lambda x, y, alpha=1: np.add(x, y) if alpha == 1 else np.add(x, np.multiply(y, alpha)),
         "x y", (Grad("", _same), Grad("", lambda g, alpha=1: g if alpha == 1 else g * alpha)), promote="common")
SUB = Op("SubBackward0", lambda x, y, alpha=1: np.subtract(x, y) if alpha == 1 else np.subtract(x, np.multiply(y, alpha)),
         "x y", (Grad("", _same), Grad("", lambda g, alpha=1: -g if alpha == 1 else g * -alpha)), promote="common")
RSUB = Op("RsubBackward1", lambda x, y, alpha=1: np.subtract(y, x) if alpha == 1 else np.subtract(y, np.multiply(x, alpha)),
          "x y", (Grad("", lambda g, alpha=1: -g if alpha == 1 else g * -alpha), None), promote="common")
MUL = Op("MulBackward0", np.multiply, "x y",
         (Grad("y", lambda g, y: g * y), Grad("x", lambda g, x: g * x)), promote="common")
DIV = Op("DivBackward0", np.true_divide, "x y",
         (Grad("y", lambda g, y: g / y), Grad("x y", lambda g, x, y: -g * ((x / y) / y))), promote="float")
NEG = Op("NegBackward0", np.negative, "x", (Grad("", lambda g: -g),))
RECIPROCAL = Op("ReciprocalBackward0", lambda x: np.reciprocal(x), "x",
                (Grad("ans", lambda g, ans: -g * (ans * ans)),), promote="float")
POW = Op("PowBackward0", np.power, "x y",
         (Grad("x y", lambda g, x, y: g * 0 if y == 0 else g * (y * x ** (y - 1))), None), promote="common")
POW_TENSOR = Op("PowBackward1", np.power, "x y", (
    Grad("x y", lambda g, x, y: g * (y * x ** (y - 1))),
    Grad("x y ans", lambda g, x, y, ans: g * where(x == 0, 0.0, ans * log(x)))), promote="common")
POW_NUMBER_BASE = Op("PowBackward2", np.power, "x y", (
    None, Grad("x ans", lambda g, x, ans: g * (ans * float(np.log(x))))), promote="common")


@export("add")
def add(x, y, alpha=1):
    return apply(ADD, x, y, alpha=alpha) if alpha != 1 else apply(ADD, x, y)


@export("sub", "subtract")
def sub(x, y, alpha=1):
    return apply(SUB, x, y, alpha=alpha) if alpha != 1 else apply(SUB, x, y)


@export("rsub")
def rsub(x, y, alpha=1):
    """y - alpha * x (Python's `number - tensor`)."""
    if isinstance(y, Tensor):
        return sub(y, x, alpha=alpha)
    return apply(RSUB, x, y, alpha=alpha) if alpha != 1 else apply(RSUB, x, y)


@export("mul", "multiply")
def mul(x, y):
    return apply(MUL, x, y)


@export("div", "divide", "true_divide")
def div(x, y, rounding_mode=None):
    if rounding_mode == "floor":
        return floor_divide(x, y)
    if rounding_mode == "trunc":
        _check_integer_divisor(x, y)
        return apply(TRUNC_DIVIDE, x, y)
    return apply(DIV, x, y)


def rdiv(x, y):
    """y / x for a python number y: torch computes it as reciprocal(x) * y."""
    return mul(reciprocal(x), y)


@export("reciprocal")
def reciprocal(x):
    return apply(RECIPROCAL, x)


@export("neg", "negative")
def neg(x):
    return apply(NEG, x)


@export("pow")
def pow(x, y):
    if not isinstance(x, Tensor):
        return apply(POW_NUMBER_BASE, x, y)
    if isinstance(y, Tensor):
        return apply(POW_TENSOR, x, y)
    if isinstance(y, int) and y < 0 and not x.dtype.is_floating_point:
        raise errors.GradcliError("Integers to negative integer powers are not allowed.")
    return apply(POW, x, y)


def rpow(x, y):
    """y ** x for a python number y."""
    return pow(y, x)


@export("square")
def square(x):
    return pow(x, 2)


FLOOR_DIVIDE = Op("FloorDivideBackward0", np.floor_divide, "x y", promote="common")
TRUNC_DIVIDE = Op("DivBackward1", lambda x, y: np.trunc(np.true_divide(x, y)).astype(np.result_type(x, y)),
                  "x y", (Grad("", lambda g: g * 0), None), promote="common")
REMAINDER = Op("RemainderBackward0", np.remainder, "x y", (Grad("", _same), None), promote="common")
FMOD = Op("FmodBackward0", np.fmod, "x y", (Grad("", _same), None), promote="common")


def _check_integer_divisor(x, y):
    """Integer division by zero raises in torch (floats give inf or nan)."""
    if not result_dtype([x, y]).is_floating_point and np.any(np.asarray(y.array if isinstance(y, Tensor) else y) == 0):
        raise errors.GradcliError("ZeroDivisionError")


@export("floor_divide")
def floor_divide(x, y):
    _check_integer_divisor(x, y)
    return apply(FLOOR_DIVIDE, x, y)


@export("remainder")
def remainder(x, y):
    _check_integer_divisor(x, y)
    return apply(REMAINDER, x, y)


@export("fmod")
def fmod(x, y):
    _check_integer_divisor(x, y)
    return apply(FMOD, x, y)


# ---------------------------------------------------------------- functions
def unary(name, forward, grad, uses="x", promote="float"):
    return Op(name, forward, "x", (Grad(uses, grad),), promote=promote)


EXP = unary("ExpBackward0", np.exp, lambda g, ans: g * ans, "ans")
LOG = unary("LogBackward0", np.log, lambda g, x: g / x)
LOG1P = unary("Log1PBackward0", np.log1p, lambda g, x: g / (x + 1))
SIN = unary("SinBackward0", np.sin, lambda g, x: g * cos(x))
COS = unary("CosBackward0", np.cos, lambda g, x: g * -sin(x))
TAN = unary("TanBackward0", np.tan, lambda g, ans: g * (ans * ans + 1), "ans")
SQRT = unary("SqrtBackward0", np.sqrt, lambda g, ans: g / (2 * ans), "ans")
TANH = unary("TanhBackward0", np.tanh, lambda g, ans: g * (1 - ans * ans), "ans")
SIGMOID = unary("SigmoidBackward0", lambda x: 1 / (1 + np.exp(-x)), lambda g, ans: g * (ans * (1 - ans)), "ans")
ABS = unary("AbsBackward0", np.abs, lambda g, x: g * sign(x), promote=None)
RELU = unary("ReluBackward0", lambda x: np.maximum(x, 0).astype(x.dtype), lambda g, ans: g * (ans > 0), "ans",
             promote=None)
SIGN = unary("SignBackward0", np.sign, lambda g: g * 0, "", promote=None)


@export("exp")
def exp(x):
    return apply(EXP, x)


@export("log")
def log(x):
    return apply(LOG, x)


@export("log1p")
def log1p(x):
    return apply(LOG1P, x)


@export("sin")
def sin(x):
    return apply(SIN, x)


@export("cos")
def cos(x):
    return apply(COS, x)


@export("tan")
def tan(x):
    return apply(TAN, x)


@export("sqrt")
def sqrt(x):
    return apply(SQRT, x)


@export("tanh")
def tanh(x):
    return apply(TANH, x)


@export("sigmoid")
def sigmoid(x):
    return apply(SIGMOID, x)


@export("abs", "absolute")
def abs(x):
    return apply(ABS, x)


@export("relu")
def relu(x):
    return apply(RELU, x)


@export("sign")
def sign(x):
    return apply(SIGN, x)


# ---------------------------------------------------------------- comparisons and logic (no gradient)
def _comparison(forward):
    return Op(None, forward, "x y", promote="common")


EQ, NE = _comparison(np.equal), _comparison(np.not_equal)
LT, LE = _comparison(np.less), _comparison(np.less_equal)
GT, GE = _comparison(np.greater), _comparison(np.greater_equal)
LOGICAL_AND = Op(None, np.logical_and, "x y")
LOGICAL_OR = Op(None, np.logical_or, "x y")
LOGICAL_NOT = Op(None, np.logical_not, "x")


@export("eq")
def eq(x, y):
    return apply(EQ, x, y)


@export("ne")
def ne(x, y):
    return apply(NE, x, y)


@export("lt", "less")
def lt(x, y):
    return apply(LT, x, y)


@export("le")
def le(x, y):
    return apply(LE, x, y)


@export("gt", "greater")
def gt(x, y):
    return apply(GT, x, y)


@export("ge")
def ge(x, y):
    return apply(GE, x, y)


@export("logical_and")
def logical_and(x, y):
    return apply(LOGICAL_AND, x, y)


@export("logical_or")
def logical_or(x, y):
    return apply(LOGICAL_OR, x, y)


@export("logical_not")
def logical_not(x):
    return apply(LOGICAL_NOT, x)


# ---------------------------------------------------------------- selection
WHERE = Op("WhereBackward0", lambda c, x, y: np.where(c, x, y), "c x y",
           (None, Grad("c", lambda g, c: where(c, g, 0.0)), Grad("c", lambda g, c: where(c, 0.0, g))),
           promote="common", promoted="x y")


@export("where")
def where(condition, x, y):
    return apply(WHERE, condition, x, y)


# ---------------------------------------------------------------- in place
@export("add_", function=False)
def add_(x, y, alpha=1):
    return apply_inplace(ADD, x, y, alpha=alpha) if alpha != 1 else apply_inplace(ADD, x, y)


@export("sub_", function=False)
def sub_(x, y, alpha=1):
    return apply_inplace(SUB, x, y, alpha=alpha) if alpha != 1 else apply_inplace(SUB, x, y)


@export("mul_", function=False)
def mul_(x, y):
    return apply_inplace(MUL, x, y)


@export("div_", function=False)
def div_(x, y):
    return apply_inplace(DIV, x, y)


ZERO = Op("ZeroBackward0", lambda x: np.zeros_like(x), "x", (Grad("", lambda g: g * 0),))
FILL = Op("FillBackward2", lambda x, value: np.full_like(x, value), "x", (Grad("", lambda g, value: g * 0),))


@export("zero_", function=False)
def zero_(x):
    return apply_inplace(ZERO, x)


@export("fill_", function=False)
def fill_(x, value):
    check_inplace(x)
    return apply_inplace(FILL, x, value=float(value) if isinstance(value, Tensor) else value)

