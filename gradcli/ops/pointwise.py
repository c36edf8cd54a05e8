"""Elementwise ops: arithmetic, functions, comparisons, and their in-place forms.

Rows follow torch's derivatives.yaml: the grad_fn name, the numpy forward, and one formula per input with the
values it needs saved. Broadcast gradients are summed back to each input's shape by the engine.
"""

import numpy as np

from . import Grad, Op, apply, apply_inplace, check_inplace, export
from .. import dtypes, errors, grad_mode
from ..tensor import Tensor



def _same(g, **_):
    return g


def zeros_grad(g, **_):
    """torch's zeros_like(grad): a constant, so a second derivative through it is None, not a graph."""
    return Tensor._make(np.zeros_like(g.array))


# ---------------------------------------------------------------- arithmetic
def _scaled(y, alpha):
    """alpha * y, a python number staying one (numpy would make 1 * 2 an int64, and float32 + int64 float64)."""
    return y * alpha if isinstance(y, (int, float)) else np.multiply(y, alpha)


ADD = Op("AddBackward0", lambda x, y, alpha=1: np.add(x, y) if alpha == 1 else np.add(x, _scaled(y, alpha)),
         "x y", (Grad("", _same), Grad("", lambda g, alpha=1: g if alpha == 1 else g * alpha)), promote="common")
SUB = Op("SubBackward0", lambda x, y, alpha=1: np.subtract(x, y) if alpha == 1 else np.subtract(x, _scaled(y, alpha)),
         "x y", (Grad("", _same), Grad("", lambda g, alpha=1: -g if alpha == 1 else g * -alpha)), promote="common")
# number - tensor: the number is an attribute of the node, not an input (one next_functions entry)
RSUB = Op("RsubBackward1", lambda x, other, alpha=1: np.subtract(other, x if alpha == 1 else np.multiply(x, alpha)),
          "x", (Grad("", lambda g, other, alpha=1: -g if alpha == 1 else g * -alpha),))
MUL = Op("MulBackward0", np.multiply, "x y",
         (Grad("y", lambda g, y: g * y), Grad("x", lambda g, x: g * x)), promote="common")
# tensor / a C++ number inside torch's formulas (the mean of a loss): div.Scalar, DivBackward1
DIV_SCALAR = Op("DivBackward1", lambda x, other: np.true_divide(x, x.dtype.type(other)), "x",
                (Grad("", lambda g, other: div_scalar(g, other)),))
# tensor * a C++ double inside torch's own formulas (exp2's `grad * result * ln 2`): mul.Scalar, MulBackward1
# tensor + a C++ number inside torch's formulas (log1p's `grad / (self + 1)`): add.Scalar, AddBackward1
ADD_SCALAR = Op("AddBackward1", lambda x, other: np.add(x, x.dtype.type(other)), "x", (Grad("", _same),))
MUL_SCALAR = Op("MulBackward1", lambda x, other: np.multiply(x, x.dtype.type(other)), "x",
                (Grad("", lambda g, other: mul_scalar(g, other)),))
DIV = Op("DivBackward0", np.true_divide, "x y",
         (Grad("y", lambda g, y: g / y), Grad("x y", lambda g, x, y: -g * ((x / y) / y))), promote="float")
NEG = Op("NegBackward0", np.negative, "x", (Grad("", lambda g: -g),))
RECIPROCAL = Op("ReciprocalBackward0", lambda x: np.reciprocal(x), "x",
                (Grad("ans", lambda g, ans: -g * (ans * ans)),), promote="float")
# pow_backward: the exponent-0 case is a constant zero (x**0 has grad 0 even at x = 0, where 0 * 0**-1 is nan).
# A python exponent or base is an attribute of the node, so PowBackward0/2 have one next_functions entry.
def _pow_forward(x, exponent):
    if exponent == 2 and x.dtype.kind == "f":
        return np.square(x)  # the same values as x * x, without power's slower loop
    return np.power(x, exponent)


def _pow_grad(g, x, exponent):
    if exponent == 0:
        return zeros_grad(g)
    if exponent == 2 and not grad_mode._enabled:
        return (g * 2) * x  # = torch's g * (2 * x**1) exactly (doubling is exact), one pass over x, not three
    # torch's formula, the number multiplying as a C++ Scalar (mul.Scalar: MulBackward1 under create_graph)
    return g * mul_scalar(x ** (exponent - 1), exponent)


