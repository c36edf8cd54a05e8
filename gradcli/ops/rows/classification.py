"""torch.nn.functional's classification losses: nll_loss (and nll_loss2d), cross_entropy, binary_cross_entropy
and binary_cross_entropy_with_logits.

nll_loss and the binary cross entropies are single nodes in torch whose backward kernels are ops of their own;
cross_entropy is log_softmax then nll_loss, with label smoothing and class-probability targets composed of ops
as torch's cross_entropy_loss composes them.
"""

import numpy as np

from .arithmetic import add_scalar, div_scalar, mul_scalar
from ..bind import apply, broadcast_error
from .activations import log_softmax, logsigmoid
from ..inplace import can_cast
from .join import broadcast_shapes
from .losses import _check_reduction, _reduced
from ..table import formula_helper, front_door, row
from ...base import dtypes, errors, grad_mode
from ...kernels import reduce as torch_reduce, unary
from ...core.tensor import Tensor


def _array(value):
    """A parameter as numpy: formula texts pass the node's index and weight arrays as tensors."""
    return value.array if isinstance(value, Tensor) else np.asarray(value)


def _picked(self, target, ignore_index, weight):
    """Each target's log-probability (class dim 1, or 0 for a 1-D input) and its weight (the class's weight, or
    1; 0 where the target is ignore_index), both of the target's shape."""
    t = _array(target)
    keep = t != ignore_index
    safe = np.where(keep, t, 0)
    if self.ndim == 2:  # (N, C): a row's pick by plain indexing (take_along_axis's index building costs more)
        picked = self[np.arange(self.shape[0]), safe]
    else:
        classes_last = np.moveaxis(self, 1, -1) if self.ndim > 1 else self
        picked = np.take_along_axis(classes_last, safe[..., None], axis=-1)[..., 0]
    w = np.ones(t.shape, self.dtype) if weight is None else _array(weight).astype(self.dtype)[safe]
    return picked, np.where(keep, w, 0).astype(self.dtype), safe


def _nll_forward(self, target, reduction="mean", ignore_index=-100, weight=None):
    picked, w, _ = _picked(self, target, ignore_index, weight)
    losses = (-picked * w).astype(self.dtype)
    if reduction == "none":
        return losses
    if self.ndim in (2, 4) and self.dtype in (np.float32, np.float64):
        # torch's order: nll_loss_out_frame's (and nll_loss2d's) cascade of partial sums over the targets in order
        total, total_weight = torch_reduce.nll_sums((picked * w).astype(self.dtype).reshape(-1),
                                              (_array(target) != ignore_index).reshape(-1),
                                              None if weight is None else w.reshape(-1))
        return np.asarray(total if reduction == "sum" else total / total_weight, dtype=self.dtype)
    total = np.sum(losses)
    if reduction == "sum":
        return np.asarray(total, dtype=self.dtype)
    return np.asarray(total / np.sum(w), dtype=self.dtype)


def _nll_backward_forward(grad_output, self, target, reduction="mean", ignore_index=-100, weight=None):
    _, w, safe = _picked(self, target, ignore_index, weight)
    scale = grad_output if reduction == "none" else grad_output / (np.sum(w) if reduction == "mean" else 1)
    values = np.where(_array(target) != ignore_index, -w * scale, 0)  # an ignored target's row stays +0
    out = np.zeros(self.shape, dtype=grad_output.dtype)
    if out.ndim == 2:  # (N, C): one class a row, written by plain indexing
        out[np.arange(out.shape[0]), safe] = values.astype(out.dtype)
        return out
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


# ---------------------------------------------------------------- binary_cross_entropy (Loss.cpp)
def _bce_forward(self, target, weight=None, reduction="mean"):
    """(t - 1) max(log1p(-p), -100) - t max(log(p), -100), the C library's log and log1p (torch's kernel is
    scalar), times weight: torch clamps each log at -100 so that p = 0 or 1 gives a finite loss."""
    m = unary.arithmetic(self)
    log, log1p = (m.scalar.log, m.scalar.log1p) if m is not None else (np.log, np.log1p)
    p, t = self, target
    floor = p.dtype.type(-100)
    with np.errstate(all="ignore"):
        loss = ((t - 1) * np.maximum(log1p(-p), floor) - t * np.maximum(log(p), floor)).astype(p.dtype)
    if weight is not None:
        loss = _in_place(loss, weight)
    return _reduced(loss, reduction, p.dtype)


def _mean_over_numel(out, self, reduction):
    return div_scalar(out, self.numel()) if reduction == "mean" else out


def _bce_backward_forward(grad_output, self, target, weight=None, reduction="mean"):
    """torch's kernel: grad (p - t) / max((1 - p) p, 1e-12), times weight, over numel for the mean."""
    p, t, one = self, target, self.dtype.type(1)
    out = (grad_output * (p - t) / np.maximum((one - p) * p, p.dtype.type(1e-12))).astype(p.dtype)
    if weight is not None:
        out = _in_place(out, weight)
    return (out / out.dtype.type(p.size)).astype(p.dtype) if reduction == "mean" else out


def _weighted(out, weight):
    return out if weight is None else out.mul(_tensor(weight))


