"""torch.nn.functional's pointwise activations, softmax and losses, one Op row each.

softmax and log_softmax save their result (as torch does): the version check names them when the output is
changed in place before backward.
"""

import math

import numpy as np

from . import Grad, Op, apply, export
from .pointwise import _erf, add_scalar, div_scalar, exp, sigmoid, where
from .. import dtypes, errors, limits
from ..tensor import Tensor, wrap_dim


# ---------------------------------------------------------------- softmax
def _softmax_forward(x, dim):
    shifted = x - np.max(x, axis=dim, keepdims=True)
    e = np.exp(shifted)
    return (e / np.sum(e, axis=dim, keepdims=True)).astype(x.dtype)


def _log_softmax_forward(x, dim):
    shifted = x - np.max(x, axis=dim, keepdims=True)
    return (shifted - np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True))).astype(x.dtype)


SOFTMAX = Op("SoftmaxBackward0", _softmax_forward, "x",
             (Grad("ans", lambda g, ans, dim: softmax_backward_data(g, ans, dim)),), promote="float")
LOG_SOFTMAX = Op("LogSoftmaxBackward0", _log_softmax_forward, "x",
                 (Grad("ans", lambda g, ans, dim: log_softmax_backward_data(g, ans, dim)),), promote="float")

# torch's backward kernels are ops of their own, so gradients built with create_graph=True carry their names.
# softmax: dx = y (g - sum(g y)); linear and self-adjoint in g, and for y: gg (g - sum(g y)) - g sum(gg y).
SOFTMAX_BACKWARD_DATA = Op(
    "SoftmaxBackwardDataBackward0",
    lambda g, y, dim: (y * (g - np.sum(g * y, axis=dim, keepdims=True))).astype(g.dtype), "g y", (
        Grad("y", lambda gg, y, dim: softmax_backward_data(gg, y, dim)),
        Grad("g y", lambda gg, g, y, dim: gg * (g - (g * y).sum(dim=dim, keepdim=True))
             - g * (gg * y).sum(dim=dim, keepdim=True))))
# log_softmax: dx = g - exp(y) sum(g)
LOG_SOFTMAX_BACKWARD_DATA = Op(
    "LogSoftmaxBackwardDataBackward0",
    lambda g, y, dim: (g - np.exp(y) * np.sum(g, axis=dim, keepdims=True)).astype(g.dtype), "g y", (
        Grad("y", lambda gg, y, dim: gg - (gg * exp(y)).sum(dim=dim, keepdim=True)),
        Grad("g y", lambda gg, g, y, dim: -gg * exp(y) * g.sum(dim=dim, keepdim=True))))


def softmax_backward_data(g, y, dim):
    return apply(SOFTMAX_BACKWARD_DATA, g, y, dim=dim)


def log_softmax_backward_data(g, y, dim):
    return apply(LOG_SOFTMAX_BACKWARD_DATA, g, y, dim=dim)


def _softmax_dim(x, dim):
    if dim is None:
        errors.warn("Implicit dimension choice for softmax has been deprecated. Change the call to include dim=X "
                    "as an argument.")
        dim = 0 if x.ndim in (0, 1, 3) else 1
    return wrap_dim(dim, x.ndim)


def _softmax_input(x, dtype):
    return x.to(dtype) if dtype is not None else x


@export("softmax")
def softmax(x, dim=None, dtype=None):
    x = _softmax_input(x, dtype)
    if x.ndim == 0:
        return apply(SOFTMAX, x.reshape(1), dim=0).reshape(())
    return apply(SOFTMAX, x, dim=_softmax_dim(x, dim))


@export("log_softmax")
def log_softmax(x, dim=None, dtype=None):
    x = _softmax_input(x, dtype)
    if x.ndim == 0:
        return apply(LOG_SOFTMAX, x.reshape(1), dim=0).reshape(())
    return apply(LOG_SOFTMAX, x, dim=_softmax_dim(x, dim))


# ---------------------------------------------------------------- activations
SQRT_HALF = math.sqrt(0.5)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _gelu_forward(x, approximate="none"):
    if approximate == "tanh":
        inner = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)
        return (0.5 * x * (1 + np.tanh(inner))).astype(x.dtype)
    return (0.5 * x * (1 + _erf(x * x.dtype.type(SQRT_HALF)))).astype(x.dtype)


