"""Arithmetic: + - * / // % ** and their torch functions, the Scalar overloads torch's own formulas use,
addcmul/addcdiv/lerp (the optimizers' arithmetic), and the in-place fills.

Python numbers are parameters of the node, not inputs: `x * 3` has one next_functions entry, as in torch. The
engine sums broadcast gradients back to each input's shape, so no formula here unbroadcasts.
"""

import numpy as np

from .. import fastpath
from ..bind import apply, apply_binary, result_dtype
from .compare import logical_and, where
from ..inplace import apply_inplace, check_inplace
from ..table import formula_helper, front_door, row
from ...base import dtypes, errors, grad_mode
from ...core import limits
from ...kernels import unary as torch_unary
from ...kernels.fma import fused_multiply_add
from ...core.tensor import Tensor


def zeros_like_grad(grad):
    """torch's zeros_like(grad): a constant, so a second derivative through it is None, not a graph."""
    return Tensor._make(np.zeros_like(grad.array))


def _scaled(y, alpha):
    """alpha * y, a python number staying one (numpy would make 1 * 2 an int64, and float32 + int64 float64)."""
    return y * alpha if isinstance(y, (int, float)) else np.multiply(y, alpha)


def _half_as_float(*arrays):
    """The arrays in float32 when they are float16 (torch's kernels compute half precision in float, rounding
    once at the end), and the dtype to round the result to."""
    dtype = np.result_type(*arrays)
    if dtype == np.float16:
        return tuple(np.asarray(a, np.float32) for a in arrays), dtype
    return arrays, dtype


# ---------------------------------------------------------------- + - * /
def _plus_multiple(self, other, alpha):
    """self + alpha * other as torch's add kernel computes it (sub is add with -alpha): alpha in the operands'
    precision, the multiply and the add fused into one rounding. Half precision as its vector code: alpha
    rounded to half, the rest in float32 rounded once (the scalar tail of a row rounds the product too)."""
    (self, other), dtype = _half_as_float(self, other)
    if dtype == np.float16:
        alpha = np.float32(np.float16(alpha))
    return np.asarray(fused_multiply_add(other, alpha, self)).astype(dtype, copy=False)


ADD = row("add.Tensor", "AddBackward0",
          lambda self, other, alpha=1: np.add(self, other) if alpha == 1 else _plus_multiple(self, other, alpha),
          "self other", promote="common", elementwise=True,
          self="grad",
          other=("grad * alpha", lambda grad, alpha=1: grad if alpha == 1 else grad * alpha))
SUB = row("sub.Tensor", "SubBackward0",
          lambda self, other, alpha=1: np.subtract(self, other) if alpha == 1 else _plus_multiple(self, other, -alpha),
          "self other", promote="common", elementwise=True,
          self="grad",
          other=("-grad * alpha", lambda grad, alpha=1: -grad if alpha == 1 else grad * -alpha))
# number - tensor: the number is a parameter of the node (one next_functions entry)
RSUB = row("rsub.Scalar", "RsubBackward1",
           lambda self, other, alpha=1: np.subtract(other, self) if alpha == 1 else _plus_multiple(other, self, -alpha),
           "self", elementwise=True, self=("-grad * alpha", lambda grad, alpha=1: -grad if alpha == 1 else grad * -alpha))
_NUMBERS = (bool, int, float)


def _product_backward(grad, other):
    """grad * other: mul's formula for self, and for other with self as `other`. In a formula without
    create_graph (fastpath 5), where the op table would cast nothing — a floating gradient times a python number
    or a tensor of its dtype — the same multiply on the arrays, through apply's limit check and compact
    broadcast, without the front door."""
    array = grad.array
    if array.__class__ is np.ndarray and array.dtype.kind == "f" and fastpath.formula_on_arrays():
        if other.__class__ in _NUMBERS:
            return Tensor._make(_multiplied([array, other]))
        if isinstance(other, Tensor):
            factor = other.array
            if factor.__class__ is np.ndarray and factor.dtype == array.dtype:
                return Tensor._make(_multiplied([array, factor]))
    return grad * other


def _multiplied(arrays):
    limits.check_broadcast(arrays)
    out = fastpath.compact_elementwise(np.multiply, arrays, _NO_PARAMS)
    return out if out.__class__ is np.ndarray else np.asarray(out)


_NO_PARAMS = {}


MUL = row("mul.Tensor", "MulBackward0", np.multiply, "self other", promote="common",
          self=("grad * other", _product_backward),
          other=("grad * self", lambda grad, self: _product_backward(grad, self)))
