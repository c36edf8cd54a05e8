"""The names that formula texts use beyond gradcli's language, symbolically: derivatives.yaml's constants (M_LN2,
...) and helper functions (sum_backward, clamp_backward, ...), each computing what the op table's helper of the
same name computes on numbers (gradcli/ops, table.HELPERS and FORMULA_CONSTANTS).

A helper is a dispatch rule with no overload: it gives a value, records nothing.
"""

from . import algebra as al
from .dispatch import Value, as_value, plain
from .expr import HALF, PI, TWO, Expr, number
from .functions import call

CONSTANTS = {"M_LN2": call("log", [TWO]), "M_LN10": call("log", [number(10)]), "M_PI": PI,
             "M_2_SQRTPI": al.mul(TWO, al.power(PI, -HALF)), "M_SQRTPI": al.power(PI, HALF)}


def _helper(fn):
    def rule(*args, **kwargs):
        return None, {}, {}, fn(*args, **kwargs)
    return rule


def _expr(v):
    return v if isinstance(v, Expr) else as_value(v).expr


def _where(condition, then, otherwise):
    return al.where(condition, _expr(then), _expr(otherwise))


def _unsqueezed(grad, dim, keepdim):
    """A reduction's gradient with its dim put back (restore_reduced_dims), for the broadcast back."""
    dim = plain(dim)
    return grad.expr if keepdim or dim is None else call("unsqueeze", [grad.expr], {"dim": dim})


def clamp_backward(grad, self, min=None, max=None):
    inside = [al.rel(op, self.expr, as_value(bound).expr) for op, bound in ((">=", min), ("<=", max))
              if bound is not None]
    return al.mul(grad.expr, *inside)


def leaky_relu_backward(grad, self, negative_slope):
    return _where(al.rel(">", self.expr, number(0)), grad, grad.expr * as_value(negative_slope).expr)


def elu_backward(grad, self, alpha):
    return _where(al.rel(">", self.expr, number(0)), grad, grad.expr * as_value(alpha).expr * call("exp", [self.expr]))


def softplus_backward(grad, self, beta=1, threshold=20):
    beta, threshold = as_value(beta).expr, as_value(threshold).expr
    return _where(al.rel(">", self.expr * beta, threshold), grad, grad.expr * call("sigmoid", [beta * self.expr]))


def gelu_backward(grad, self, approximate="none"):
    if approximate != "none":
        raise TypeError("gelu_backward")  # the tanh approximation: no symbolic rule here
    x = self.expr
    phi = al.add(number(1), call("erf", [x * al.power(TWO, -HALF)])) * HALF
    return grad.expr * al.add(phi, x * call("exp", [-(x * x) / 2]) * al.power(TWO * PI, -HALF))


def sum_backward(grad, sizes, dim, keepdim):
    return _unsqueezed(grad, dim, keepdim)


def mean_backward(grad, sizes, dim, keepdim):
    x = sizes.value.expr  # `self.shape`: the count averaged is x.size(dim), or every element
    count = call("size", [x], {"dim": plain(dim)}) if plain(dim) is not None else call("numel", [x])
    return _unsqueezed(grad, dim, keepdim) / count


def evenly_distribute_backward(grad, self, result):
    maxima = al.rel("==", self.expr, result.expr)
    return grad.expr * maxima / call("sum", [maxima])


def logsumexp_backward(grad, self, result, dim, keepdim):
    return _unsqueezed(grad, dim, keepdim) * call("exp", [self.expr - _unsqueezed(result, dim, keepdim)])


def ln(number_):
    return call("log", [as_value(number_).expr])


HELPERS = {fn.__name__: _helper(fn) for fn in (
    clamp_backward, leaky_relu_backward, elu_backward, softplus_backward, gelu_backward, sum_backward,
    mean_backward, evenly_distribute_backward, logsumexp_backward, ln)}
FORMULA_NAMES = dict({name: Value(expr) for name, expr in CONSTANTS.items()})
