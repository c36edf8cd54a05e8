"""torch.nn.functional's activations, softmax and losses, linear.

softmax and log_softmax save their result (as torch does): the version check names them when the output is
changed in place before backward. Their backward kernels, and those of the activations and losses, are ops of
their own in torch, so gradients built with create_graph=True carry their names (SoftmaxBackwardDataBackward0...).
"""

import math

import numpy as np

from .arithmetic import add_scalar, div_scalar, mul_scalar
from .bind import apply
from .compare import where
from ..kernels.special import erf as _erf
from .table import formula_helper, front_door, row
from .. import dtypes, errors, limits, rng
from ..tensor import Tensor, wrap_dim


# ---------------------------------------------------------------- softmax
def _softmax_forward(self, dim):
    if not self.size:  # (nothing to normalize: numpy's max has no identity)
        return self.copy()
    shifted = self - np.max(self, axis=dim, keepdims=True)
    e = np.exp(shifted)
    return (e / np.sum(e, axis=dim, keepdims=True)).astype(self.dtype)


def _log_softmax_forward(self, dim):
    if not self.size:
        return self.copy()
    shifted = self - np.max(self, axis=dim, keepdims=True)
    return (shifted - np.log(np.sum(np.exp(shifted), axis=dim, keepdims=True))).astype(self.dtype)


# softmax: d self = y (grad - sum(grad y)); linear and self-adjoint in grad
SOFTMAX_BACKWARD_DATA = row(
    "_softmax_backward_data", "SoftmaxBackwardDataBackward0",
    lambda grad_output, output, dim: (output * (grad_output - np.sum(grad_output * output, axis=dim, keepdims=True))
                                      ).astype(grad_output.dtype), "grad_output output",
    grad_output=("output * (grad - (grad * output).sum(dim, keepdim=True))",
                 lambda grad, output, dim: softmax_backward_data(grad, output, dim)),
    output=("grad * (grad_output - (grad_output * output).sum(dim, keepdim=True)) "
            "- grad_output * (grad * output).sum(dim, keepdim=True)",
            lambda grad, grad_output, output, dim: grad * (grad_output - (grad_output * output).sum(dim=dim, keepdim=True))
            - grad_output * (grad * output).sum(dim=dim, keepdim=True)))
# log_softmax: d self = grad - exp(y) sum(grad)
LOG_SOFTMAX_BACKWARD_DATA = row(
    "_log_softmax_backward_data", "LogSoftmaxBackwardDataBackward0",
    lambda grad_output, output, dim: (grad_output - np.exp(output) * np.sum(grad_output, axis=dim, keepdims=True)
                                      ).astype(grad_output.dtype), "grad_output output",
    grad_output=("grad - (grad * output.exp()).sum(dim, keepdim=True)",
                 lambda grad, output, dim: grad - (grad * output.exp()).sum(dim=dim, keepdim=True)),
    output=("-grad * output.exp() * grad_output.sum(dim, keepdim=True)",
            lambda grad, grad_output, output, dim: -grad * output.exp() * grad_output.sum(dim=dim, keepdim=True)))


def softmax_backward_data(grad_output, output, dim):
    return apply(SOFTMAX_BACKWARD_DATA, grad_output, output, dim=dim)


def log_softmax_backward_data(grad_output, output, dim):
    return apply(LOG_SOFTMAX_BACKWARD_DATA, grad_output, output, dim=dim)


SOFTMAX = row("_softmax", "SoftmaxBackward0", _softmax_forward, "self", promote="float",
              self=("result * (grad - (grad * result).sum(dim, keepdim=True))",
                    lambda grad, result, dim: softmax_backward_data(grad, result, dim)))
LOG_SOFTMAX = row("_log_softmax", "LogSoftmaxBackward0", _log_softmax_forward, "self", promote="float",
                  self=("grad - result.exp() * grad.sum(dim, keepdim=True)",
                        lambda grad, result, dim: log_softmax_backward_data(grad, result, dim)))


def _softmax_dim(x, dim, name="softmax"):
    if dim is None:
        errors.warn("Implicit dimension choice for %s has been deprecated. Change the call to include dim=X "
                    "as an argument." % name)
        dim = 0 if x.ndim in (0, 1, 3) else 1
    return wrap_dim(dim, x.ndim)


