"""Elementwise math functions: exp and log, trigonometric and hyperbolic functions, sqrt, erf, tanh, sigmoid,
abs, relu, the rounding functions; atan2.

Formulas name the constants as C's math.h does (M_LN2, M_LN10, M_2_SQRTPI); see table.FORMULA_CONSTANTS.
tanh, sigmoid and relu differentiate through ops of their own, as in torch (tanh_backward, ...): a gradient built
with create_graph=True then has grad_fn TanhBackwardBackward0, and so on.
"""

import numpy as np

from .arithmetic import _half_as_float, add_scalar, mul_scalar, zeros_like_grad
from ..bind import apply
from .compare import where
from ..table import FORMULA_CONSTANTS, formula_helper, front_door, row
from ...base import errors
from ...kernels import special, unary as torch_unary
from ...kernels.fma import fma64, one_minus_square32
from ...core.tensor import Tensor

M_LN2, M_LN10, M_2_SQRTPI, M_SQRTPI = (FORMULA_CONSTANTS[name] for name in ("M_LN2", "M_LN10", "M_2_SQRTPI",
                                                                              "M_SQRTPI"))


def unary(overload, name, forward, formula, derivative=None, promote="float"):
    """A function of one tensor, elementwise."""
    return row(overload, name, forward, "self", promote=promote, elementwise=True,
               self=formula if derivative is None else (formula, derivative))


def _vml(name, fallback):
    """torch's exp, log, sqrt, trigonometric functions, tanh, erf...: float32/64 run Intel MKL's VML in torch,
    which gradcli calls when the mkl extra is installed; without it float32 exp/log/tanh/sin/cos/erf are the
    float64 value rounded once (93-99.9% of elements agree, docs/exactness.md) and the rest numpy's; float16
    exp/log/tanh/sin/cos/erf as torch computes them (kernels/unary.py)."""
    kernel = torch_unary.vml_kernel(name, fallback)
    return lambda self: kernel(self) if isinstance(self, np.ndarray) else fallback(self)


def _kernel(kernel, fallback, dtypes=(np.float32, np.float16)):
    """torch's own kernel for the dtypes it is reproduced for (kernels/unary.py), numpy's otherwise."""
    dtypes = frozenset(np.dtype(d) for d in dtypes)  # (a set of dtypes: `in` a tuple of types converts each)
    return lambda self: kernel(self) if isinstance(self, np.ndarray) and self.dtype in dtypes else fallback(self)


_FLOATS = (np.float32, np.float64, np.float16)

# ---------------------------------------------------------------- exp and log
unary("exp", "ExpBackward0", _vml("exp", np.exp), "grad * result").doors("exp", inplace=True)
unary("exp2", "Exp2Backward0", _kernel(torch_unary.exp2, np.exp2, _FLOATS), "grad * result * M_LN2",
      lambda grad, result: mul_scalar(grad * result, M_LN2)).doors("exp2", inplace=True)
unary("expm1", "Expm1Backward0", _kernel(torch_unary.expm1, np.expm1, _FLOATS), "grad * (result + 1)",
      lambda grad, result: grad * add_scalar(result, 1)).doors("expm1", inplace=True)
unary("log", "LogBackward0", _vml("log", np.log), "grad / self").doors("log", inplace=True)
unary("log1p", "Log1PBackward0", _kernel(torch_unary.log1p, np.log1p, _FLOATS), "grad / (self + 1)",
      lambda grad, self: grad / add_scalar(self, 1)).doors("log1p", inplace=True)
unary("log2", "Log2Backward0", _vml("log2", np.log2), "grad / (self * M_LN2)").doors("log2", inplace=True)
unary("log10", "Log10Backward0", _vml("log10", np.log10), "grad / (self * M_LN10)").doors("log10", inplace=True)
SQRT = unary("sqrt", "SqrtBackward0", _vml("sqrt", np.sqrt), "grad / (result * 2)",
      lambda grad, result: grad / mul_scalar(result, 2)).doors("sqrt", inplace=True)
unary("rsqrt", "RsqrtBackward0", _kernel(torch_unary.rsqrt, lambda self: np.reciprocal(np.sqrt(self)),
                                         (np.float32, np.float64)), "-0.5 * grad * result.pow(3)",
      lambda grad, result: -0.5 * grad * result ** 3).doors("rsqrt", inplace=True)