POW = Op("PowBackward0", _pow_forward, "x", (Grad("x", _pow_grad),))
POW_TENSOR = Op("PowBackward1", np.power, "x y", (
    Grad("x y", lambda g, x, y: where(y == 0, 0.0, g * (y * x ** (y - 1)))),
    # d/dy x**y = x**y log x, taken as 0 where x = 0 and y >= 0 (the limit), as torch does
    Grad("x y ans", lambda g, x, y, ans: g * where(logical_and(x == 0, y >= 0), 0.0, ans * log(x)))),
    promote="common")
POW_NUMBER_BASE = Op("PowBackward2", lambda y, base: np.power(y.dtype.type(base), y), "y",
                     (Grad("ans", lambda g, ans, base: g * mul_scalar(ans, float(np.log(base)))),))


def with_number(x, number):
    """x cast to torch's result dtype with a python number (int tensor * 2.5 is float32); no node for
    float tensors, whose dtype a number never changes."""
    from . import result_dtype
    dtype = result_dtype([x, number])
    return x if dtype is x.dtype else x.to(dtype)


BOOL_SUB = ("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.")


@export("add")
def add(x, y, alpha=1):
    y, alpha = _other_and_alpha(y, alpha)
    return apply(ADD, x, y, alpha=alpha) if alpha != 1 else apply(ADD, x, y)


def _other_and_alpha(y, alpha):
    """torch still takes the deprecated `add_(Number alpha, Tensor other)` of old tutorials
    (`p.data.add_(-lr, p.grad.data)`): the number is then alpha."""
    if isinstance(alpha, Tensor) and isinstance(y, (int, float)) and not isinstance(y, bool):
        return alpha, y
    return y, alpha


@export("sub", "subtract")
def sub(x, y, alpha=1):
    y, alpha = _other_and_alpha(y, alpha)
    bools = [isinstance(v, Tensor) and v.dtype.name == "bool" for v in (x, y)]
    if all(bools):
        raise errors.GradcliError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
                                  "or `logical_xor()` operator instead.")
    if any(bools):
        raise errors.GradcliError(BOOL_SUB)
    return apply(SUB, x, y, alpha=alpha) if alpha != 1 else apply(SUB, x, y)


@export("rsub")
def rsub(x, y, alpha=1):
    """y - alpha * x (Python's `number - tensor`)."""
    if isinstance(y, Tensor):
        return sub(y, x, alpha=alpha)
    if x.dtype.name == "bool":
        raise errors.GradcliError(BOOL_SUB)
    x = with_number(x, y)
    return apply(RSUB, x, other=y, alpha=alpha) if alpha != 1 else apply(RSUB, x, other=y)


def div_scalar(x, number):
    return apply(DIV_SCALAR, x, other=number)


def add_scalar(x, number):
    return apply(ADD_SCALAR, x, other=number)


def mul_scalar(x, number):
    return apply(MUL_SCALAR, x, other=number)


@export("mul", "multiply")
def mul(x, y):
    return apply(MUL, x, y)


@export("div", "divide", "true_divide")
def div(x, y, rounding_mode=None):
    if rounding_mode is not None:
        if rounding_mode not in ("floor", "trunc"):
            raise errors.GradcliError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                                      "'%s'" % rounding_mode)
        _check_integer_divisor(x, y)
        return apply(DIV_MODE, x, y, rounding_mode=rounding_mode)
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
        return apply(POW_NUMBER_BASE, with_number(y, x), base=x)
    if isinstance(y, Tensor):
        return apply(POW_TENSOR, x, y)
    if isinstance(y, int) and not isinstance(y, bool) and y < 0 and x.dtype.category < dtypes.FLOATING:
        raise errors.GradcliError("Integers to negative integer powers are not allowed.")
    return apply(POW, with_number(x, y), exponent=y)


def rpow(x, y):
    """y ** x for a python number y."""
    return pow(y, x)


@export("square")
def square(x):
    return pow(x, 2)


def _not_implemented(name):
    def grad(g, **_):
        raise errors.GradcliError("derivative for aten::%s is not implemented" % name)
    return Grad("", grad)


def _floor_divide_forward(x, y):
    out = np.floor_divide(x, y)
    return out.astype(np.result_type(x, y)) if isinstance(out, np.ndarray) else out