def _softmax_input(x, dtype):
    return x.to(dtype) if dtype is not None else x


@front_door("softmax", functional=True)
def softmax(x, dim=None, dtype=None):
    x = _softmax_input(x, dtype)
    if x.ndim == 0:
        return apply(SOFTMAX, x.reshape(1), dim=0).reshape(())
    return apply(SOFTMAX, x, dim=_softmax_dim(x, dim))


@front_door("log_softmax", functional=True)
def log_softmax(x, dim=None, dtype=None):
    x = _softmax_input(x, dtype)
    if x.ndim == 0:
        return apply(LOG_SOFTMAX, x.reshape(1), dim=0).reshape(())
    return apply(LOG_SOFTMAX, x, dim=_softmax_dim(x, dim, "log_softmax"))


# ---------------------------------------------------------------- activations
SQRT_HALF = math.sqrt(0.5)
INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _gelu_forward(self, approximate="none"):
    if approximate == "tanh":
        inner = math.sqrt(2.0 / math.pi) * (self + 0.044715 * self ** 3)
        return (0.5 * self * (1 + np.tanh(inner))).astype(self.dtype)
    return (0.5 * self * (1 + _erf(self * self.dtype.type(SQRT_HALF)))).astype(self.dtype)


def _gelu_derivative(x, approximate):
    """d gelu / dx and d2 gelu / dx2, in tensor ops."""
    if approximate == "tanh":
        k, c = math.sqrt(2.0 / math.pi), 0.044715
        t = (k * (x + c * x ** 3)).tanh()
        du = k * (1 + 3 * c * x * x)
        first = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * du
        second = (1 - t * t) * (du - x * t * du * du + 3 * k * c * x * x)
        return first, second
    pdf = INV_SQRT_2PI * (-0.5 * x * x).exp()
    first = 0.5 * (1 + (x * SQRT_HALF).erf()) + x * pdf
    return first, pdf * (2 - x * x)


def _gelu_backward_forward(grad_output, self, approximate="none"):
    first, _ = _gelu_derivative(Tensor._make(self), approximate)
    return (grad_output * first.array).astype(grad_output.dtype)


# the backward kernels of the activations: rows of their own (GeluBackwardBackward0, ...), called by formulas
GELU_BACKWARD = row("gelu_backward", "GeluBackwardBackward0", _gelu_backward_forward, "grad_output self",
                    grad_output=("gelu_backward(grad, self, approximate)",
                                 lambda grad, self, approximate="none": gelu_backward(grad, self, approximate)),
                    self=("grad * grad_output * gelu_second_derivative(self, approximate)",
                          lambda grad, grad_output, self, approximate="none":
                          grad * grad_output * gelu_second_derivative(self, approximate)))


def _softplus_forward(self, beta=1, threshold=20):
    bx = self * beta
    # above the threshold softplus is x itself (torch switches to the identity there for accuracy)
    return np.where(bx > threshold, self, np.log1p(np.exp(bx)) / beta).astype(self.dtype)


def _softplus_backward_forward(grad_output, self, beta=1, threshold=20):
    bx = self * beta
    return np.where(bx > threshold, grad_output, grad_output / (1 + np.exp(-bx))).astype(grad_output.dtype)


def _softplus_second(grad, grad_output, self, beta=1, threshold=20):
    s = (self * beta).sigmoid()
    return where(self * beta > threshold, 0.0, grad * grad_output * beta * s * (1 - s))


SOFTPLUS_BACKWARD = row(
    "softplus_backward", "SoftplusBackwardBackward0", _softplus_backward_forward, "grad_output self",
    grad_output=("softplus_backward(grad, self, beta, threshold)",
                 lambda grad, self, beta=1, threshold=20: softplus_backward(grad, self, beta, threshold)),
    self=("where(self * beta > threshold, 0, grad * grad_output * beta * (self * beta).sigmoid() "
          "* (1 - (self * beta).sigmoid()))",
          _softplus_second))