unary("erf", "ErfBackward0", _vml("erf", special.erf),
      "M_2_SQRTPI * (-self * self).exp() * grad").doors("erf", inplace=True)
unary("erfc", "ErfcBackward0", _vml("erfc", special.erfc),
      "-M_2_SQRTPI * (-self * self).exp() * grad").doors("erfc", inplace=True)
unary("erfinv", "ErfinvBackward0", _vml("erfinv", special.erfinv),
      "0.5 * M_SQRTPI * self.erfinv().pow(2).exp() * grad").doors("erfinv", inplace=True)
unary("lgamma", "LgammaBackward0", special.lgamma, "grad * self.digamma()").doors("lgamma", inplace=True)
unary("digamma", "DigammaBackward0", special.digamma, "grad * torch.polygamma(1, self)",
      lambda grad, self: grad * polygamma(1, self)).doors("digamma", inplace=True)
POLYGAMMA = row("polygamma", "PolygammaBackward0", lambda self, n: special.polygamma(n, self), "self",
                promote="float", elementwise=True,
                self=("grad * torch.polygamma(n + 1, self)", lambda grad, self, n: grad * polygamma(n + 1, self)))


@front_door("polygamma", method=False)
def polygamma(n, x):
    """The n-th derivative of digamma, elementwise."""
    if n < 0:
        raise errors.GradcliError("polygamma(n, x) does not support negative n.")
    return apply(POLYGAMMA, x, n=n)


@front_door("polygamma", function=False, inplace=True)
def polygamma_method(x, n):
    return polygamma(n, x)

# ---------------------------------------------------------------- trigonometric and hyperbolic
unary("sin", "SinBackward0", _vml("sin", np.sin), "grad * self.cos()").doors("sin", inplace=True)
unary("cos", "CosBackward0", _vml("cos", np.cos), "grad * -self.sin()").doors("cos", inplace=True)
unary("tan", "TanBackward0", _vml("tan", np.tan), "grad * (result * result + 1)").doors("tan", inplace=True)
unary("asin", "AsinBackward0", _vml("asin", np.arcsin),
      "grad * (-self * self + 1).rsqrt()").doors("asin", "arcsin", inplace=True)
unary("acos", "AcosBackward0", _vml("acos", np.arccos),
      "grad * -((-self * self + 1).rsqrt())").doors("acos", "arccos", inplace=True)
unary("atan", "AtanBackward0", _vml("atan", np.arctan), "grad / (self * self + 1)",
      lambda grad, self: grad / add_scalar(self * self, 1)).doors("atan", "arctan", inplace=True)
unary("sinh", "SinhBackward0", _kernel(torch_unary.sinh, np.sinh, _FLOATS),
      "grad * self.cosh()").doors("sinh", inplace=True)
unary("cosh", "CoshBackward0", _kernel(torch_unary.cosh, np.cosh, _FLOATS),
      "grad * self.sinh()").doors("cosh", inplace=True)
unary("asinh", "AsinhBackward0", _kernel(torch_unary.asinh, np.arcsinh, _FLOATS),
      "grad * (self.pow(2) + 1).rsqrt()").doors("asinh", "arcsinh", inplace=True)
unary("acosh", "AcoshBackward0", _kernel(torch_unary.acosh, np.arccosh, _FLOATS),
      "grad * (self.pow(2) - 1).rsqrt()").doors("acosh", "arccosh", inplace=True)
unary("atanh", "AtanhBackward0", _kernel(torch_unary.atanh, np.arctanh, _FLOATS),
      "grad * 1 / (1 - self.pow(2))").doors("atanh", "arctanh", inplace=True)

def _atan2_reciprocal(self, other):
    """1 / (self^2 + other^2), 0 where that is inf: torch's atan2 backward is 0 at (0, 0) (MaskedFillBackward0
    under create_graph), where the plain quotient is 0 * inf = nan."""
    reciprocal = (self * self + other * other).reciprocal()
    return reciprocal.masked_fill(reciprocal.isinf(), 0)


ATAN2 = row("atan2", "Atan2Backward0", np.arctan2, "self other", promote="float",
            self=("grad * other * where(self * self + other * other == 0, 0.0, 1 / (self * self + other * other))",
                  lambda grad, self, other: grad * other * _atan2_reciprocal(self, other)),
            other=("grad * -self * where(self * self + other * other == 0, 0.0, 1 / (self * self + other * other))",
                   lambda grad, self, other: grad * -self * _atan2_reciprocal(self, other))
            ).doors("atan2", "arctan2", inplace=True)