# torch gives floor_divide a node that raises when reached: its grad_fn is named NotImplemented
FLOOR_DIVIDE = Op("NotImplemented", _floor_divide_forward, "x y",
                  (_not_implemented("floor_divide"), _not_implemented("floor_divide")), promote="common")
FLOOR_DIVIDE_NUMBER = Op("NotImplemented", lambda x, other: _floor_divide_forward(x, other), "x",
                         (_not_implemented("floor_divide"),))
# div with a rounding mode is piecewise constant: zero gradients
DIV_MODE = Op("DivBackward2", lambda x, y, rounding_mode: _div_mode(x, y, rounding_mode), "x y",
              (Grad("", zeros_grad), Grad("", zeros_grad)), promote="common")
REMAINDER = Op("RemainderBackward1", np.remainder, "x y", (
    Grad("", _same), Grad("x y", lambda g, x, y: -g * div(x, y, rounding_mode="floor"))), promote="common")
REMAINDER_NUMBER = Op("RemainderBackward0", lambda x, other: np.remainder(x, other), "x", (Grad("", _same),))
REMAINDER_OF_NUMBER = Op("NotImplemented", lambda y, other: np.remainder(y.dtype.type(other), y), "y",
                         (_not_implemented("remainder"),))
FMOD = Op("FmodBackward1", np.fmod, "x y", (
    Grad("", _same), Grad("x y", lambda g, x, y: -g * div(x, y, rounding_mode="trunc"))), promote="common")
FMOD_NUMBER = Op("FmodBackward0", lambda x, other: np.fmod(x, other), "x", (Grad("", _same),))


