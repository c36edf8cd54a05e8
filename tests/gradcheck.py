"""A numeric gradient checker in float64, without torch (in the spirit of torch.autograd.gradcheck and HIPS
autograd's check_grads).

It compares vector-Jacobian products: for a fixed random cotangent v, the analytic gradient of <v, f(x)> from
gradcli's autograd with central differences of <v, f(x)> in each input element. `gradgradcheck` does the same
one level up: the gradient (built with create_graph=True) is itself differentiated and compared with central
differences of the first-order analytic gradient.
"""

import numpy as np

from gradcli.core import backward as autograd
from gradcli.base.grad_mode import no_grad
from gradcli.core.tensor import Tensor


class GradcheckError(AssertionError):
    pass


def _leaves(arrays):
    return [Tensor(np.array(a, dtype=np.float64), requires_grad=True) for a in arrays]


def _as_list(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _inner(outputs, cotangents):
    """<v, f(x)> as a python float (no graph)."""
    return float(sum(np.sum(o.array * v) for o, v in zip(outputs, cotangents)))


def _numeric(scalar_fn, arrays, eps):
    """Central differences of scalar_fn(arrays) with respect to every element of every array."""
    grads = []
    for i, a in enumerate(arrays):
        g = np.zeros_like(a, dtype=np.float64)
        flat = g.reshape(-1)
        for j in range(a.size):
            plus = [b.copy() for b in arrays]
            minus = [b.copy() for b in arrays]
            plus[i].reshape(-1)[j] += eps
            minus[i].reshape(-1)[j] -= eps
            flat[j] = (scalar_fn(plus) - scalar_fn(minus)) / (2 * eps)
        grads.append(g)
    return grads


def _compare(analytic, numeric, atol, rtol, what):
    for i, (a, n) in enumerate(zip(analytic, numeric)):
        a = np.zeros_like(n) if a is None else a.array
        if not np.allclose(a, n, atol=atol, rtol=rtol):
            raise GradcheckError("%s mismatch for input %d:\nanalytic\n%s\nnumeric\n%s" % (what, i, a, n))


def gradcheck(fn, arrays, eps=1e-6, atol=1e-5, rtol=1e-4, seed=0):
    """Check fn's first derivatives at `arrays` (numpy float64 inputs); returns True or raises GradcheckError."""
    rng = np.random.default_rng(seed)
    leaves = _leaves(arrays)
    outputs = _as_list(fn(*leaves))
    cotangents = [rng.uniform(-1, 1, o.shape) for o in outputs]
    analytic = autograd.grad(outputs, leaves, [Tensor(v) for v in cotangents], allow_unused=True)

    def scalar(values):
        with no_grad():
            return _inner(_as_list(fn(*[Tensor(v) for v in values])), cotangents)
    _compare(analytic, _numeric(scalar, [np.array(a, dtype=np.float64) for a in arrays], eps), atol, rtol,
             "first derivative")
    return True


def gradgradcheck(fn, arrays, eps=1e-6, atol=1e-5, rtol=1e-4, seed=0):
    """Check fn's second derivatives: d/dx <u, grad_x <v, f(x)>> against differences of the analytic gradient."""
    rng = np.random.default_rng(seed)
    leaves = _leaves(arrays)
    outputs = _as_list(fn(*leaves))
    cotangents = [rng.uniform(-1, 1, o.shape) for o in outputs]
    first = autograd.grad(outputs, leaves, [Tensor(v) for v in cotangents], allow_unused=True, create_graph=True)
    us = [rng.uniform(-1, 1, leaf.shape) for leaf in leaves]
    terms = [(g * Tensor(u)).sum() for g, u in zip(first, us) if g is not None and g.requires_grad]
    if not terms:
        raise GradcheckError("the first derivative does not require grad: nothing to check")
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    analytic = autograd.grad(total, leaves, allow_unused=True)

    def scalar(values):
        xs = _leaves(values)
        gs = autograd.grad(_as_list(fn(*xs)), xs, [Tensor(v) for v in cotangents], allow_unused=True)
        return float(sum(np.sum(g.array * u) for g, u in zip(gs, us) if g is not None))
    _compare(analytic, _numeric(scalar, [np.array(a, dtype=np.float64) for a in arrays], eps), atol, rtol,
             "second derivative")
    return True