DIV = row("div.Tensor", "DivBackward0", np.true_divide, "self other", promote="float",
          self="grad / other",
          other="-grad * ((self / other) / other)")
# tensor (op) a C++ number, inside torch's own formulas (the mean of a loss, exp2's `grad * result * ln 2`,
# log1p's `grad / (self + 1)`): the Scalar overloads, whose nodes torch names apart
ADD_SCALAR = row("add.Scalar", "AddBackward1", lambda self, other: np.add(self, self.dtype.type(other)), "self",
                 elementwise=True, self="grad")
MUL_SCALAR = row("mul.Scalar", "MulBackward1", lambda self, other: np.multiply(self, self.dtype.type(other)),
                 "self", elementwise=True, self=("grad * other", lambda grad, other: mul_scalar(grad, other)))
DIV_SCALAR = row("div.Scalar", "DivBackward1", lambda self, other: np.true_divide(self, self.dtype.type(other)),
                 "self", elementwise=True, self=("grad / other", lambda grad, other: div_scalar(grad, other)))
def _negative(self):
    if self.dtype == np.bool_:
        raise errors.GradcliError("Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
                                  "to invert a mask, use the `~` or `logical_not()` operator instead.")
    return np.negative(self)


NEG = row("neg", "NegBackward0", _negative, "self", self="-grad").doors("neg", "negative", inplace=True)
RECIPROCAL = row("reciprocal", "ReciprocalBackward0", np.reciprocal, "self", promote="float",
                 self="-grad * (result * result)").doors("reciprocal", inplace=True)
MUL.doors("mul", "multiply", inplace=True)


def add_scalar(x, number):
    return apply(ADD_SCALAR, x, other=number)


def mul_scalar(x, number):
    return apply(MUL_SCALAR, x, other=number)


def div_scalar(x, number):
    return apply(DIV_SCALAR, x, other=number)


def with_number(x, number):
    """x cast to torch's result dtype with a python number (int tensor * 2.5 is float32); no node for
    float tensors, whose dtype a number never changes."""
    if number.__class__ in _NUMBERS and x.array.dtype.kind == "f":  # (the common case, without promotion's steps)
        return x
    dtype = result_dtype([x, number])
    return x if dtype is x.dtype else x.to(dtype)


_NUMBERS = (int, float)  # a python int or float never changes a floating tensor's dtype


BOOL_SUB = ("Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, "
            "use the `~` or `logical_not()` operator instead.")


def _other_and_alpha(y, alpha):
    """torch still takes the deprecated `add_(Number alpha, Tensor other)` of old tutorials
    (`p.data.add_(-lr, p.grad.data)`): the number is then alpha."""
    if isinstance(alpha, Tensor) and isinstance(y, (int, float)) and not isinstance(y, bool):
        return alpha, y
    return y, alpha


@front_door("add", inplace=True)
def add(x, y, alpha=1):
    if alpha.__class__ is int and alpha == 1:  # the common call, without alpha
        return apply_binary(ADD, x, y)
    y, alpha = _other_and_alpha(y, alpha)
    return apply(ADD, x, y, alpha=alpha) if alpha != 1 else apply(ADD, x, y)


@front_door("sub", "subtract", inplace=True)
def sub(x, y, alpha=1):
    y, alpha = _other_and_alpha(y, alpha)
    x_bool = isinstance(x, Tensor) and x.array.dtype.kind == "b"
    y_bool = isinstance(y, Tensor) and y.array.dtype.kind == "b"
    if x_bool and y_bool:
        raise errors.GradcliError("Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` "
                                  "or `logical_xor()` operator instead.")
    if x_bool or y_bool:
        raise errors.GradcliError(BOOL_SUB)
    return apply(SUB, x, y, alpha=alpha) if alpha != 1 else apply_binary(SUB, x, y)


@front_door("positive")
def positive(x):
    """`+x`: x itself, as in torch."""
    return x


@front_door("rsub", method=False)
def rsub(x, y, alpha=1):
    """y - alpha * x."""
    if isinstance(y, Tensor):
        return sub(y, x, alpha=alpha)
    if x.dtype.name == "bool":
        raise errors.GradcliError(BOOL_SUB)
    x = with_number(x, y)
    return apply(RSUB, x, other=y, alpha=alpha) if alpha != 1 else apply(RSUB, x, other=y)


@front_door("__rsub__", function=False)
def reflected_sub(x, y):
    """`number - x`."""
    return rsub(x, y)