@formula_helper
def binary_cross_entropy_double_backward(grad, grad_output, self, target, weight=None, reduction="mean"):
    """d/dp of (p - t) / (p (1 - p)) = (p^2 - 2 t p + t) / (p^2 (1 - p)^2), with torch's 1e-12 in the
    denominator, times weight, over numel for the mean."""
    eps = 1e-12
    p, t = self, target
    out = grad * grad_output * (p * p - 2 * t * p + t) / ((p + eps) ** 2 * (1 - p + eps) ** 2)
    return _mean_over_numel(_weighted(out, weight), p, reduction)


@formula_helper
def binary_cross_entropy_double_backward_target(grad, grad_output, self, weight=None, reduction="mean"):
    """-grad grad_output / (p (1 - p)), times weight, over numel for the mean."""
    return _mean_over_numel(_weighted(-grad * grad_output / (self * (1 - self)), weight), self, reduction)


@formula_helper
def binary_cross_entropy_target_backward(grad, self, target, weight=None, reduction="mean"):
    """-logit(self) grad, times weight, over numel for the mean."""
    return _mean_over_numel(_weighted(self.logit().neg().mul(grad), weight), target, reduction)


BCE_BACKWARD = row(
    "binary_cross_entropy_backward", "BinaryCrossEntropyBackwardBackward0", _bce_backward_forward,
    "grad_output self target", promote="common",
    grad_output=("binary_cross_entropy_backward(grad, self, target, weight, reduction)",
                 lambda grad, self, target, weight=None, reduction="mean":
                 binary_cross_entropy_backward(grad, self, target, weight, reduction)),
    self=("binary_cross_entropy_double_backward(grad, grad_output, self, target, weight, reduction)",
          lambda grad, grad_output, self, target, weight=None, reduction="mean":
          binary_cross_entropy_double_backward(grad, grad_output, self, target, weight, reduction)),
    target=("binary_cross_entropy_double_backward_target(grad, grad_output, self, weight, reduction)",
            lambda grad, grad_output, self, weight=None, reduction="mean":
            binary_cross_entropy_double_backward_target(grad, grad_output, self, weight, reduction)))
BCE = row("binary_cross_entropy", "BinaryCrossEntropyBackward0", _bce_forward, "self target", promote="common",
          self=("binary_cross_entropy_backward(grad, self, target, weight, reduction)",
                lambda grad, self, target, weight=None, reduction="mean":
                binary_cross_entropy_backward(grad, self, target, weight, reduction)),
          target=("binary_cross_entropy_target_backward(grad, self, target, weight, reduction)",
                  lambda grad, self, target, weight=None, reduction="mean":
                  binary_cross_entropy_target_backward(grad, self, target, weight, reduction)))


@formula_helper
def binary_cross_entropy_backward(grad, self, target, weight=None, reduction="mean"):
    """grad (self - target) / (self (1 - self)), the denominator at least 1e-12, times weight, over numel for
    the mean."""
    return apply(BCE_BACKWARD, grad, self, target, weight=weight, reduction=reduction)


@front_door("binary_cross_entropy", function=False, method=False, functional=True)
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    """-(t log p + (1 - t) log(1 - p)), each log at least -100; weight (expanded to the target's shape, as
    torch's Python does) rescales each element."""
    _check_reduction(reduction)
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Using a target size (%s) that is different to the input size (%s) is deprecated. "
                                 "Please ensure they have the same size." % (target.shape, input.shape))
    if weight is not None:
        weight = weight.expand(*broadcast_shapes(target.shape, weight.shape))
        _not_differentiable("binary_cross_entropy", weight=weight)
        _multiplies_in_place(tuple(input.shape), weight)
    return apply(BCE, input, target, weight=None if weight is None else weight.array, reduction=reduction)


# ---------------------------------------------------------------- binary_cross_entropy_with_logits (Loss.cpp)
def _in_place(out, other):
    """out *= other as torch's mul_ does: other broadcast to out's shape, the result in out's dtype."""
    return (out * other).astype(out.dtype)


def _bce_logits_forward(self, target, weight=None, pos_weight=None, reduction="mean"):
    """(1 - t) x - log_sigmoid(x) (log_sigmoid(x) times (pos_weight - 1) t + 1 first), times weight: torch's
    formula, operation by operation."""
    log_sigmoid = unary.log_sigmoid(self)
    if pos_weight is not None:
        log_sigmoid = _in_place(log_sigmoid, (pos_weight - 1) * target + 1)
    loss = _in_place(1 - target, self)  # in the target's dtype, whatever the input's
    loss = (loss - log_sigmoid).astype(loss.dtype)
    if weight is not None:
        loss = _in_place(loss, weight)
    return _reduced(loss, reduction, loss.dtype)


def _tensor(weight):
    """A weight the node keeps as an array, as the formulas' tensor (None stays None)."""
    return weight if weight is None or isinstance(weight, Tensor) else Tensor._make(np.asarray(weight))