LEAKY_RELU_BACKWARD = row(
    "leaky_relu_backward", "LeakyReluBackwardBackward0",
    lambda grad_output, self, negative_slope: np.where(
        self > 0, grad_output, grad_output * grad_output.dtype.type(negative_slope)).astype(grad_output.dtype),
    "grad_output self",
    grad_output=("leaky_relu_backward(grad, self, negative_slope)",
                 lambda grad, self, negative_slope: leaky_relu_backward(grad, self, negative_slope)),
    self=("zeros_like(grad)", lambda grad: Tensor._make(np.zeros(grad.shape, grad.array.dtype))))
ELU_BACKWARD = row(
    "elu_backward", "EluBackwardBackward0",
    lambda grad_output, self, alpha: np.where(self > 0, grad_output, grad_output * alpha * np.exp(self)
                                              ).astype(grad_output.dtype), "grad_output self",
    grad_output=("elu_backward(grad, self, alpha)", lambda grad, self, alpha: elu_backward(grad, self, alpha)),
    self=("where(self > 0, 0, grad * grad_output * alpha * self.exp())",
          lambda grad, grad_output, self, alpha: where(self > 0, 0.0, grad * grad_output * alpha * self.exp())))


@formula_helper
def gelu_backward(grad, self, approximate="none"):
    """grad times gelu's derivative at self (exact: Phi(x) + x phi(x); with approximate='tanh', tanh's)."""
    return apply(GELU_BACKWARD, grad, self, approximate=approximate)


@formula_helper
def gelu_second_derivative(self, approximate="none"):
    """gelu'' at self (exact: phi(x) (2 - x^2))."""
    return _gelu_derivative(self, approximate)[1]


@formula_helper
def softplus_backward(grad, self, beta=1, threshold=20):
    """grad * sigmoid(beta self), and grad itself where beta self > threshold (softplus is linear there)."""
    return apply(SOFTPLUS_BACKWARD, grad, self, beta=beta, threshold=threshold)


@formula_helper
def leaky_relu_backward(grad, self, negative_slope):
    """grad where self > 0, grad * negative_slope elsewhere."""
    return apply(LEAKY_RELU_BACKWARD, grad, self, negative_slope=negative_slope)


@formula_helper
def elu_backward(grad, self, alpha):
    """grad where self > 0, grad * alpha * exp(self) elsewhere."""
    return apply(ELU_BACKWARD, grad, self, alpha=alpha)


def _elu_forward(self, alpha=1.0):
    return np.where(self > 0, self, alpha * np.expm1(self)).astype(self.dtype)


def _silu_derivative(grad, self):
    """torch's silu_backward: grad * sigmoid * (1 + self * (1 - sigmoid)), the 1 + ... a C++ Scalar add."""
    s = self.sigmoid()
    return grad * s * add_scalar(self * (1 - s), 1)


LEAKY_RELU = row("leaky_relu", "LeakyReluBackward0",
                 lambda self, negative_slope=0.01: np.where(self > 0, self, self * self.dtype.type(negative_slope)
                                                            ).astype(self.dtype), "self", promote="float",
                 self=("leaky_relu_backward(grad, self, negative_slope)",
                       lambda grad, self, negative_slope=0.01: leaky_relu_backward(grad, self, negative_slope)))
GELU = row("gelu", "GeluBackward0", _gelu_forward, "self", promote="float",
           self=("gelu_backward(grad, self, approximate)",
                 lambda grad, self, approximate="none": gelu_backward(grad, self, approximate)))
SILU = row("silu", "SiluBackward0", lambda self: (self / (1 + np.exp(-self))).astype(self.dtype), "self",
           promote="float", self=("grad * self.sigmoid() * (1 + self * (1 - self.sigmoid()))", _silu_derivative))
ELU = row("elu", "EluBackward0", _elu_forward, "self", promote="float",
          self=("elu_backward(grad, self, alpha)", lambda grad, self, alpha=1.0: elu_backward(grad, self, alpha)))
SOFTPLUS = row("softplus", "SoftplusBackward0", _softplus_forward, "self", promote="float",
               self=("softplus_backward(grad, self, beta, threshold)",
                     lambda grad, self, beta=1, threshold=20: softplus_backward(grad, self, beta, threshold)))