# ---------------------------------------------------------------- tanh, sigmoid, relu
def _tanh_backward(grad_output, output):
    """torch's kernel, grad_output * (1 - output²), whose compiled loop fuses `1 - y*y` into one multiply-add: one
    rounding, where numpy's multiply then subtract would round twice."""
    (g, y), dtype = _half_as_float(grad_output, output)
    y = np.asarray(y)
    factor = fma64(-y, y, 1.0) if y.dtype == np.float64 else one_minus_square32(y.astype(np.float32, copy=False))
    return np.asarray(np.multiply(g, factor)).astype(dtype, copy=False)


TANH_BACKWARD = row("tanh_backward", "TanhBackwardBackward0", _tanh_backward, "grad_output output", promote="common",
                    grad_output=("grad * (1 - output * output)", lambda grad, output: tanh_backward(grad, output)),
                    output="grad * (-2 * output * grad_output)")
SIGMOID_BACKWARD = row("sigmoid_backward", "SigmoidBackwardBackward0",
                       lambda grad_output, output: grad_output * (1 - output) * output,  # torch's order
                       "grad_output output", promote="common",
                       grad_output=("grad * output * (1 - output)",
                                    lambda grad, output: sigmoid_backward(grad, output)),
                       output="grad * grad_output * (-2 * output + 1)")
THRESHOLD_BACKWARD = row("threshold_backward", "ThresholdBackwardBackward0",
                         lambda grad_output, self: np.where(self > 0, grad_output, 0).astype(grad_output.dtype, copy=False),
                         "grad_output self",
                         grad_output=("where(self > 0, grad, 0)", lambda grad, self: threshold_backward(grad, self)),
                         self=("zeros_like(grad)", zeros_like_grad))


def tanh_backward(grad_output, output):
    return apply(TANH_BACKWARD, grad_output, output)


def sigmoid_backward(grad_output, output):
    return apply(SIGMOID_BACKWARD, grad_output, output)


def threshold_backward(grad_output, self):
    return apply(THRESHOLD_BACKWARD, grad_output, self)


unary("tanh", "TanhBackward0", _vml("tanh", np.tanh), "grad * (1 - result * result)",
      lambda grad, result: tanh_backward(grad, result)).doors("tanh", functional=True, inplace=True)
unary("sigmoid", "SigmoidBackward0", _kernel(torch_unary.sigmoid, lambda self: 1 / (1 + np.exp(-self)), _FLOATS),
      "grad * result * (1 - result)",
      lambda grad, result: sigmoid_backward(grad, result)).doors("sigmoid", functional=True, inplace=True)
# relu'(0) is 0: the gradient passes only where the result is positive
unary("relu", "ReluBackward0", lambda self: np.maximum(self, 0).astype(self.dtype, copy=False), "where(result > 0, grad, 0)",
      lambda grad, result: threshold_backward(grad, result), promote=None).doors("relu", inplace=True)
unary("abs", "AbsBackward0", np.abs, "grad * self.sgn()", promote=None
      ).doors("abs", "absolute", inplace=True)

# ---------------------------------------------------------------- piecewise constant: zero gradients
for _overload, _name, _forward in (("sign", "SignBackward0", np.sign), ("sgn", "SgnBackward0", np.sign),
                                   ("floor", "FloorBackward0", np.floor), ("ceil", "CeilBackward0", np.ceil),
                                   ("trunc", "TruncBackward0", np.trunc)):
    unary(_overload, _name, _forward, "zeros_like(grad)", zeros_like_grad, promote=None).doors(_overload, inplace=True)
ROUND = unary("round", "RoundBackward0", np.round, "zeros_like(grad)", zeros_like_grad, promote=None)  # half to even


def _round_decimals(self, decimals):
    """torch's round.decimals kernel: nearbyint(x * 10^d) / 10^d (x / 10^-d, then * 10^-d, for d < 0), in x's
    own precision."""
    scale = self.dtype.type(10.0 ** abs(decimals) if abs(decimals) <= 308 else np.inf)  # C's pow: inf past it
    if decimals >= 0:
        return np.round(self * scale) / scale
    return np.round(self / scale) * scale


