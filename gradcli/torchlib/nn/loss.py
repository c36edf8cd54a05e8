"""torch.nn's loss modules: each keeps its reduction (and options) and calls its torch.nn.functional function."""

from .module import Module
from ...ops import FUNCTIONAL as F

def _legacy_reduction(size_average, reduce):
    """torch's _Reduction.legacy_get_string for the deprecated size_average/reduce arguments."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    return "none" if not reduce else ("mean" if size_average else "sum")


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        super().__init__()
        self.reduction = reduction if size_average is None and reduce is None else _legacy_reduction(
            size_average, reduce)


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class L1Loss(_Loss):
    """mean(|input - target|)."""

    def forward(self, input, target):
        return F["l1_loss"](input, target, reduction=self.reduction)


class MSELoss(_Loss):
    """mean((input - target)^2)."""

    def forward(self, input, target):
        return F["mse_loss"](input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction="mean", beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return F["smooth_l1_loss"](input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction="mean", delta=1.0):
        if not isinstance(delta, (float, int)):
            raise TypeError("delta must be a float or int, got: %s" % type(delta))
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return F["huber_loss"](input, target, reduction=self.reduction, delta=self.delta)


class NLLLoss(_WeightedLoss):
    """The negative log-probability (input) of each target class."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return F["nll_loss"](input, target, weight=self.weight, ignore_index=self.ignore_index,
                             reduction=self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    """log_softmax of the logits, then NLLLoss (or, for probability targets, their cross entropy)."""

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                 label_smoothing=0.0):
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return F["cross_entropy"](input, target, weight=self.weight, ignore_index=self.ignore_index,
                                  reduction=self.reduction, label_smoothing=self.label_smoothing)


class BCELoss(_WeightedLoss):
    """Binary cross entropy of probabilities."""

    def forward(self, input, target):
        return F["binary_cross_entropy"](input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Binary cross entropy of logits (sigmoid folded in, without overflow)."""

    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return F["binary_cross_entropy_with_logits"](input, target, self.weight, pos_weight=self.pos_weight,
                                                     reduction=self.reduction)


class KLDivLoss(_Loss):
    """KL divergence of target from input (log-probabilities)."""

    def __init__(self, size_average=None, reduce=None, reduction="mean", log_target=False):
        super().__init__(size_average, reduce, reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return F["kl_div"](input, target, reduction=self.reduction, log_target=self.log_target)