@front_door("relu", function=False, method=False, functional=True)
def relu(input, inplace=False):
    """F.relu; with inplace=True, Tensor.relu_."""
    return input.relu_() if inplace else input.relu()


@front_door("leaky_relu", function=False, method=False, functional=True)
def leaky_relu(x, negative_slope=0.01, inplace=False):
    return apply(LEAKY_RELU, x, negative_slope=negative_slope)


@front_door("gelu", function=False, method=False, functional=True)
def gelu(x, approximate="none"):
    return apply(GELU, x, approximate=approximate)


@front_door("silu", function=False, method=False, functional=True)
def silu(x, inplace=False):
    return apply(SILU, x)


@front_door("elu", function=False, method=False, functional=True)
def elu(x, alpha=1.0, inplace=False):
    return apply(ELU, x, alpha=alpha)


@front_door("softplus", function=False, method=False, functional=True)
def softplus(x, beta=1, threshold=20):
    return apply(SOFTPLUS, x, beta=beta, threshold=threshold)


# ---------------------------------------------------------------- losses
def _mse_forward(self, target, reduction="mean"):
    d = (self - target) ** 2
    if reduction == "mean":
        return np.mean(d, dtype=d.dtype)
    if reduction == "sum":
        return np.sum(d)
    return d


def _mse_scale(x, reduction):
    return 2.0 / x.size if reduction == "mean" else 2.0


# mse_loss_backward(grad, self, target) = scale (self - target) grad; the target's gradient is the same kernel with
# self and target swapped
MSE_LOSS_BACKWARD = row(
    "mse_loss_backward", "MseLossBackwardBackward0",
    lambda grad_output, self, target, reduction: (_mse_scale(self, reduction) * (self - target) * grad_output
                                                  ).astype(self.dtype), "grad_output self target", promote="common",
    grad_output=("mse_loss_backward(grad, self, target, reduction)",
                 lambda grad, self, target, reduction: mse_loss_backward(grad, self, target, reduction)),
    self=("(2 / grad.numel() if reduction == 'mean' else 2) * grad * grad_output",
          lambda grad, grad_output, reduction: _mse_scale(grad.array, reduction) * grad * grad_output),
    target=("-(2 / grad.numel() if reduction == 'mean' else 2) * grad * grad_output",
            lambda grad, grad_output, reduction: -_mse_scale(grad.array, reduction) * grad * grad_output))
MSE_LOSS = row("mse_loss", "MseLossBackward0", _mse_forward, "self target", promote="common",
               self=("mse_loss_backward(grad, self, target, reduction)",
                     lambda grad, self, target, reduction="mean": mse_loss_backward(grad, self, target, reduction)),
               target=("mse_loss_backward(grad, target, self, reduction)",
                       lambda grad, self, target, reduction="mean": mse_loss_backward(grad, target, self, reduction)))


@formula_helper
def mse_loss_backward(grad, self, target, reduction="mean"):
    """2 (self - target) grad, divided by the number of elements for the mean."""
    return apply(MSE_LOSS_BACKWARD, grad, self, target, reduction=reduction)


@front_door("mse_loss", function=False, method=False, functional=True)
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


@front_door("l1_loss", function=False, method=False, functional=True)
def l1_loss(input, target, reduction="mean"):
    """torch composes it: MeanBackward0(AbsBackward0(SubBackward0))."""
    return _reduce((input - target).abs(), reduction)


def _array(value):
    """A parameter as numpy: formula texts pass the node's index and weight arrays as tensors."""
    return value.array if isinstance(value, Tensor) else np.asarray(value)


def _picked(self, target, ignore_index, weight):
    """Each target's log-probability (class dim 1, or 0 for a 1-D input) and its weight (the class's weight, or
    1; 0 where the target is ignore_index), both of the target's shape."""
    t = _array(target)
    keep = t != ignore_index
    safe = np.where(keep, t, 0)
    classes_last = np.moveaxis(self, 1, -1) if self.ndim > 1 else self
    picked = np.take_along_axis(classes_last, safe[..., None], axis=-1)[..., 0]
    w = np.ones(t.shape, self.dtype) if weight is None else _array(weight).astype(self.dtype)[safe]
    return picked, np.where(keep, w, 0).astype(self.dtype), safe