@formula_helper
def binary_cross_entropy_with_logits_backward(grad, self, target, weight=None, pos_weight=None, reduction="mean"):
    """-weight (pos_weight t (1 - sigmoid(x)) - (1 - t) sigmoid(x)) grad, over numel for the mean (torch's
    order of operations)."""
    weight, pos_weight = _tensor(weight), _tensor(pos_weight)
    if pos_weight is not None:
        t = pos_weight * target
        grad_input = add_scalar(t, 1).sub(target).mul(self.sigmoid()).sub(t)
    else:
        grad_input = self.sigmoid().sub(target)
    grad_input = grad_input.mul(grad)
    if weight is not None:
        grad_input = grad_input.mul(weight)
    return div_scalar(grad_input, self.numel()) if reduction == "mean" else grad_input


@formula_helper
def binary_cross_entropy_with_logits_target_backward(grad, self, target, weight=None, pos_weight=None,
                                                     reduction="mean"):
    """(log_sigmoid(-x) - log_sigmoid(x) pos_weight) grad, or -x grad; times weight, over numel for the mean."""
    weight, pos_weight = _tensor(weight), _tensor(pos_weight)
    if pos_weight is not None:
        grad_target = logsigmoid(-self).sub(logsigmoid(self).mul(pos_weight)).mul(grad)
    else:
        grad_target = (-self).mul(grad)
    if weight is not None:
        grad_target = grad_target.mul(weight)
    return div_scalar(grad_target, target.numel()) if reduction == "mean" else grad_target


_LOGITS_ARGS = "grad, self, target, weight, pos_weight, reduction"
BCE_LOGITS = row(
    "binary_cross_entropy_with_logits", "BinaryCrossEntropyWithLogitsBackward0", _bce_logits_forward,
    "self target",
    self=("binary_cross_entropy_with_logits_backward(%s)" % _LOGITS_ARGS,
          lambda grad, self, target, weight=None, pos_weight=None, reduction="mean":
          binary_cross_entropy_with_logits_backward(grad, self, target, weight, pos_weight, reduction)),
    target=("binary_cross_entropy_with_logits_target_backward(%s)" % _LOGITS_ARGS,
            lambda grad, self, target, weight=None, pos_weight=None, reduction="mean":
            binary_cross_entropy_with_logits_target_backward(grad, self, target, weight, pos_weight, reduction)))


def _not_differentiable(function, **tensors):
    """torch refuses, at the call, a tensor requiring grad where its formula has no derivative."""
    for name, value in tensors.items():
        if value is not None and value.requires_grad and grad_mode.is_grad_enabled():
            raise errors.GradcliError("The function '%s' is not differentiable with respect to argument '%s'. This "
                                      "input cannot have requires_grad True." % (function, name))


def _multiplies_in_place(shape, other, operand_shape=None):
    """The shape check of torch's `loss.mul_(other)` (other broadcast from operand_shape, its own by default)."""
    other_shape = tuple(other.shape) if operand_shape is None else operand_shape
    try:
        full = np.broadcast_shapes(shape, other_shape)
    except ValueError:
        raise broadcast_error([shape, other_shape]) from None
    if full != shape:
        raise errors.GradcliError("output with shape %s doesn't match the broadcast shape %s"
                                  % (list(shape), list(full)))


@front_door("binary_cross_entropy_with_logits", function=False, method=False, functional=True)
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    """sigmoid and binary cross entropy in one node, without overflow; weight rescales each element,
    pos_weight the positive targets' term (both broadcast to the input, neither differentiable)."""
    _check_reduction(reduction)
    if tuple(input.shape) != tuple(target.shape):
        raise errors.value_error("Target size (%s) must be the same as input size (%s)" % (target.shape, input.shape))
    return _bce_with_logits(input, target, weight, pos_weight, reduction)


@front_door("binary_cross_entropy_with_logits", method=False)
def torch_binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=1):
    """torch.binary_cross_entropy_with_logits: ATen's op itself (no size check, the reduction as its enum)."""
    return _bce_with_logits(input, target, weight, pos_weight, _REDUCTIONS[reduction])


_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def _bce_with_logits(input, target, weight, pos_weight, reduction):
    _not_differentiable("binary_cross_entropy_with_logits", weight=weight, pos_weight=pos_weight)
    common = dtypes.promote_types(target.dtype, input.dtype)
    if not can_cast(common, target.dtype):  # (1 - target).mul_(input): in the target's dtype
        raise errors.GradcliError("result type %s can't be cast to the desired output type %s"
                                  % (common.short_name, target.dtype.short_name))
    shape = tuple(input.shape)
    if pos_weight is not None:  # log_sigmoid(x).mul_((pos_weight - 1) * target + 1)
        try:
            weighted = np.broadcast_shapes(tuple(pos_weight.shape), tuple(target.shape))
        except ValueError:
            raise broadcast_error([tuple(pos_weight.shape), tuple(target.shape)]) from None
        _multiplies_in_place(shape, pos_weight, weighted)
    if weight is not None:
        _multiplies_in_place(np.broadcast_shapes(shape, tuple(target.shape)), weight)
    return apply(BCE_LOGITS, input, target, weight=None if weight is None else weight.array,
                 pos_weight=None if pos_weight is None else pos_weight.array, reduction=reduction)