@front_door("div", "divide", "true_divide", inplace=True)
def div(x, y, rounding_mode=None):
    if rounding_mode is not None:
        if rounding_mode not in ("floor", "trunc"):
            raise errors.GradcliError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                                      "'%s'" % rounding_mode)
        _check_integer_divisor(x, y)
        return apply(DIV_MODE, x, y, rounding_mode=rounding_mode)
    return apply_binary(DIV, x, y)


@front_door("__rtruediv__", function=False)
def reflected_div(x, y):
    """`number / x`: torch computes it as reciprocal(x) * number."""
    return x.reciprocal() * y


# ---------------------------------------------------------------- **
def _pow_forward(self, exponent):
    """torch's pow(tensor, number): for float32 and float64 x*x and x*x*x for 2 and 3, sqrt, rsqrt and
    reciprocal for 0.5, -0.5 and -1, SLEEF's pow otherwise; float16 always SLEEF's powf (kernels/unary.py)."""
    if self.dtype.kind == "f" and exponent.__class__ in (int, float) and exponent not in (0, 1):
        if self.dtype == np.float16 or exponent not in (2, 0.5, -0.5, -1):
            return torch_unary.pow_scalar(self, exponent)
    if exponent == 2 and self.dtype.kind == "f":
        return np.square(self)  # the same values as x * x, without power's slower loop
    if exponent == -0.5 and self.dtype.kind == "f":
        return np.reciprocal(np.sqrt(self))  # torch's rsqrt: 1 / sqrt, two roundings
    return np.power(self, exponent)


def _pow_derivative(grad, self, exponent):
    if exponent == 0:
        return zeros_like_grad(grad)
    if exponent == 2 and not grad_mode.is_grad_enabled():
        return (grad * 2) * self  # = torch's grad * (2 * self**1) exactly (doubling is exact), in one pass
    # the number multiplies as a C++ Scalar (mul.Scalar: MulBackward1 under create_graph), as in torch
    return grad * mul_scalar(self ** (exponent - 1), exponent)


# A python exponent or base is a parameter of the node, so PowBackward0/2 have one next_functions entry.
POW = row("pow.Tensor_Scalar", "PowBackward0", _pow_forward, "self", elementwise=True,
          self=("zeros_like(grad) if exponent == 0 else grad * (exponent * self.pow(exponent - 1))",
                _pow_derivative))
POW_TENSOR = row("pow.Tensor_Tensor", "PowBackward1", torch_unary.pow_tensors, "self exponent", promote="common",
                 self=("where(exponent == 0, 0.0, grad * (exponent * self.pow(exponent - 1)))",
                       lambda grad, self, exponent: where(exponent == 0, 0.0, grad * (exponent * self ** (exponent - 1)))),
                 # d/dy x**y = x**y log x, taken as 0 where x = 0 and y >= 0 (the limit), as torch does
                 exponent=("grad * where((self == 0) & (exponent >= 0), 0.0, result * self.log())",
                           lambda grad, self, exponent, result:
                           grad * where(logical_and(self == 0, exponent >= 0), 0.0, result * self.log())))
POW_NUMBER_BASE = row("pow.Scalar", "PowBackward2", lambda exponent, base: np.power(exponent.dtype.type(base), exponent),
                      "exponent", exponent=("grad * (result * ln(base))", lambda grad, result, base:
                                            grad * mul_scalar(result, ln(base))))


@formula_helper
def ln(number):
    """The natural logarithm of a python number (a parameter, such as pow's number base)."""
    return float(np.log(number))


@front_door("pow", inplace=True)
def pow(x, y):
    if not isinstance(x, Tensor):
        return apply(POW_NUMBER_BASE, with_number(y, x), base=x)
    if isinstance(y, Tensor):
        return apply(POW_TENSOR, x, y)
    if isinstance(y, int) and not isinstance(y, bool) and y < 0 and x.dtype.category < dtypes.FLOATING:
        raise errors.GradcliError("Integers to negative integer powers are not allowed.")
    return apply(POW, with_number(x, y), exponent=y)


@front_door("square", inplace=True)
def square(x):
    return pow(x, 2)


# ---------------------------------------------------------------- // % fmod
@formula_helper
def not_implemented(name):
    """The derivative torch does not have: reaching it is an error."""
    raise errors.GradcliError("derivative for aten::%s is not implemented" % name)


def _not_implemented(name):
    return ("not_implemented('%s')" % name, lambda grad: not_implemented(name))


def _floor_divide_forward(self, other):
    out = np.floor_divide(self, other)
    return out.astype(np.result_type(self, other)) if isinstance(out, np.ndarray) else out