ROUND_DECIMALS = row("round.decimals", "RoundBackward1", _round_decimals, "self",
                     self=("zeros_like(grad)", zeros_like_grad))


@front_door("round", inplace=True)
def round(x, *positional, decimals=None):
    """round(x) rounds half to even (RoundBackward0); round(x, decimals=d) is the decimals overload
    (RoundBackward1)."""
    if positional or decimals is not None and not isinstance(x, Tensor):  # decimals is keyword-only in torch
        got = [type(v).__name__ for v in (x,) + positional]
        if decimals is not None:
            got.append("decimals=" + type(decimals).__name__)
        raise errors.type_error("round() received an invalid combination of arguments - got (%s), but expected one "
                                "of:\n * (Tensor input, *, Tensor out = None)\n * (Tensor input, *, int decimals, "
                                "Tensor out = None)" % ", ".join(got))
    if decimals is None:
        return apply(ROUND, x)
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("\"round_cpu\" not implemented for '%s'" % x.dtype.short_name, "NotImplementedError")
    return apply(ROUND_DECIMALS, x, decimals=decimals)



# ---------------------------------------------------------------- logit, xlogy, hypot, nan_to_num
def _logit_forward(self, eps=None):
    x = self if eps is None else np.clip(self, eps, 1 - eps)
    return np.log(x / (1 - x)).astype(self.dtype)


@formula_helper
def logit_backward(grad, self, eps=None):
    """grad / (self (1 - self)); outside [eps, 1 - eps] 0 (nan outside [0, 1] without eps)."""
    inside = grad / (self * (1 - self))
    if eps is None:
        return where((self < 0) | (self > 1), float("nan"), inside)
    return where((self < eps) | (self > 1 - eps), 0.0, inside)


LOGIT = row("logit", "LogitBackward0", _logit_forward, "self", promote="float", elementwise=True,
            self=("logit_backward(grad, self, eps)", lambda grad, self, eps=None: logit_backward(grad, self, eps)))


@front_door("logit", inplace=True)
def logit(x, eps=None):
    return apply(LOGIT, x, eps=eps) if eps is not None else apply(LOGIT, x)


def _xlogy_forward(self, other):
    with np.errstate(all="ignore"):
        out = np.where(self == 0, 0, self * np.log(other))
    return np.where(np.isnan(other), np.nan, out).astype(np.result_type(self, other))


XLOGY = row("xlogy.Tensor", "XlogyBackward0", _xlogy_forward, "self other", promote="float", elementwise=True,
            self=("torch.xlogy(grad, other).masked_fill((self == 0) & (other <= 0), 0)",
                  lambda grad, self, other: xlogy(grad, other).masked_fill((self == 0) & (other <= 0), 0.0)),
            other="grad * self / other")


@front_door("xlogy", inplace=True)
def xlogy(x, y):
    """x * log(y), and 0 where x is 0 (unless y is nan)."""
    if not isinstance(x, Tensor):
        x = Tensor._make(np.asarray(x, np.float32))
    return apply(XLOGY, x, y)


HYPOT = row("hypot", "HypotBackward0", np.hypot, "self other", promote="common",
            self="grad * self / result",
            other="grad * other / result").doors("hypot", inplace=True)

# torch's derivatives.yaml: self: grad / (1 + exp(other - self)), other: grad / (1 + exp(self - other))
LOGADDEXP = row("logaddexp", "LogaddexpBackward0", np.logaddexp, "self other", promote="float",
                self="grad / (1 + (other - self).exp())",
                other="grad / (1 + (self - other).exp())").doors("logaddexp")


def _nan_to_num_forward(self, nan=0.0, posinf=None, neginf=None):
    return np.nan_to_num(self, nan=nan, posinf=posinf, neginf=neginf)


NAN_TO_NUM = row("nan_to_num", "NanToNumBackward0", _nan_to_num_forward, "self", elementwise=True,
                 self="grad * self.isfinite()")


@front_door("nan_to_num", inplace=True)
def nan_to_num(x, nan=0.0, posinf=None, neginf=None):
    """nan, inf and -inf replaced (by 0, the dtype's largest and smallest values by default)."""
    return apply(NAN_TO_NUM, x, nan=nan, posinf=posinf, neginf=neginf)