def _gelu_derivative(x, approximate):
    """d gelu / dx and d2 gelu / dx2, in tensor ops."""
    from .pointwise import erf, tanh
    if approximate == "tanh":
        k, c = math.sqrt(2.0 / math.pi), 0.044715
        t = tanh(k * (x + c * x ** 3))
        du = k * (1 + 3 * c * x * x)
        first = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * du
        second = (1 - t * t) * (du - x * t * du * du + 3 * k * c * x * x)
        return first, second
    pdf = INV_SQRT_2PI * exp(-0.5 * x * x)
    first = 0.5 * (1 + erf(x * SQRT_HALF)) + x * pdf
    return first, pdf * (2 - x * x)


def _gelu_backward_forward(g, x, approximate="none"):
    first, _ = _gelu_derivative(Tensor._make(x), approximate)
    return (g * first.array).astype(g.dtype)


GELU_BACKWARD = Op("GeluBackwardBackward0", _gelu_backward_forward, "g x", (
    Grad("x", lambda gg, x, approximate="none": gelu_backward(gg, x, approximate)),
    Grad("g x", lambda gg, g, x, approximate="none": gg * g * _gelu_derivative(x, approximate)[1])))


def gelu_backward(g, x, approximate="none"):
    return apply(GELU_BACKWARD, g, x, approximate=approximate)


def _softplus_forward(x, beta=1, threshold=20):
    bx = x * beta
    # above the threshold softplus is x itself (torch switches to the identity there for accuracy)
    return np.where(bx > threshold, x, np.log1p(np.exp(bx)) / beta).astype(x.dtype)


def _softplus_backward_forward(g, x, beta=1, threshold=20):
    bx = x * beta
    return np.where(bx > threshold, g, g / (1 + np.exp(-bx))).astype(g.dtype)


SOFTPLUS_BACKWARD = Op("SoftplusBackwardBackward0", _softplus_backward_forward, "g x", (
    Grad("x", lambda gg, x, beta=1, threshold=20: softplus_backward(gg, x, beta, threshold)),
    Grad("g x", lambda gg, g, x, beta=1, threshold=20: where(
        x * beta > threshold, 0.0, gg * g * beta * sigmoid(x * beta) * (1 - sigmoid(x * beta))))))
LEAKY_RELU_BACKWARD = Op("LeakyReluBackwardBackward0", lambda g, x, negative_slope: np.where(
    x > 0, g, g * g.dtype.type(negative_slope)).astype(g.dtype), "g x", (
    Grad("x", lambda gg, x, negative_slope: leaky_relu_backward(gg, x, negative_slope)),
    Grad("", lambda gg, **_: Tensor._make(np.zeros(gg.shape, gg.array.dtype)))))
ELU_BACKWARD = Op("EluBackwardBackward0", lambda g, x, alpha: np.where(
    x > 0, g, g * alpha * np.exp(x)).astype(g.dtype), "g x", (
    Grad("x", lambda gg, x, alpha: elu_backward(gg, x, alpha)),
    Grad("g x", lambda gg, g, x, alpha: where(x > 0, 0.0, gg * g * alpha * exp(x)))))


def softplus_backward(g, x, beta=1, threshold=20):
    return apply(SOFTPLUS_BACKWARD, g, x, beta=beta, threshold=threshold)


def leaky_relu_backward(g, x, negative_slope):
    return apply(LEAKY_RELU_BACKWARD, g, x, negative_slope=negative_slope)


def elu_backward(g, x, alpha):
    return apply(ELU_BACKWARD, g, x, alpha=alpha)


def _elu_forward(x, alpha=1.0):
    return np.where(x > 0, x, alpha * np.expm1(x)).astype(x.dtype)


LEAKY_RELU = Op("LeakyReluBackward0", lambda x, negative_slope=0.01: np.where(
    x > 0, x, x * x.dtype.type(negative_slope)).astype(x.dtype), "x",
    (Grad("x", lambda g, x, negative_slope=0.01: leaky_relu_backward(g, x, negative_slope)),), promote="float")
GELU = Op("GeluBackward0", _gelu_forward, "x",
          (Grad("x", lambda g, x, approximate="none": gelu_backward(g, x, approximate)),), promote="float")
def _silu_grad(g, x):
    """torch's silu_backward: grad * sigmoid * (1 + self * (1 - sigmoid)), the 1 + ... a C++ Scalar add."""
    s = sigmoid(x)
    return g * s * add_scalar(x * (1 - s), 1)