def _nll_forward(self, target, reduction="mean", ignore_index=-100, weight=None):
    picked, w, _ = _picked(self, target, ignore_index, weight)
    losses = (-picked * w).astype(self.dtype)
    if reduction == "none":
        return losses
    total = np.sum(losses)
    if reduction == "sum":
        return np.asarray(total, dtype=self.dtype)
    return np.asarray(total / np.sum(w), dtype=self.dtype)


def _nll_backward_forward(grad_output, self, target, reduction="mean", ignore_index=-100, weight=None):
    _, w, safe = _picked(self, target, ignore_index, weight)
    scale = grad_output if reduction == "none" else grad_output / (np.sum(w) if reduction == "mean" else 1)
    values = np.where(_array(target) != ignore_index, -w * scale, 0)  # an ignored target's row stays +0
    out = np.zeros(self.shape, dtype=grad_output.dtype)
    classes_last = np.moveaxis(out, 1, -1) if out.ndim > 1 else out  # a view: writing it fills out
    np.put_along_axis(classes_last, safe[..., None], values[..., None].astype(out.dtype), axis=-1)
    return out


def _nll_rows(overload, stem):
    """nll_loss's rows under one of torch's two names (nll_loss: 1-D and 2-D input; nll_loss2d: 4-D input, and
    other ranks viewed as it): the loss and its backward kernel."""
    def double_backward(grad, target, reduction="mean", ignore_index=-100, weight=None):
        return apply(loss, grad, target=target, reduction=reduction, ignore_index=ignore_index, weight=weight)

    def backward_of(grad, self, target, reduction="mean", ignore_index=-100, weight=None):
        return apply(backward, grad, self, target=target, reduction=reduction, ignore_index=ignore_index,
                     weight=weight)

    # linear in grad; with respect to self torch's formula is zeros_like(grad) (a zero tensor, not None)
    backward = row(
        overload + "_backward", stem + "BackwardBackward0", _nll_backward_forward, "grad_output self",
        grad_output=("F.nll_loss(grad, target, weight, ignore_index=ignore_index, reduction=reduction)",
                     double_backward),
        self=("zeros_like(grad)", lambda grad: Tensor._make(np.zeros(grad.shape, grad.array.dtype))))
    loss = row(overload, stem + "Backward0", _nll_forward, "self",
               self=("nll_loss_backward(grad, self, target, reduction, ignore_index, weight)", backward_of))
    return loss, backward


NLL_LOSS, NLL_LOSS_BACKWARD = _nll_rows("nll_loss", "NllLoss")
NLL_LOSS2D, NLL_LOSS2D_BACKWARD = _nll_rows("nll_loss2d", "NllLoss2D")


@formula_helper
def nll_loss_backward(grad, self, target, reduction="mean", ignore_index=-100, weight=None):
    """-grad (times the class's weight) at each target's class, 0 elsewhere and where the target is
    ignore_index; over the targets' total weight for the mean (nll_loss2d's backward for 4-D self)."""
    return apply(NLL_LOSS2D_BACKWARD if np.ndim(self.array if isinstance(self, Tensor) else self) == 4
                 else NLL_LOSS_BACKWARD, grad, self, target=target, reduction=reduction, ignore_index=ignore_index,
                 weight=weight)


def _class_weights(weight, classes):
    if weight is None:
        return None
    if weight.ndim != 1 or weight.shape[0] != classes:
        raise errors.GradcliError("weight tensor should be defined either for all %d classes or no classes but got "
                                  "weight tensor of shape: %s" % (classes, list(weight.shape)))
    return weight.array


