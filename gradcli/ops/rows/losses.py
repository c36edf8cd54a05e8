"""torch.nn.functional's regression losses and divergence: mse_loss, l1_loss, smooth_l1_loss, huber_loss, kl_div
(the classification losses are in classification.py).

mse_loss, smooth_l1_loss and huber_loss are single nodes in torch whose backward kernels are ops of their own;
l1_loss and kl_div are composed of elementwise ops in torch (sub, abs, xlogy, exp, mul), and so they are here.
"""

import numpy as np

from ..bind import apply
from .compare import where
from .elementwise import xlogy
from ..table import formula_helper, front_door, row
from ...base import errors
from ...kernels import reduce as torch_reduce, sums


# ---------------------------------------------------------------- reductions, checks
def _reduce(loss, reduction):
    """A loss tensor reduced by tensor ops (the graph records MeanBackward0 or SumBackward0)."""
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def _reduced(loss, reduction, dtype):
    """A loss array reduced inside a kernel, as dtype: float losses as torch's mean and sum add them
    (kernels/reduce.py, kernels/sums.py)."""
    if reduction == "none":
        return loss.astype(dtype)
    if loss.dtype.kind == "f":
        total = torch_reduce.mean(loss) if reduction == "mean" else sums.sum(loss)
    else:
        total = loss.mean(dtype=loss.dtype) if reduction == "mean" else loss.sum()
    return np.asarray(total, dtype=dtype)


def _norm(reduction, n):
    return 1.0 / n if reduction == "mean" else 1.0


def _check_reduction(reduction):
    if reduction not in ("mean", "sum", "none"):
        raise errors.value_error("%s is not a valid value for reduction" % reduction)


def _size_warning(input, target):
    if tuple(target.shape) != tuple(input.shape):
        errors.warn("Using a target size (%s) that is different to the input size (%s). This will likely lead to "
                    "incorrect results due to broadcasting. Please ensure they have the same size."
                    % (target.shape, input.shape))


def _broadcast(input, target):
    shape = np.broadcast_shapes(input.shape, target.shape)
    return (input if tuple(input.shape) == shape else input.expand(*shape),
            target if tuple(target.shape) == shape else target.expand(*shape))


# ---------------------------------------------------------------- mse_loss, l1_loss
def _mse_forward(self, target, reduction="mean"):
    return _reduced((self - target) ** 2, reduction, np.result_type(self, target))


def _mse_scale(x, reduction):
    return 2.0 / x.size if reduction == "mean" else 2.0