SILU = Op("SiluBackward0", lambda x: (x / (1 + np.exp(-x))).astype(x.dtype), "x",
          (Grad("x", lambda g, x: _silu_grad(g, x)),), promote="float")
ELU = Op("EluBackward0", _elu_forward, "x",
         (Grad("x", lambda g, x, alpha=1.0: elu_backward(g, x, alpha)),), promote="float")
SOFTPLUS = Op("SoftplusBackward0", _softplus_forward, "x",
              (Grad("x", lambda g, x, beta=1, threshold=20: softplus_backward(g, x, beta, threshold)),),
              promote="float")


@export("leaky_relu", method=False)
def leaky_relu(x, negative_slope=0.01, inplace=False):
    return apply(LEAKY_RELU, x, negative_slope=negative_slope)


@export("gelu", method=False)
def gelu(x, approximate="none"):
    return apply(GELU, x, approximate=approximate)


@export("silu", method=False)
def silu(x, inplace=False):
    return apply(SILU, x)


@export("elu", method=False)
def elu(x, alpha=1.0, inplace=False):
    return apply(ELU, x, alpha=alpha)


@export("softplus", method=False)
def softplus(x, beta=1, threshold=20):
    return apply(SOFTPLUS, x, beta=beta, threshold=threshold)


# ---------------------------------------------------------------- losses
def _mse_forward(x, y, reduction="mean"):
    d = (x - y) ** 2
    if reduction == "mean":
        return np.mean(d, dtype=d.dtype)
    if reduction == "sum":
        return np.sum(d)
    return d


def _mse_scale(x, reduction):
    return 2.0 / x.size if reduction == "mean" else 2.0


# mse_loss_backward(g, x, y) = scale (x - y) g; the target's gradient is the same kernel with x and y swapped
MSE_LOSS_BACKWARD = Op("MseLossBackwardBackward0", lambda g, x, y, reduction: (
    _mse_scale(x, reduction) * (x - y) * g).astype(x.dtype), "g x y", (
    Grad("x y", lambda gg, x, y, reduction: mse_loss_backward(gg, x, y, reduction)),
    Grad("g", lambda gg, g, reduction: _mse_scale(gg.array, reduction) * gg * g),
    Grad("g", lambda gg, g, reduction: -_mse_scale(gg.array, reduction) * gg * g)), promote="common")
MSE_LOSS = Op("MseLossBackward0", _mse_forward, "x y", (
    Grad("x y", lambda g, x, y, reduction="mean": mse_loss_backward(g, x, y, reduction)),
    Grad("x y", lambda g, x, y, reduction="mean": mse_loss_backward(g, y, x, reduction))), promote="common")


def mse_loss_backward(g, x, y, reduction="mean"):
    return apply(MSE_LOSS_BACKWARD, g, x, y, reduction=reduction)


@export("mse_loss", method=False)
def mse_loss(input, target, reduction="mean"):
    if tuple(input.shape) != tuple(target.shape):
        errors.warn("Using a target size (%s) that is different to the input size (%s). This will likely lead to "
                    "incorrect results due to broadcasting. Please ensure they have the same size."
                    % (target.shape, input.shape))
    return apply(MSE_LOSS, input, target, reduction=reduction)