@front_door("nll_loss", function=False, method=False, functional=True)
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    """The negative log-probability at each target's class (weighted by class), averaged over the targets'
    total weight, summed, or per target."""
    if target.dtype not in (dtypes.int64, dtypes.uint8):
        raise errors.GradcliError("expected target dtype to be Long or Byte, but got %s" % target.dtype.short_name)
    classes = input.shape[1 if input.ndim > 1 else 0]
    expected = (input.shape[0],) + tuple(input.shape[2:]) if input.ndim > 1 else ()
    if tuple(target.shape) != expected:
        if input.ndim == 2 and target.ndim == 1:
            raise errors.value_error("Expected input batch_size (%d) to match target batch_size (%d)."
                                     % (input.shape[0], target.shape[0]))
        raise errors.GradcliError("Expected target size %s, got %s" % (list(expected), target.shape))
    t = target.array
    bad = t[(t != ignore_index) & ((t < 0) | (t >= classes))]
    if bad.size:  # torch checks the targets before it picks anything
        raise errors.index_error("Target %d is out of bounds." % bad.flat[0])
    weights = _class_weights(weight, classes)
    if input.ndim <= 2:
        return apply(NLL_LOSS, input, target=t, reduction=reduction, ignore_index=ignore_index, weight=weights)
    if input.ndim == 4:
        return apply(NLL_LOSS2D, input, target=t, reduction=reduction, ignore_index=ignore_index, weight=weights)
    # other ranks as torch's nll_loss_nd: viewed as (N, C, 1, rest), the per-position losses viewed back
    n, c = input.shape[:2]
    flat = input.contiguous().view(n, c, 1, -1)
    out = apply(NLL_LOSS2D, flat, target=np.ascontiguousarray(t).reshape(n, 1, -1), reduction=reduction,
                ignore_index=ignore_index, weight=weights)
    return out.view(*target.shape) if reduction == "none" else out


@front_door("cross_entropy", function=False, method=False, functional=True)
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    """log_softmax over the class dim, then nll_loss (NllLossBackward0(LogSoftmaxBackward0)); with class
    probabilities as the target, -(log_softmax * target) summed; label_smoothing mixes in the uniform
    distribution as torch's cross_entropy_loss does."""
    if not 0.0 <= label_smoothing <= 1.0:
        raise errors.GradcliError("label_smoothing must be between 0.0 and 1.0. Got: %s" % label_smoothing)
    class_dim = 1 if input.ndim > 1 else 0
    log_probs = log_softmax(input, class_dim)
    if tuple(target.shape) == tuple(input.shape):  # torch tells the two kinds of target apart by shape
        return _cross_entropy_probabilities(log_probs, target, weight, class_dim, reduction, label_smoothing)
    loss = nll_loss(log_probs, target, weight, reduction=reduction, ignore_index=ignore_index)
    if label_smoothing == 0.0:
        return loss
    ignored = Tensor._make(target.array == ignore_index)
    if weight is not None:
        shape = [1] * log_probs.ndim
        shape[class_dim] = weight.shape[0]
        smooth = (-(log_probs * weight.view(*shape)).sum(class_dim)).masked_fill(ignored, 0.0)
    else:
        smooth = (-log_probs.sum(class_dim)).masked_fill(ignored, 0.0)
    if reduction == "mean":
        kept = target.array[~ignored.array].reshape(-1)
        total = Tensor._make(np.asarray(np.sum(weight.array[kept]) if weight is not None else kept.size))
        smooth = smooth.sum() / total
    elif reduction == "sum":
        smooth = smooth.sum()
    return mul_scalar(loss, 1 - label_smoothing) + mul_scalar(smooth, label_smoothing / log_probs.shape[class_dim])


