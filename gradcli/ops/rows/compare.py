"""Comparisons and selection: == < ... and the logical and bitwise ops (no gradient), where, clamp, maximum and
minimum (a gradient only where a value was selected), and the tests of values (isnan, allclose, equal).

torch's subgradient conventions are written into the formulas: clamp passes the gradient at a bound (a bound
value counts as inside), maximum/minimum split it evenly on a tie.
"""

import numpy as np

from ..bind import apply, as_tensor
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor


# ---------------------------------------------------------------- comparisons and logic (no gradient)
def _no_gradient(overload, forward, inputs="self other", promote="common"):
    return row(overload, None, forward, inputs, promote=promote)


_no_gradient("eq.Tensor", np.equal).doors("eq")
_no_gradient("ne.Tensor", np.not_equal).doors("ne")
_no_gradient("lt.Tensor", np.less).doors("lt", "less")
_no_gradient("le.Tensor", np.less_equal).doors("le", "less_equal")
_no_gradient("gt.Tensor", np.greater).doors("gt", "greater")
_no_gradient("ge.Tensor", np.greater_equal).doors("ge", "greater_equal")
LOGICAL_AND = _no_gradient("logical_and", np.logical_and, promote=None).doors("logical_and")
_no_gradient("logical_or", np.logical_or, promote=None).doors("logical_or")
_no_gradient("logical_xor", np.logical_xor, promote=None).doors("logical_xor")
_no_gradient("logical_not", np.logical_not, "self", promote=None).doors("logical_not")
_no_gradient("bitwise_and.Tensor", np.bitwise_and).doors("bitwise_and")  # `&`: logical on bool tensors
_no_gradient("bitwise_or.Tensor", np.bitwise_or).doors("bitwise_or")
_no_gradient("bitwise_xor.Tensor", np.bitwise_xor).doors("bitwise_xor")
_no_gradient("bitwise_not", lambda self: np.logical_not(self) if self.dtype == bool else np.invert(self), "self",
             promote=None).doors("bitwise_not")  # `~`: logical not on bool, bit inversion on integers


def logical_and(x, y):
    return apply(LOGICAL_AND, x, y)


# ---------------------------------------------------------------- where
# the condition is a parameter of the node: WhereBackward0 has one next_functions entry per branch
def _where_forward(self, other, condition):
    limits.check_broadcast([condition, self, other])  # (the condition is a parameter: apply leaves it out)
    return np.where(condition, self, other)


WHERE = row("where.self", "WhereBackward0", _where_forward,
            "self other", promote="common",
            self=("where(condition, grad, 0)", lambda grad, condition: where(Tensor._make(condition), grad, 0.0)),
            other=("where(condition, 0, grad)", lambda grad, condition: where(Tensor._make(condition), 0.0, grad)))


@front_door("where", method=False)
def where(condition, x=None, y=None):
    if x is None and y is None:
        return tuple(Tensor._make(i.astype(np.int64)) for i in np.nonzero(condition.array))
    condition = condition.array if isinstance(condition, Tensor) else np.asarray(condition)
    if condition.dtype != np.bool_:
        raise errors.GradcliError("where expected condition to be a boolean tensor, but got a tensor with dtype %s"
                                  % Tensor._make(condition).dtype.short_name)
    if not isinstance(x, Tensor) and not isinstance(y, Tensor):
        x = as_tensor(x)
    return apply(WHERE, x, y, condition=condition)


@front_door("where", function=False)
def where_method(x, condition, y):
    """Tensor.where(condition, y): self where condition holds, else y (torch.where(condition, self, y))."""
    return where(condition, x, y)


# ---------------------------------------------------------------- clamp
def _clamp_forward(self, min=None, max=None):
    out = self
    if min is not None:
        out = np.maximum(out, np.asarray(min, dtype=self.dtype))
    if max is not None:
        out = np.minimum(out, np.asarray(max, dtype=self.dtype))
    return np.array(out, dtype=self.dtype)


def _inside(self, min, max):
    """min <= self <= max, with an absent bound left out."""
    inside = None if min is None else self >= min
    if max is not None:
        inside = (self <= max) if inside is None else logical_and(inside, self <= max)
    return inside


@formula_helper
def clamp_backward(grad, self, min=None, max=None):
    """grad where min <= self <= max (a bound value counts as inside; an absent bound is left out), else 0."""
    return where(_inside(self, min, max), grad, 0.0)


CLAMP = row("clamp", "ClampBackward1", _clamp_forward, "self", elementwise=True,
            self=("clamp_backward(grad, self, min, max)",
                  lambda grad, self, min=None, max=None: clamp_backward(grad, self, min, max)))