# mse_loss_backward(grad, self, target) = scale (self - target) grad; the target's gradient is the same kernel with
# self and target swapped
MSE_LOSS_BACKWARD = row(
    "mse_loss_backward", "MseLossBackwardBackward0",
    lambda grad_output, self, target, reduction: (_mse_scale(self, reduction) * (self - target) * grad_output
                                                  ).astype(self.dtype), "grad_output self target", promote="common",
    grad_output="mse_loss_backward(grad, self, target, reduction)",
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
    _size_warning(input, target)
    return apply(MSE_LOSS, input, target, reduction=reduction)


@front_door("l1_loss", function=False, method=False, functional=True)
def l1_loss(input, target, reduction="mean"):
    """torch composes it: MeanBackward0(AbsBackward0(SubBackward0))."""
    return _reduce((input - target).abs(), reduction)


# ---------------------------------------------------------------- smooth_l1_loss
def _smooth_l1_forward(self, target, reduction, beta):
    z = np.abs(self - target)
    loss = np.where(z < beta, 0.5 * z * z / self.dtype.type(beta), z - self.dtype.type(0.5 * beta))
    return _reduced(loss.astype(self.dtype), reduction, self.dtype)


def _smooth_l1_backward_forward(grad_output, self, target, reduction, beta):
    x = self - target
    norm = self.dtype.type(_norm(reduction, self.size))
    slope = np.where(x < -beta, -1, np.where(x > beta, 1, x / self.dtype.type(beta)))
    return (norm * slope * grad_output).astype(self.dtype)


@formula_helper
def smooth_l1_loss_double_backward(grad, self, target, reduction, beta):
    """grad / beta where |self - target| < beta (scaled by 1/n for the mean), else 0."""
    d = self - target
    inside = (d.abs() < beta) if beta else d.abs() < 0
    return where(inside, grad * (_norm(reduction, self.numel()) / beta if beta else 0.0), 0.0)


SMOOTH_L1_LOSS_BACKWARD = row(
    "smooth_l1_loss_backward", "SmoothL1LossBackwardBackward0", _smooth_l1_backward_forward,
    "grad_output self target", promote="common",
    grad_output="smooth_l1_loss_backward(grad, self, target, reduction, beta)",
    self="smooth_l1_loss_double_backward(grad * grad_output, self, target, reduction, beta)",
    target="-smooth_l1_loss_double_backward(grad * grad_output, self, target, reduction, beta)")


@formula_helper
def smooth_l1_loss_backward(grad, self, target, reduction, beta):
    """grad times the loss's slope at self - target: (self - target) / beta inside beta, its sign outside."""
    return apply(SMOOTH_L1_LOSS_BACKWARD, grad, self, target, reduction=reduction, beta=beta)


SMOOTH_L1_LOSS = row("smooth_l1_loss", "SmoothL1LossBackward0", _smooth_l1_forward, "self target", promote="common",
                     self="smooth_l1_loss_backward(grad, self, target, reduction, beta)",
                     target="smooth_l1_loss_backward(grad, target, self, reduction, beta)")


@front_door("smooth_l1_loss", function=False, method=False, functional=True)
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    """0.5 d^2 / beta where |d| < beta, |d| - 0.5 beta elsewhere (d = input - target); beta=0 is l1_loss."""
    _size_warning(input, target)
    _check_reduction(reduction)
    if beta < 0:
        raise errors.GradcliError("smooth_l1_loss does not support negative values for beta.")
    input, target = _broadcast(input, target)
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    return apply(SMOOTH_L1_LOSS, input, target, reduction=reduction, beta=beta)


# ---------------------------------------------------------------- huber_loss
def _huber_forward(self, target, reduction, delta):
    z = np.abs(self - target)
    d = self.dtype.type(delta)
    loss = np.where(z < d, self.dtype.type(0.5) * z * z, d * (z - self.dtype.type(0.5) * d))
    return _reduced(loss.astype(self.dtype), reduction, self.dtype)


def _huber_backward_forward(grad_output, self, target, reduction, delta):
    x = self - target
    norm = self.dtype.type(_norm(reduction, self.size))
    d = self.dtype.type(delta)
    out = np.where(x < -d, -norm * grad_output * d, np.where(x > d, norm * grad_output * d, norm * x * grad_output))
    return out.astype(self.dtype)


@formula_helper
def huber_loss_double_backward(grad, self, target, reduction, delta):
    """grad where |self - target| <= delta (scaled by 1/n for the mean), else 0."""
    return where((self - target).abs() <= delta, grad * _norm(reduction, self.numel()), 0.0)


@formula_helper
def huber_loss_double_backward_grad_output(grad, self, target, reduction, delta):
    """grad times the loss's slope: self - target inside delta, delta with its sign outside (over n for mean)."""
    return (self - target).clamp(-delta, delta) * grad * _norm(reduction, self.numel())


HUBER_LOSS_BACKWARD = row(
    "huber_loss_backward", "HuberLossBackwardBackward0", _huber_backward_forward, "grad_output self target",
    promote="common",
    grad_output="huber_loss_double_backward_grad_output(grad, self, target, reduction, delta)",
    self="huber_loss_double_backward(grad * grad_output, self, target, reduction, delta)",
    target="-huber_loss_double_backward(grad * grad_output, self, target, reduction, delta)")


@formula_helper
def huber_loss_backward(grad, self, target, reduction, delta):
    """grad times the loss's slope at self - target."""
    return apply(HUBER_LOSS_BACKWARD, grad, self, target, reduction=reduction, delta=delta)


HUBER_LOSS = row("huber_loss", "HuberLossBackward0", _huber_forward, "self target", promote="common",
                 self="huber_loss_backward(grad, self, target, reduction, delta)",
                 target="huber_loss_backward(grad, target, self, reduction, delta)")


@front_door("huber_loss", function=False, method=False, functional=True)
def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    """0.5 d^2 where |d| < delta, delta (|d| - 0.5 delta) elsewhere (d = input - target)."""
    _size_warning(input, target)
    _check_reduction(reduction)
    if weight is not None:
        raise errors.GradcliError("gradcli's huber_loss does not take weights", "NotImplementedError")
    input, target = _broadcast(input, target)
    return apply(HUBER_LOSS, input, target, reduction=reduction, delta=delta)


# ---------------------------------------------------------------- kl_div
@front_door("kl_div", function=False, method=False, functional=True)
def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """The pointwise KL divergence target * (log target - input), input given as log-probabilities (and target
    too with log_target); 'batchmean' divides the sum by the batch size."""
    if reduction == "mean":
        errors.warn("reduction: 'mean' divides the total loss by both the batch size and the support size."
                    "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
                    "'mean' will be changed to behave the same as 'batchmean' in the next major release.")
    if reduction not in ("mean", "sum", "none", "batchmean"):
        raise errors.value_error("%s is not a valid value for reduction" % reduction)
    if log_target:
        output = target.exp() * (target - input)
    else:
        output = xlogy(target, target) - target * input
    if reduction == "mean":
        return output.mean()
    if reduction in ("sum", "batchmean"):
        total = output.sum()
        return total / input.shape[0] if reduction == "batchmean" and input.ndim else total
    return output