def _div_mode(x, y, rounding_mode):
    q = np.floor_divide(x, y) if rounding_mode == "floor" else np.true_divide(x, y)
    if rounding_mode == "trunc":
        q = np.trunc(q)
    dtype = np.result_type(x, y)
    if dtype.kind in "iu" and rounding_mode == "trunc":
        return (np.sign(x) * np.sign(y) * (np.abs(x) // np.abs(y))).astype(dtype)
    return q.astype(dtype)


def _check_integer_divisor(x, y):
    """Integer division by zero raises in torch (floats give inf or nan)."""
    from . import result_dtype
    divisor = y.array if isinstance(y, Tensor) else y
    if not result_dtype([x, y]).is_floating_point and np.any(np.asarray(divisor) == 0):
        raise errors.GradcliError("ZeroDivisionError")


@export("floor_divide")
def floor_divide(x, y):
    _check_integer_divisor(x, y)
    if not isinstance(y, Tensor):
        return apply(FLOOR_DIVIDE_NUMBER, with_number(x, y), other=y)
    return apply(FLOOR_DIVIDE, x, y)


@export("remainder")
def remainder(x, y):
    _check_integer_divisor(x, y)
    if not isinstance(x, Tensor):  # number % tensor: torch has no derivative for it
        return apply(REMAINDER_OF_NUMBER, with_number(y, x), other=x)
    if not isinstance(y, Tensor):
        return apply(REMAINDER_NUMBER, with_number(x, y), other=y)
    return apply(REMAINDER, x, y)


@export("fmod")
def fmod(x, y):
    _check_integer_divisor(x, y)
    if not isinstance(y, Tensor):
        return apply(FMOD_NUMBER, with_number(x, y), other=y)
    return apply(FMOD, x, y)


# ---------------------------------------------------------------- functions
LN2, LN10 = float(np.log(2.0)), float(np.log(10.0))
TWO_OVER_SQRT_PI = float(2.0 / np.sqrt(np.pi))


def unary(name, forward, grad, uses="x", promote="float"):
    return Op(name, forward, "x", (Grad(uses, grad),), promote=promote)


def _erf(x):
    """erf on numpy without scipy: Abramowitz-Stegun 7.1.26 is too coarse, so use math.erf per element."""
    import math
    flat = np.fromiter((math.erf(v) for v in x.reshape(-1).tolist()), dtype=np.float64, count=x.size)
    return flat.reshape(x.shape).astype(x.dtype)


EXP = unary("ExpBackward0", np.exp, lambda g, ans: g * ans, "ans")
EXP2 = unary("Exp2Backward0", np.exp2, lambda g, ans: mul_scalar(g * ans, LN2), "ans")
EXPM1 = unary("Expm1Backward0", np.expm1, lambda g, ans: g * add_scalar(ans, 1), "ans")
LOG = unary("LogBackward0", np.log, lambda g, x: g / x)               # create_graph shows DivBackward0
LOG1P = unary("Log1PBackward0", np.log1p, lambda g, x: g / add_scalar(x, 1))
LOG2 = unary("Log2Backward0", np.log2, lambda g, x: g / (x * LN2))
LOG10 = unary("Log10Backward0", np.log10, lambda g, x: g / (x * LN10))
SIN = unary("SinBackward0", np.sin, lambda g, x: g * cos(x))
COS = unary("CosBackward0", np.cos, lambda g, x: g * -sin(x))
TAN = unary("TanBackward0", np.tan, lambda g, ans: g * (ans * ans + 1), "ans")
ASIN = unary("AsinBackward0", np.arcsin, lambda g, x: g * rsqrt(-x * x + 1))
ATAN = unary("AtanBackward0", np.arctan, lambda g, x: g / add_scalar(x * x, 1))
SINH = unary("SinhBackward0", np.sinh, lambda g, x: g * cosh(x))
COSH = unary("CoshBackward0", np.cosh, lambda g, x: g * sinh(x))
SQRT = unary("SqrtBackward0", np.sqrt, lambda g, ans: g / mul_scalar(ans, 2), "ans")  # DivBackward0 under create_graph
RSQRT = unary("RsqrtBackward0", lambda x: np.reciprocal(np.sqrt(x)), lambda g, ans: -0.5 * g * ans ** 3, "ans")
ERF = unary("ErfBackward0", _erf, lambda g, x: TWO_OVER_SQRT_PI * exp(-x * x) * g)
# tanh and sigmoid backward are ops of their own in torch (tanh_backward, sigmoid_backward): a gradient built
# with create_graph=True has grad_fn TanhBackwardBackward0 / SigmoidBackwardBackward0.
TANH = unary("TanhBackward0", np.tanh, lambda g, ans: tanh_backward(g, ans), "ans")
SIGMOID = unary("SigmoidBackward0", lambda x: 1 / (1 + np.exp(-x)), lambda g, ans: sigmoid_backward(g, ans), "ans")


def _half_as_float(*arrays):
    """The arrays in float32 when they are float16 (torch's kernels compute half precision in float, rounding
    once at the end), and the dtype to round the result to."""
    dtype = np.result_type(*arrays)
    if dtype == np.float16:
        return tuple(np.asarray(a, np.float32) for a in arrays), dtype
    return arrays, dtype


def _tanh_backward(g, y):
    """torch's kernel, g * (1 - y*y), whose compiled loop fuses `1 - y*y` into one multiply-add: one rounding,
    where numpy's multiply then subtract would round twice and differ from torch in the last bit of about a
    quarter of the elements."""
    from ..kernels.fma import fma64, one_minus_square32  # (not at import: a one-shot command rarely needs it)
    (g, y), dtype = _half_as_float(g, y)
    y = np.asarray(y)
    factor = fma64(-y, y, 1.0) if y.dtype == np.float64 else one_minus_square32(y.astype(np.float32, copy=False))
    return np.asarray(np.multiply(g, factor)).astype(dtype, copy=False)


TANH_BACKWARD = Op("TanhBackwardBackward0", _tanh_backward, "g y", (
    Grad("y", lambda gg, y: tanh_backward(gg, y)),
    Grad("g y", lambda gg, g, y: gg * (-2 * y * g))), promote="common")
SIGMOID_BACKWARD = Op("SigmoidBackwardBackward0", lambda g, y: g * (y * (1 - y)), "g y", (
    Grad("y", lambda gg, y: sigmoid_backward(gg, y)),
    Grad("g y", lambda gg, g, y: gg * g * (-2 * y + 1))), promote="common")
ABS = unary("AbsBackward0", np.abs, lambda g, x: g * sgn(x), promote=None)  # torch: grad * self.sgn()
# relu's gradient is threshold_backward(grad, result, 0): zero where the result is 0, including at x = 0
RELU = unary("ReluBackward0", lambda x: np.maximum(x, 0).astype(x.dtype), lambda g, ans: threshold_backward(g, ans),
             "ans", promote=None)
THRESHOLD_BACKWARD = Op("ThresholdBackwardBackward0", lambda g, y: np.where(y > 0, g, 0).astype(g.dtype), "g y",
                        (Grad("y", lambda gg, y: threshold_backward(gg, y)), Grad("", zeros_grad)))
SIGN = unary("SignBackward0", np.sign, zeros_grad, "", promote=None)
SGN = unary("SgnBackward0", np.sign, zeros_grad, "", promote=None)  # sign, generalised to complex numbers
FLOOR = unary("FloorBackward0", np.floor, zeros_grad, "", promote=None)
CEIL = unary("CeilBackward0", np.ceil, zeros_grad, "", promote=None)
ROUND = unary("RoundBackward0", np.round, zeros_grad, "", promote=None)   # half to even, as torch
TRUNC = unary("TruncBackward0", np.trunc, zeros_grad, "", promote=None)


def _unary_front_door(op, *names):
    def fn(x):
        return apply(op, x)
    fn.__name__ = names[0]
    return export(*names)(fn)


exp = _unary_front_door(EXP, "exp")
exp2 = _unary_front_door(EXP2, "exp2")
expm1 = _unary_front_door(EXPM1, "expm1")
log = _unary_front_door(LOG, "log")
log1p = _unary_front_door(LOG1P, "log1p")
log2 = _unary_front_door(LOG2, "log2")
log10 = _unary_front_door(LOG10, "log10")
sin = _unary_front_door(SIN, "sin")
cos = _unary_front_door(COS, "cos")
tan = _unary_front_door(TAN, "tan")
asin = _unary_front_door(ASIN, "asin", "arcsin")
atan = _unary_front_door(ATAN, "atan", "arctan")
sinh = _unary_front_door(SINH, "sinh")
cosh = _unary_front_door(COSH, "cosh")
sqrt = _unary_front_door(SQRT, "sqrt")
rsqrt = _unary_front_door(RSQRT, "rsqrt")
erf = _unary_front_door(ERF, "erf")
tanh = _unary_front_door(TANH, "tanh")
sigmoid = _unary_front_door(SIGMOID, "sigmoid")
abs = _unary_front_door(ABS, "abs", "absolute")
relu = _unary_front_door(RELU, "relu")
sign = _unary_front_door(SIGN, "sign")
sgn = _unary_front_door(SGN, "sgn")
floor = _unary_front_door(FLOOR, "floor")
ceil = _unary_front_door(CEIL, "ceil")


def _round_decimals(x, decimals):
    """torch's round.decimals kernel: nearbyint(x * 10^d) / 10^d (x / 10^-d, then * 10^-d, for d < 0), in x's
    own precision."""
    scale = x.dtype.type(10.0 ** abs(decimals))
    if decimals >= 0:
        return np.round(x * scale) / scale
    return np.round(x / scale) * scale


ROUND_DECIMALS = Op("RoundBackward1", _round_decimals, "x", (Grad("", zeros_grad),))


@export("round")
def round(x, decimals=None):
    """round(x) rounds half to even (RoundBackward0); round(x, decimals=d) is the decimals overload
    (RoundBackward1)."""
    if decimals is None:
        return apply(ROUND, x)
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("\"round_cpu\" not implemented for '%s'" % x.dtype.short_name, "NotImplementedError")
    return apply(ROUND_DECIMALS, x, decimals=decimals)
trunc = _unary_front_door(TRUNC, "trunc")


def tanh_backward(g, y):
    return apply(TANH_BACKWARD, g, y)


def sigmoid_backward(g, y):
    return apply(SIGMOID_BACKWARD, g, y)


def threshold_backward(g, y, threshold=0):
    return apply(THRESHOLD_BACKWARD, g, y)


# ---------------------------------------------------------------- clamp, maximum, minimum
def _clamp_forward(x, min=None, max=None):
    out = x
    if min is not None:
        out = np.maximum(out, np.asarray(min, dtype=x.dtype))
    if max is not None:
        out = np.minimum(out, np.asarray(max, dtype=x.dtype))
    return np.array(out, dtype=x.dtype)


def _clamp_grad(g, x, min=None, max=None):
    """The gradient passes where min <= x <= max: a boundary value counts as inside."""
    inside = None
    if min is not None:
        inside = x >= min
    if max is not None:
        inside = (x <= max) if inside is None else logical_and(inside, x <= max)
    return where(inside, g, 0.0)


CLAMP = Op("ClampBackward1", _clamp_forward, "x", (Grad("x", _clamp_grad),))
CLAMP_MIN = Op("ClampMinBackward0", lambda x, min: _clamp_forward(x, min=min), "x",
               (Grad("x", lambda g, x, min: where(x >= min, g, 0.0)),))
CLAMP_MAX = Op("ClampMaxBackward0", lambda x, max: _clamp_forward(x, max=max), "x",
               (Grad("x", lambda g, x, max: where(x <= max, g, 0.0)),))


def _clamp_tensor_forward(x, lo, hi):
    out = x if lo is None else np.maximum(x, lo)
    return out if hi is None else np.minimum(out, hi)


def _clamp_lo_grad(g, x, lo, hi):
    """clamp_backward_min_max: the lower bound gets the gradient where it wins (and is below the upper one)."""
    wins = x < lo
    return where(wins if hi is None else logical_and(wins, lo < hi), g, 0.0)


def _clamp_hi_grad(g, x, lo, hi):
    wins = x > hi
    return where(wins if lo is None else logical_or(wins, hi < lo), g, 0.0)


def _clamp_x_grad(g, x, lo, hi):
    inside = None if lo is None else x >= lo
    if hi is not None:
        inside = (x <= hi) if inside is None else logical_and(inside, x <= hi)
    return where(inside, g, 0.0)


# clamp with tensor bounds: the bounds are inputs (three next_functions, (None, 0) for a missing one)
CLAMP_TENSOR = Op("ClampBackward0", _clamp_tensor_forward, "x lo hi", (
    Grad("x lo hi", _clamp_x_grad), Grad("x lo hi", _clamp_lo_grad), Grad("x lo hi", _clamp_hi_grad)),
    promote="common", promoted="x lo hi")


@export("clamp", "clip")
def clamp(x, min=None, max=None):
    if min is None and max is None:
        raise errors.GradcliError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        if not all(v is None or isinstance(v, Tensor) for v in (min, max)):
            raise errors.type_error("clamp() received an invalid combination of arguments - got (Tensor, %s, %s)"
                                    % tuple(type(v).__name__ for v in (min, max)))
        return apply(CLAMP_TENSOR, x, min, max)
    return apply(CLAMP, x, min=min, max=max)


@export("clamp_min")
def clamp_min(x, min):
    return apply(CLAMP_MIN, x, min=_number(min))


@export("clamp_max")
def clamp_max(x, max):
    return apply(CLAMP_MAX, x, max=_number(max))


def _number(value):
    return value.item() if isinstance(value, Tensor) else value


# torch: grad where x > y, half of it on ties (so that maximum(x, x) still has gradient 1 in total)
MAXIMUM = Op("MaximumBackward0", np.maximum, "x y", (
    Grad("x y", lambda g, x, y: where(x == y, g / 2, g).masked_fill(x < y, 0.0)),
    Grad("x y", lambda g, x, y: where(x == y, g / 2, g).masked_fill(x > y, 0.0))), promote="common")
MINIMUM = Op("MinimumBackward0", np.minimum, "x y", (
    Grad("x y", lambda g, x, y: where(x == y, g / 2, g).masked_fill(x > y, 0.0)),
    Grad("x y", lambda g, x, y: where(x == y, g / 2, g).masked_fill(x < y, 0.0))), promote="common")


@export("maximum")
def maximum(x, y):
    return apply(MAXIMUM, x, y)


@export("minimum")
def minimum(x, y):
    return apply(MINIMUM, x, y)


# ---------------------------------------------------------------- comparisons and logic (no gradient)
def _comparison(forward):
    return Op(None, forward, "x y", promote="common")


EQ, NE = _comparison(np.equal), _comparison(np.not_equal)
LT, LE = _comparison(np.less), _comparison(np.less_equal)
GT, GE = _comparison(np.greater), _comparison(np.greater_equal)
LOGICAL_AND = Op(None, np.logical_and, "x y")
LOGICAL_OR = Op(None, np.logical_or, "x y")
LOGICAL_NOT = Op(None, np.logical_not, "x")
LOGICAL_XOR = Op(None, np.logical_xor, "x y")
BITWISE_AND = Op(None, np.bitwise_and, "x y", promote="common")
BITWISE_OR = Op(None, np.bitwise_or, "x y", promote="common")
BITWISE_XOR = Op(None, np.bitwise_xor, "x y", promote="common")
BITWISE_NOT = Op(None, lambda x: np.logical_not(x) if x.dtype == bool else np.invert(x), "x")


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


@export("logical_xor")
def logical_xor(x, y):
    return apply(LOGICAL_XOR, x, y)


@export("bitwise_and")
def bitwise_and(x, y):
    """`&`: logical on bool tensors, bitwise on integers."""
    return apply(BITWISE_AND, x, y)


@export("bitwise_or")
def bitwise_or(x, y):
    return apply(BITWISE_OR, x, y)


@export("bitwise_xor")
def bitwise_xor(x, y):
    return apply(BITWISE_XOR, x, y)


@export("__xor__", "__rxor__", function=False)
def xor(x, y):
    return bitwise_xor(x, y)


@export("bitwise_not")
def bitwise_not(x):
    """`~`: logical not on bool, bit inversion on integers."""
    return apply(BITWISE_NOT, x)


# ---------------------------------------------------------------- selection
# the condition is an attribute of the node: WhereBackward0 has one next_functions entry per branch
WHERE = Op("WhereBackward0", lambda x, y, condition: np.where(condition, x, y), "x y", (
    Grad("", lambda g, condition: where(Tensor._make(condition), g, 0.0)),
    Grad("", lambda g, condition: where(Tensor._make(condition), 0.0, g))), promote="common")


@export("where")
def where(condition, x=None, y=None):
    if x is None and y is None:
        return tuple(Tensor._make(i.astype(np.int64)) for i in np.nonzero(condition.array))
    condition = condition.array if isinstance(condition, Tensor) else np.asarray(condition)
    if condition.dtype != np.bool_:
        raise errors.GradcliError("where expected condition to be a boolean tensor, but got a tensor with dtype %s"
                                  % Tensor._make(condition).dtype.short_name)
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        from . import as_tensor
        x = as_tensor(x)
    return apply(WHERE, x, y, condition=condition)


# ---------------------------------------------------------------- in place
@export("add_", function=False)
def add_(x, y, alpha=1):
    y, alpha = _other_and_alpha(y, alpha)
    return apply_inplace(ADD, x, y, alpha=alpha) if alpha != 1 else apply_inplace(ADD, x, y)


@export("sub_", function=False)
def sub_(x, y, alpha=1):
    y, alpha = _other_and_alpha(y, alpha)
    return apply_inplace(SUB, x, y, alpha=alpha) if alpha != 1 else apply_inplace(SUB, x, y)


@export("mul_", function=False)
def mul_(x, y):
    return apply_inplace(MUL, x, y)


@export("div_", function=False)
def div_(x, y):
    return apply_inplace(DIV, x, y)


ZERO = Op("ZeroBackward0", lambda x: np.zeros(x.shape, x.dtype), "x", (Grad("", lambda g: g * 0),))
FILL = Op("FillBackward2", lambda x, value: np.full_like(x, value), "x", (Grad("", lambda g, value: g * 0),))


@export("zero_", function=False)
def zero_(x):
    return apply_inplace(ZERO, x)


@export("fill_", function=False)
def fill_(x, value):
    check_inplace(x)
    return apply_inplace(FILL, x, value=float(value) if isinstance(value, Tensor) else value)



# In-place forms of the unary rows: the same Op, written back into x (apply_inplace gives x the new node)
def _inplace_front_door(op, name):
    def fn(x):
        return apply_inplace(op, x)
    fn.__name__ = name
    return export(name, function=False)(fn)


for _op, _name in ((EXP, "exp_"), (LOG, "log_"), (SIN, "sin_"), (COS, "cos_"), (TANH, "tanh_"),
                   (SIGMOID, "sigmoid_"), (SQRT, "sqrt_"), (ABS, "abs_"), (RELU, "relu_"), (NEG, "neg_"),
                   (RECIPROCAL, "reciprocal_"), (FLOOR, "floor_"), (ROUND, "round_"), (SIGN, "sign_")):
    _inplace_front_door(_op, _name)


@export("pow_", function=False)
def pow_(x, exponent):
    if isinstance(exponent, Tensor):
        return apply_inplace(POW_TENSOR, x, exponent)
    return apply_inplace(POW, x, exponent=exponent)


@export("clamp_", "clip_", function=False)
def clamp_(x, min=None, max=None):
    return apply_inplace(CLAMP, x, min=_number(min), max=_number(max))


@export("clamp_min_", function=False)
def clamp_min_(x, min):
    return apply_inplace(CLAMP_MIN, x, min=_number(min))


# ---------------------------------------------------------------- tests of values (bool results, no gradient)
@export("isnan")
def isnan(x):
    return Tensor._make(np.isnan(x.array))


@export("isinf")
def isinf(x):
    return Tensor._make(np.isinf(x.array))


@export("isfinite")
def isfinite(x):
    return Tensor._make(np.isfinite(x.array))


@export("allclose")
def allclose(x, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """A python bool: |x - other| <= atol + rtol * |other| everywhere (broadcasting as torch does)."""
    return bool(np.allclose(x.array, other.array, rtol=rtol, atol=atol, equal_nan=equal_nan))


# ---------------------------------------------------------------- atan2
def _atan2_reciprocal(y, x):
    return (y * y + x * x).reciprocal()


# torch's atan2_backward: (grad * other * recip, grad * -self * recip), recip = 1 / (self^2 + other^2)
ATAN2 = Op("Atan2Backward0", np.arctan2, "y x", (
    Grad("y x", lambda g, y, x: g * x * _atan2_reciprocal(y, x)),
    Grad("y x", lambda g, y, x: g * -y * _atan2_reciprocal(y, x))), promote="float")


@export("atan2", "arctan2")
def atan2(y, x):
    return apply(ATAN2, y, x)


@export("equal")
def equal(x, other):
    """A python bool: the same shape and the same values."""
    return x.shape == other.shape and bool(np.array_equal(x.array, other.array))


# ---------------------------------------------------------------- addcmul, addcdiv, lerp (hand-written optimizers)
def _addcmul_forward(x, t1, t2, value=1):
    """torch's kernel, self + value * t1 * t2, whose compiled loop fuses the last multiply and the add."""
    from ..kernels.fma import fused_multiply_add  # (not at import: a one-shot command rarely needs it)
    (x, t1, t2), dtype = _half_as_float(x, t1, t2)
    return np.asarray(fused_multiply_add(t1 if value == 1 else _scaled(t1, value), t2, x)).astype(dtype, copy=False)


def _addcdiv_forward(x, t1, t2, value=1):
    return x + _scaled(t1 / t2, value) if value != 1 else x + t1 / t2


ADDCMUL = Op("AddcmulBackward0", _addcmul_forward, "x t1 t2", (
    Grad("", _same),
    Grad("t2", lambda g, t2, value=1: g * t2 * value),
    Grad("t1", lambda g, t1, value=1: g * t1 * value)), promote="common")
ADDCDIV = Op("AddcdivBackward0", _addcdiv_forward, "x t1 t2", (
    Grad("", _same),
    Grad("t2", lambda g, t2, value=1: g * value / t2),
    Grad("t1 t2", lambda g, t1, t2, value=1: -g * value * t1 / (t2 * t2))), promote="common")


def _lerp_forward(x, end, weight):
    """torch's kernel: from the nearer end, so that weight 0 and 1 give the ends exactly, each form's multiply
    and add fused into one rounding."""
    from ..kernels.fma import fused_multiply_add
    (x, end), dtype = _half_as_float(x, end)
    work = np.result_type(x, end).type
    difference = np.subtract(end, x)
    if abs(weight) < 0.5:
        out = fused_multiply_add(work(weight), difference, x)
    else:
        out = fused_multiply_add(-difference, work(1) - work(weight), end)
    return np.asarray(out).astype(dtype, copy=False)


LERP = Op("LerpBackward0", _lerp_forward, "x end", (
    Grad("", lambda g, weight: g * (1 - weight)),
    Grad("", lambda g, weight: g * weight)), promote="common")


@export("addcmul")
def addcmul(x, tensor1, tensor2, value=1):
    return apply(ADDCMUL, x, tensor1, tensor2, value=value)


@export("addcdiv")
def addcdiv(x, tensor1, tensor2, value=1):
    return apply(ADDCDIV, x, tensor1, tensor2, value=value)


@export("addcmul_", function=False)
def addcmul_(x, tensor1, tensor2, value=1):
    return apply_inplace(ADDCMUL, x, tensor1, tensor2, value=value)


@export("addcdiv_", function=False)
def addcdiv_(x, tensor1, tensor2, value=1):
    return apply_inplace(ADDCDIV, x, tensor1, tensor2, value=value)


@export("lerp")
def lerp(x, end, weight):
    """lerp with a number weight (a tensor weight is not taken here)."""
    if isinstance(weight, Tensor):
        raise errors.GradcliError("gradcli's lerp takes a number weight")
    return apply(LERP, x, end, weight=weight)