# torch gives floor_divide a node that raises when reached: its grad_fn is named NotImplemented
FLOOR_DIVIDE = row("floor_divide", "NotImplemented", _floor_divide_forward, "self other", promote="common",
                   self=_not_implemented("floor_divide"), other=_not_implemented("floor_divide"))
FLOOR_DIVIDE_NUMBER = row("floor_divide.Scalar", "NotImplemented", _floor_divide_forward, "self",
                          self=_not_implemented("floor_divide"))


def _div_mode(self, other, rounding_mode):
    q = np.floor_divide(self, other) if rounding_mode == "floor" else np.true_divide(self, other)
    if rounding_mode == "trunc":
        q = np.trunc(q)
    dtype = np.result_type(self, other)
    if dtype.kind in "iu" and rounding_mode == "trunc":
        return (np.sign(self) * np.sign(other) * (np.abs(self) // np.abs(other))).astype(dtype)
    return q.astype(dtype)


# division with a rounding mode is piecewise constant: zero gradients
DIV_MODE = row("div.Tensor_mode", "DivBackward2", _div_mode, "self other", promote="common",
               self=("zeros_like(grad)", zeros_like_grad), other=("zeros_like(grad)", zeros_like_grad))
def _remainder(self, other):
    """torch's remainder: for floats fmod, moved into other's sign where it has the other sign (so -3 % 3 is
    -0., where numpy's remainder says 0.); integers as numpy's (Python's) remainder."""
    if np.result_type(self, other).kind != "f":
        return np.remainder(self, other)
    mod = np.fmod(self, other)
    return np.where((mod != 0) & ((np.asarray(other) < 0) != (mod < 0)), mod + other, mod)


REMAINDER = row("remainder.Tensor", "RemainderBackward1", _remainder, "self other", promote="common",
                self="grad",
                other=("-grad * self.div(other, rounding_mode='floor')",
                       lambda grad, self, other: -grad * div(self, other, rounding_mode="floor")))
REMAINDER_NUMBER = row("remainder.Scalar", "RemainderBackward0", _remainder,
                       "self", self="grad")
REMAINDER_OF_NUMBER = row("remainder.Scalar_Tensor", "NotImplemented",
                          lambda self, other: _remainder(self.dtype.type(other), self), "self",
                          self=_not_implemented("remainder"))
FMOD = row("fmod.Tensor", "FmodBackward1", np.fmod, "self other", promote="common",
           self="grad",
           other=("-grad * self.div(other, rounding_mode='trunc')",
                  lambda grad, self, other: -grad * div(self, other, rounding_mode="trunc")))
FMOD_NUMBER = row("fmod.Scalar", "FmodBackward0", lambda self, other: np.fmod(self, other), "self",
                  self="grad")


def _check_integer_divisor(x, y):
    """Integer division by zero raises in torch (floats give inf or nan)."""
    divisor = y.array if isinstance(y, Tensor) else y
    if not result_dtype([x, y]).is_floating_point and np.any(np.asarray(divisor) == 0):
        raise errors.GradcliError("ZeroDivisionError")


def _by_divisor(tensor_row, number_row, x, y):
    """An integer-division-like op: the Tensor overload, or the Scalar one with the number as a parameter."""
    _check_integer_divisor(x, y)
    if not isinstance(y, Tensor):
        return apply(number_row, with_number(x, y), other=y)
    return apply(tensor_row, x, y)


@front_door("floor_divide", inplace=True)
def floor_divide(x, y):
    return _by_divisor(FLOOR_DIVIDE, FLOOR_DIVIDE_NUMBER, x, y)


@front_door("remainder", inplace=True)
def remainder(x, y):
    if not isinstance(x, Tensor):  # number % tensor: torch has no derivative for it
        _check_integer_divisor(x, y)
        return apply(REMAINDER_OF_NUMBER, with_number(y, x), other=x)
    return _by_divisor(REMAINDER, REMAINDER_NUMBER, x, y)


@front_door("fmod", inplace=True)
def fmod(x, y):
    return _by_divisor(FMOD, FMOD_NUMBER, x, y)


def _swapped(operator, fn):
    """The reflected operator (`number ** x`, `number // x`, `number % x`): fn with the operands swapped."""
    def reflected(x, y):
        return fn(y, x)
    reflected.__name__ = reflected.__qualname__ = operator
    front_door(operator, function=False)(reflected)


_swapped("__rpow__", pow)
_swapped("__rfloordiv__", floor_divide)
_swapped("__rmod__", remainder)


# ---------------------------------------------------------------- addcmul, addcdiv, lerp (the optimizers' arithmetic)
def _addcmul_forward(self, tensor1, tensor2, value=1):
    """torch's kernel, self + value * tensor1 * tensor2, whose compiled loop fuses the last multiply and the add."""
    (self, tensor1, tensor2), dtype = _half_as_float(self, tensor1, tensor2)
    return np.asarray(fused_multiply_add(tensor1 if value == 1 else _scaled(tensor1, value), tensor2, self)
                      ).astype(dtype, copy=False)


def _addcdiv_forward(self, tensor1, tensor2, value=1):
    """torch's kernel, self + value * tensor1 / tensor2, left to right (the division keeps the add unfused)."""
    (self, tensor1, tensor2), dtype = _half_as_float(self, tensor1, tensor2)
    return np.asarray(self + (tensor1 if value == 1 else _scaled(tensor1, value)) / tensor2).astype(dtype, copy=False)


ADDCMUL = row("addcmul", "AddcmulBackward0", _addcmul_forward, "self tensor1 tensor2", promote="common",
              self="grad",
              tensor1=("grad * tensor2 * value", lambda grad, tensor2, value=1: grad * tensor2 * value),
              tensor2=("grad * tensor1 * value", lambda grad, tensor1, value=1: grad * tensor1 * value))
ADDCDIV = row("addcdiv", "AddcdivBackward0", _addcdiv_forward, "self tensor1 tensor2", promote="common",
              self="grad",
              tensor1=("grad * value / tensor2", lambda grad, tensor2, value=1: grad * value / tensor2),
              tensor2=("-grad * value * tensor1 / (tensor2 * tensor2)",
                       lambda grad, tensor1, tensor2, value=1: -grad * value * tensor1 / (tensor2 * tensor2)))


def _lerp_forward(self, end, weight):
    """torch's kernel: from the nearer end, so that weight 0 and 1 give the ends exactly, each form's multiply
    and add fused into one rounding (a tensor weight chooses its form per element)."""
    (self, end), dtype = _half_as_float(self, end)
    work = np.result_type(self, end).type
    difference = np.subtract(end, self)
    if isinstance(weight, np.ndarray):
        weight = weight.astype(work, copy=False)
        out = np.where(np.abs(weight) < 0.5, fused_multiply_add(weight, difference, self),
                       fused_multiply_add(-difference, work(1) - weight, end))
    elif abs(weight) < 0.5:
        out = fused_multiply_add(work(weight), difference, self)
    else:
        out = fused_multiply_add(-difference, work(1) - work(weight), end)
    return np.asarray(out).astype(dtype, copy=False)


LERP = row("lerp.Scalar", "LerpBackward0", _lerp_forward, "self end", promote="common",
           self="grad * (1 - weight)",
           end="grad * weight")
LERP_TENSOR = row("lerp.Tensor", "LerpBackward1", _lerp_forward, "self end weight", promote="common",
                  self="grad * (1 - weight)",
                  end="grad * weight",
                  weight="grad * (end - self)")


@front_door("addcmul", inplace=True)
def addcmul(x, tensor1, tensor2, value=1):
    return apply(ADDCMUL, x, tensor1, tensor2, value=value)


@front_door("addcdiv", inplace=True)
def addcdiv(x, tensor1, tensor2, value=1):
    return apply(ADDCDIV, x, tensor1, tensor2, value=value)


@front_door("lerp", inplace=True)
def lerp(x, end, weight):
    """x + weight * (end - x), with a number or a tensor weight (lerp.Scalar, lerp.Tensor)."""
    if isinstance(weight, Tensor):
        return apply(LERP_TENSOR, x, end, weight)
    return apply(LERP, x, end, weight=weight)


# ---------------------------------------------------------------- in-place fills
ZERO = row("zero_", "ZeroBackward0", lambda self: np.zeros(self.shape, self.dtype), "self",
           self=("zeros_like(grad)", lambda grad: grad * 0))
FILL = row("fill_.Scalar", "FillBackward2", lambda self, value: np.full_like(self, value), "self",
           self=("zeros_like(grad)", lambda grad: grad * 0))


@front_door("zero_", function=False)
def zero_(x):
    if x._changed_alone():  # (a .grad between steps): ZERO's values and the version bump, without the front door
        x.array.fill(0)
        x._version.value += 1
        return x
    return apply_inplace(ZERO, x)


@front_door("fill_", function=False)
def fill_(x, value):
    check_inplace(x)
    return apply_inplace(FILL, x, value=float(value) if isinstance(value, Tensor) else value)