def _cross_entropy_probabilities(log_probs, target, weight, class_dim, reduction, label_smoothing):
    if not target.dtype.is_floating_point:
        raise errors.GradcliError("Expected floating point type for target with class probabilities, got %s"
                                  % target.dtype.short_name)
    classes = log_probs.shape[class_dim]
    if label_smoothing > 0.0:
        target = add_scalar(mul_scalar(target, 1 - label_smoothing), label_smoothing / classes)
    terms = log_probs * target
    if weight is not None:
        shape = [1] * log_probs.ndim
        shape[class_dim] = classes
        terms = terms * weight.view(*shape)
    if reduction == "mean":
        return div_scalar(-terms.sum(), log_probs.numel() // classes)
    if reduction == "sum":
        return -terms.sum()
    return -terms.sum(class_dim)


def _bce_forward(self, target, reduction="mean"):
    # torch clamps each log at -100 so that p = 0 or 1 gives a finite loss
    p, t = self, target
    loss = -(t * np.maximum(np.log(p), -100) + (1 - t) * np.maximum(np.log1p(-p), -100))
    return np.asarray(_reduce_array(loss, reduction), dtype=p.dtype)


def _reduce_array(a, reduction):
    return a.mean() if reduction == "mean" else a.sum() if reduction == "sum" else a


def _bce_scale(g, p, reduction):
    return g / p.numel() if reduction == "mean" else g


def _bce_backward_forward(grad_output, self, target, reduction="mean"):
    p, t = self, target
    scale = grad_output / p.size if reduction == "mean" else grad_output
    return (scale * (p - t) / np.maximum((1 - p) * p, 1e-12)).astype(p.dtype)


def _bce_second(grad, grad_output, self, target, reduction):
    """d/dp of (p - t) / (p (1 - p)) = (p^2 - 2 t p + t) / (p^2 (1 - p)^2), with torch's 1e-12 in the
    denominator (binary_cross_entropy_double_backward)."""
    eps = 1e-12
    p, t = self, target
    return grad * _bce_scale(grad_output, p, reduction) * (p * p - 2 * t * p + t) / ((p + eps) ** 2 * (1 - p + eps) ** 2)


def _bce_target_grad(grad, self, reduction="mean"):
    """-logit(self) * grad, divided by numel (a scalar division, DivBackward1) for the mean."""
    out = grad * ((1 - self) / self).log()
    return div_scalar(out, self.numel()) if reduction == "mean" else out


_MEAN_SCALE = "(self.numel() if reduction == 'mean' else 1)"
BCE_BACKWARD = row(
    "binary_cross_entropy_backward", "BinaryCrossEntropyBackwardBackward0", _bce_backward_forward,
    "grad_output self target", promote="common",
    grad_output=("binary_cross_entropy_backward(grad, self, target, reduction)",
                 lambda grad, self, target, reduction="mean": binary_cross_entropy_backward(grad, self, target, reduction)),
    self=("grad * grad_output / %s * (self * self - 2 * target * self + target) "
          "/ ((self + 1e-12) ** 2 * (1 - self + 1e-12) ** 2)" % _MEAN_SCALE,
          lambda grad, grad_output, self, target, reduction="mean":
          _bce_second(grad, grad_output, self, target, reduction)),
    target=("-grad * grad_output / %s / (self * (1 - self))" % _MEAN_SCALE,
            lambda grad, grad_output, self, reduction="mean":
            -grad * _bce_scale(grad_output, self, reduction) / (self * (1 - self))))
BCE = row("binary_cross_entropy", "BinaryCrossEntropyBackward0", _bce_forward, "self target", promote="common",
          self=("binary_cross_entropy_backward(grad, self, target, reduction)",
                lambda grad, self, target, reduction="mean": binary_cross_entropy_backward(grad, self, target, reduction)),
          target=("grad * ((1 - self) / self).log() / %s" % _MEAN_SCALE, _bce_target_grad))


@formula_helper
def binary_cross_entropy_backward(grad, self, target, reduction="mean"):
    """grad (self - target) / (self (1 - self)), the denominator at least 1e-12, over numel for the mean."""
    return apply(BCE_BACKWARD, grad, self, target, reduction=reduction)


@front_door("binary_cross_entropy", function=False, method=False, functional=True)
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    if weight is not None:
        raise errors.GradcliError("gradcli's binary_cross_entropy does not take weights")
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Using a target size (%s) that is different to the input size (%s) is deprecated. "
                                 "Please ensure they have the same size." % (target.shape, input.shape))
    return apply(BCE, input, target, reduction=reduction)


def _bce_logits_forward(self, target, reduction="mean"):
    # torch: (1 - t) * z - log_sigmoid(z), with log_sigmoid(z) = -(max(-z, 0) + log1p(exp(-|z|))) (no overflow)
    z, t = self, target
    log_sigmoid = -(np.maximum(-z, 0) + np.log1p(np.exp(-np.abs(z))))
    loss = ((1 - t) * z - log_sigmoid).astype(z.dtype)
    return np.asarray(_reduce_array(loss, reduction), dtype=z.dtype)