# ---------------------------------------------------------------- more losses and layers
def _reduce(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


@export("l1_loss", method=False)
def l1_loss(input, target, reduction="mean"):
    """torch composes it: MeanBackward0(AbsBackward0(SubBackward0))."""
    return _reduce((input - target).abs(), reduction)


def _nll_terms(x, target, ignore_index):
    """Row and class indices of the picked log-probabilities (class dim 1, or 0 for a 1-D input)."""
    t = np.asarray(target)
    keep = t != ignore_index
    if x.ndim == 1:
        return (t if keep else np.zeros((), np.int64),), keep
    rows = np.arange(x.shape[0])
    return (rows, np.where(keep, t, 0)), keep


def _nll_forward(x, target, reduction="mean", ignore_index=-100):
    index, keep = _nll_terms(x, target, ignore_index)
    picked = np.where(keep, -x[index], 0).astype(x.dtype)
    if reduction == "none":
        return picked
    total = np.sum(picked)
    if reduction == "sum":
        return np.asarray(total, dtype=x.dtype)
    return np.asarray(total / np.sum(keep), dtype=x.dtype)


def _nll_backward_forward(g, x, target, reduction="mean", ignore_index=-100):
    index, keep = _nll_terms(x, target, ignore_index)
    out = np.zeros(x.shape, dtype=g.dtype)
    scale = g if reduction == "none" else np.broadcast_to(g / (np.sum(keep) if reduction == "mean" else 1), keep.shape)
    out[index] = np.where(keep, -scale, 0)
    return out


# linear in g; with respect to x torch's formula is zeros_like(grad) (a zero tensor, not None)
NLL_LOSS_BACKWARD = Op("NllLossBackwardBackward0", _nll_backward_forward, "g x", (
    Grad("", lambda gg, **params: apply(NLL_LOSS, gg, **params)),
    Grad("", lambda gg, **_: Tensor._make(np.zeros(gg.shape, gg.array.dtype)))))
NLL_LOSS = Op("NllLossBackward0", _nll_forward, "x", (
    Grad("x", lambda g, x, **params: apply(NLL_LOSS_BACKWARD, g, x, **params)),))


@export("nll_loss", method=False)
def nll_loss(input, target, weight=None, reduction="mean", ignore_index=-100):
    if weight is not None:
        raise errors.GradcliError("gradcli's nll_loss does not take class weights")
    if target.dtype not in (dtypes.int64, dtypes.uint8):
        raise errors.GradcliError("expected target dtype to be Long or Byte, but got %s" % target.dtype.short_name)
    classes = input.shape[1 if input.ndim > 1 else 0]
    t = target.array
    bad = t[(t != ignore_index) & ((t < 0) | (t >= classes))]
    if bad.size:  # torch checks the targets before it picks anything
        raise errors.index_error("Target %d is out of bounds." % bad.flat[0])
    return apply(NLL_LOSS, input, target=t, reduction=reduction, ignore_index=ignore_index)


@export("cross_entropy", method=False)
def cross_entropy(input, target, weight=None, reduction="mean", ignore_index=-100):
    """log_softmax over the class dim, then nll_loss: NllLossBackward0(LogSoftmaxBackward0)."""
    return nll_loss(log_softmax(input, 1 if input.ndim > 1 else 0), target, weight, reduction, ignore_index)


def _bce_forward(p, t, reduction="mean"):
    # torch clamps each log at -100 so that p = 0 or 1 gives a finite loss
    loss = -(t * np.maximum(np.log(p), -100) + (1 - t) * np.maximum(np.log1p(-p), -100))
    return np.asarray(_reduce_array(loss, reduction), dtype=p.dtype)


def _reduce_array(a, reduction):
    return a.mean() if reduction == "mean" else a.sum() if reduction == "sum" else a


def _bce_scale(g, p, reduction):
    return g / p.numel() if reduction == "mean" else g


def _bce_backward_forward(g, p, t, reduction="mean"):
    scale = g / p.size if reduction == "mean" else g
    return (scale * (p - t) / np.maximum((1 - p) * p, 1e-12)).astype(p.dtype)


def _bce_second(gg, g, p, t, reduction):
    """d/dp of (p - t) / (p (1 - p)) = (p^2 - 2 t p + t) / (p^2 (1 - p)^2), with torch's 1e-12 in the
    denominator (binary_cross_entropy_double_backward)."""
    eps = 1e-12
    return gg * _bce_scale(g, p, reduction) * (p * p - 2 * t * p + t) / ((p + eps) ** 2 * (1 - p + eps) ** 2)


def _bce_target_grad(g, p, reduction="mean"):
    """-logit(p) * grad, divided by numel (a scalar division, DivBackward1) for the mean."""
    out = g * ((1 - p) / p).log()
    return div_scalar(out, p.numel()) if reduction == "mean" else out


BCE_BACKWARD = Op("BinaryCrossEntropyBackwardBackward0", _bce_backward_forward, "g p t", (
    Grad("p t", lambda gg, p, t, reduction="mean": binary_cross_entropy_backward(gg, p, t, reduction)),
    Grad("g p t", lambda gg, g, p, t, reduction="mean": _bce_second(gg, g, p, t, reduction)),
    Grad("g p", lambda gg, g, p, reduction="mean": -gg * _bce_scale(g, p, reduction) / (p * (1 - p)))),
    promote="common")
BCE = Op("BinaryCrossEntropyBackward0", _bce_forward, "p t", (
    Grad("p t", lambda g, p, t, reduction="mean": binary_cross_entropy_backward(g, p, t, reduction)),
    Grad("p", _bce_target_grad)),
    promote="common")


def binary_cross_entropy_backward(g, p, t, reduction="mean"):
    return apply(BCE_BACKWARD, g, p, t, reduction=reduction)


@export("binary_cross_entropy", method=False)
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    if weight is not None:
        raise errors.GradcliError("gradcli's binary_cross_entropy does not take weights")
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Using a target size (%s) that is different to the input size (%s) is deprecated. "
                                 "Please ensure they have the same size." % (target.shape, input.shape))
    return apply(BCE, input, target, reduction=reduction)