CLAMP_MIN = row("clamp_min", "ClampMinBackward0", lambda self, min: _clamp_forward(self, min=min), "self",
                elementwise=True,
                self=("where(self >= min, grad, 0)", lambda grad, self, min: where(self >= min, grad, 0.0)))
CLAMP_MAX = row("clamp_max", "ClampMaxBackward0", lambda self, max: _clamp_forward(self, max=max), "self",
                elementwise=True,
                self=("where(self <= max, grad, 0)", lambda grad, self, max: where(self <= max, grad, 0.0)))


def _clamp_tensor_forward(self, min, max):
    out = self if min is None else np.maximum(self, min)
    return out if max is None else np.minimum(out, max)


def _lower_wins(grad, self, min, max):
    """clamp_backward_min_max: the lower bound gets the gradient where it wins (and is below the upper one)."""
    wins = self < min
    return where(wins if max is None else logical_and(wins, min < max), grad, 0.0)


def _upper_wins(grad, self, min, max):
    wins = self > max
    return where(wins if min is None else (wins | (max < min)), grad, 0.0)


# clamp with tensor bounds: the bounds are inputs (three next_functions, (None, 0) for a missing one)
CLAMP_TENSOR = row("clamp.Tensor", "ClampBackward0", _clamp_tensor_forward, "self min max",
                   promote="common", promoted="self min max",
                   self="clamp_backward(grad, self, min, max)",
                   min=("where((self < min) & (min < max), grad, 0)", _lower_wins),
                   max=("where((self > max) | (max < min), grad, 0)", _upper_wins))


@front_door("clamp", "clip", inplace=True)
def clamp(x, min=None, max=None):
    if min is None and max is None:
        raise errors.GradcliError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        if not all(v is None or isinstance(v, Tensor) for v in (min, max)):
            raise errors.type_error("clamp() received an invalid combination of arguments - got (Tensor, %s, %s)"
                                    % tuple(type(v).__name__ for v in (min, max)))
        return apply(CLAMP_TENSOR, x, min, max)
    return apply(CLAMP, x, min=min, max=max)


def _number(value):
    return value.item() if isinstance(value, Tensor) else value


@front_door("clamp_min", inplace=True)
def clamp_min(x, min):
    return apply(CLAMP_MIN, x, min=_number(min))


@front_door("clamp_max", inplace=True)
def clamp_max(x, max):
    return apply(CLAMP_MAX, x, max=_number(max))


# ---------------------------------------------------------------- maximum, minimum
# torch: grad where self wins, half of it on ties (so that maximum(x, x) still has gradient 1 in total)
MAXIMUM = row("maximum", "MaximumBackward0", np.maximum, "self other", promote="common",
              self=("where(self == other, grad / 2, grad).masked_fill(self < other, 0)",
                    lambda grad, self, other: where(self == other, grad / 2, grad).masked_fill(self < other, 0.0)),
              other=("where(self == other, grad / 2, grad).masked_fill(self > other, 0)",
                     lambda grad, self, other: where(self == other, grad / 2, grad).masked_fill(self > other, 0.0))
              ).doors("maximum")
MINIMUM = row("minimum", "MinimumBackward0", np.minimum, "self other", promote="common",
              self=("where(self == other, grad / 2, grad).masked_fill(self > other, 0)",
                    lambda grad, self, other: where(self == other, grad / 2, grad).masked_fill(self > other, 0.0)),
              other=("where(self == other, grad / 2, grad).masked_fill(self < other, 0)",
                     lambda grad, self, other: where(self == other, grad / 2, grad).masked_fill(self < other, 0.0))
              ).doors("minimum")


# ---------------------------------------------------------------- tests of values (no gradient)
@front_door("isnan")
def isnan(x):
    return Tensor._make(np.isnan(x.array))


@front_door("isinf")
def isinf(x):
    return Tensor._make(np.isinf(x.array))


@front_door("isfinite")
def isfinite(x):
    return Tensor._make(np.isfinite(x.array))


@front_door("allclose")
def allclose(x, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """A python bool: |x - other| <= atol + rtol * |other| everywhere (broadcasting as torch does)."""
    limits.check_broadcast([x.array, other.array])  # (numpy's temporaries have the broadcast shape)
    return bool(np.allclose(x.array, other.array, rtol=rtol, atol=atol, equal_nan=equal_nan))


@front_door("isclose")
def isclose(x, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|x - other| <= atol + rtol * |other| elementwise (nan equal to nan only with equal_nan)."""
    a, b = x.array, other.array if isinstance(other, Tensor) else other
    limits.check_broadcast([a, b])
    return Tensor._make(np.asarray(np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


@front_door("equal")
def equal(x, other):
    """A python bool: the same shape and the same values."""
    return x.shape == other.shape and bool(np.array_equal(x.array, other.array))