BCE_LOGITS = row("binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0", _bce_logits_forward,
                 "self target", promote="common",
                 self=("grad / %s * (self.sigmoid() - target)" % _MEAN_SCALE,
                       lambda grad, self, target, reduction="mean":
                       _bce_scale(grad, self, reduction) * (self.sigmoid() - target)),
                 target=("grad / %s * -self" % _MEAN_SCALE,
                         lambda grad, self, reduction="mean": _bce_scale(grad, self, reduction) * -self))


@front_door("binary_cross_entropy_with_logits", method=False, functional=True)
def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    if weight is not None or pos_weight is not None:
        raise errors.GradcliError("gradcli's binary_cross_entropy_with_logits does not take weights")
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Target size (%s) must be the same as input size (%s)" % (target.shape, input.shape))
    return apply(BCE_LOGITS, input, target, reduction=reduction)


def _addmm_forward(self, mat1, mat2):
    limits.check_numel(np.broadcast_shapes(self.shape, (mat1.shape[0], mat2.shape[1])), "the result")
    return (self + mat1 @ mat2).astype(np.result_type(mat1, mat2))


ADDMM = row("addmm", "AddmmBackward0", _addmm_forward, "self mat1 mat2",
             self=("grad", lambda grad: grad),
             mat1=("grad.mm(mat2.t())", lambda grad, mat2: grad.mm(mat2.t())),
             mat2=("mat1.t().mm(grad)", lambda grad, mat1: mat1.t().mm(grad)))


@front_door("addmm")
def addmm(x, mat1, mat2):
    for name, m in (("mat1", mat1), ("mat2", mat2)):
        if m.ndim != 2:
            raise errors.GradcliError("%s must be a matrix, got %d-D tensor" % (name, m.ndim))
    if mat1.shape[1] != mat2.shape[0]:
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (mat1.shape + mat2.shape))
    return apply(ADDMM, x, mat1, mat2)


@front_door("linear", function=False, method=False, functional=True)
def linear(input, weight, bias=None):
    """torch: addmm(bias, x, w.t()) for a matrix input; other ranks are viewed as one, then viewed back."""
    if input.shape[-1:] != weight.shape[-1:] and input.ndim and weight.ndim == 2:
        rows = int(np.prod(input.shape[:-1], dtype=np.int64))
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (rows, input.shape[-1], weight.shape[1], weight.shape[0]))
    if input.ndim == 2:
        return input.mm(weight.t()) if bias is None else apply(ADDMM, bias, input, weight.t())
    if bias is None:
        return input.matmul(weight.t())
    out = apply(ADDMM, bias, input.reshape(-1, input.shape[-1]), weight.t())
    return out.view(*input.shape[:-1], weight.shape[0])


@front_door("normalize", function=False, method=False, functional=True)
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """x / max(||x||_p, eps) along dim: DivBackward0(x, ExpandBackward0(ClampMinBackward0(LinalgVectorNorm)))."""
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)


# ---------------------------------------------------------------- one_hot, dropout
@front_door("one_hot", function=False, method=False, functional=True)
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
    if not t.size:  # (no row to compare: arange(num_classes) would be the only allocation)
        return Tensor._make(np.zeros(t.shape + (num_classes,), np.int64))
    return Tensor._make((t[..., None] == np.arange(num_classes)).astype(np.int64))


@front_door("dropout", method=False, functional=True)
def dropout(input, p=0.5, training=True, inplace=False):
    """torch's CPU dropout: the input times a mask of Bernoulli(1 - p) draws on the generator's stream, scaled
    by 1 / (1 - p) (MulBackward0); in evaluation, for p = 0 or an empty input, the input itself."""
    if not 0 <= p <= 1:
        raise errors.value_error("dropout probability has to be between 0 and 1, but got %s" % p)
    if p == 0 or not training or input.numel() == 0:
        return input
    dtype = input.array.dtype
    if p == 1:
        noise = Tensor._make(np.zeros((), dtype))
    else:
        noise = Tensor._make(rng.bernoulli(input.numel(), 1 - p).reshape(input.shape).astype(dtype))
        noise.array /= dtype.type(1 - p)  # torch's noise.div_(1 - p), in the input's precision
    return input.mul_(noise) if inplace else input * noise