def _bce_logits_forward(z, t, reduction="mean"):
    # torch: (1 - t) * z - log_sigmoid(z), with log_sigmoid(z) = -(max(-z, 0) + log1p(exp(-|z|))) (no overflow)
    log_sigmoid = -(np.maximum(-z, 0) + np.log1p(np.exp(-np.abs(z))))
    loss = ((1 - t) * z - log_sigmoid).astype(z.dtype)
    return np.asarray(_reduce_array(loss, reduction), dtype=z.dtype)


BCE_LOGITS = Op("BinaryCrossEntropyWithLogitsBackward0", _bce_logits_forward, "z t", (
    Grad("z t", lambda g, z, t, reduction="mean": _bce_scale(g, z, reduction) * (sigmoid(z) - t)),
    Grad("z", lambda g, z, reduction="mean": _bce_scale(g, z, reduction) * -z)),
    promote="common")


@export("binary_cross_entropy_with_logits", method=False)
def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    if weight is not None or pos_weight is not None:
        raise errors.GradcliError("gradcli's binary_cross_entropy_with_logits does not take weights")
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Target size (%s) must be the same as input size (%s)" % (target.shape, input.shape))
    return apply(BCE_LOGITS, input, target, reduction=reduction)


ADDMM = Op("AddmmBackward0", lambda bias, m1, m2: (bias + m1 @ m2).astype(np.result_type(m1, m2)), "bias m1 m2", (
    Grad("", lambda g: g), Grad("m2", lambda g, m2: g.mm(m2.t())), Grad("m1", lambda g, m1: m1.t().mm(g))))


@export("addmm")
def addmm(bias, m1, m2):
    return apply(ADDMM, bias, m1, m2)


@export("linear", method=False)
def linear(input, weight, bias=None):
    """torch: addmm(bias, x, w.t()) for a matrix input; other ranks are viewed as one, then viewed back."""
    if input.ndim == 2:
        return input.mm(weight.t()) if bias is None else addmm(bias, input, weight.t())
    if bias is None:
        return input.matmul(weight.t())
    out = addmm(bias, input.reshape(-1, input.shape[-1]), weight.t())
    return out.view(*input.shape[:-1], weight.shape[0])


@export("normalize", method=False)
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """x / max(||x||_p, eps) along dim: DivBackward0(x, ExpandBackward0(ClampMinBackward0(LinalgVectorNorm)))."""
    from .pointwise import clamp_min
    from .reduce import norm
    return input / clamp_min(norm(input, p, dim, keepdim=True), eps).expand_as(input)


# ---------------------------------------------------------------- one_hot, dropout
@export("one_hot", method=False)
def one_hot(tensor, num_classes=-1):
    """int64 rows of zeros with a 1 at each class index; num_classes defaults to the largest index + 1."""
    t = tensor.array
    if t.dtype.kind not in "iu":
        raise errors.GradcliError("one_hot is only applicable to index tensor of type LongTensor.")
    if num_classes == -1:
        num_classes = int(t.max()) + 1 if t.size else 0
    if t.size and (t.min() < 0 or t.max() >= num_classes):
        raise errors.GradcliError("Class values must be smaller than num_classes." if t.min() >= 0
                                  else "Class values must be non-negative.")
    limits.check_numel(t.shape + (num_classes,), "the result")
    return Tensor._make((t[..., None] == np.arange(num_classes)).astype(np.int64))


@export("dropout", method=False)
def dropout(input, p=0.5, training=True, inplace=False):
    """In evaluation (training=False) dropout is the identity: torch hands back the input itself."""
    if not 0 <= p <= 1:
        raise errors.value_error("dropout probability has to be between 0 and 1, but got %s" % p)
    if training and p > 0:
        raise errors.GradcliError("gradcli's dropout runs with training=False only (its random mask is not "
                                  "torch's stream)")
    return input
