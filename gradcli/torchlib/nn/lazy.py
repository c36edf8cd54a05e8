"""torch.nn's lazy modules (torch's lazy.py and the Lazy classes of linear.py, conv.py, batchnorm.py):
LazyLinear, LazyConv1d, LazyConv2d, LazyBatchNorm1d/2d/3d.

A lazy module is its eager class built with zero input features and UninitializedParameters; the first call
reads the input's feature size, materializes the parameters in place, draws their initial values as the eager
class does (so a seeded model gets torch's weights), and turns the module into its eager class: after it,
`type(net[0]) == nn.Linear` and the module prints as a Linear. load_state_dict materializes from the
checkpoint's shapes instead (the class stays lazy until the first call), as torch's load hook does.
"""

import itertools

from .conv import BatchNorm1d, BatchNorm2d, BatchNorm3d, Conv1d, Conv2d
from .layers import Linear
from .module import Module
from .parameter import UninitializedBuffer, UninitializedParameter, is_uninitialized
from ...base import errors, grad_mode
from ...base.subclassable import subclassable
from ...ops import FUNCTIONS as torch


@subclassable(members=("has_uninitialized_params", "initialize_parameters", "cls_to_become"))
class LazyModuleMixin:
    """The first call infers the parameters (torch's _infer_parameters forward pre-hook), then the module
    becomes cls_to_become."""

    cls_to_become = None

    def has_uninitialized_params(self):
        tensors = itertools.chain(self._parameters.values(), self._buffers.values())
        return any(is_uninitialized(t) for t in tensors)

    def __call__(self, *args, **kwargs):
        with grad_mode.no_grad():
            self.initialize_parameters(*args, **kwargs)
        if self.has_uninitialized_params():
            raise errors.GradcliError("module %s has not been fully initialized" % self._get_name())
        if self.cls_to_become is not None:
            self.__class__ = self.cls_to_become
        return Module.__call__(self, *args, **kwargs)


class LazyLinear(LazyModuleMixin, Linear):
    """Linear whose in_features is the last dim of its first input."""

    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(dtype=dtype)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            self.in_features = input.shape[-1]
            self.weight.materialize((self.out_features, self.in_features))
            if self.bias is not None:
                self.bias.materialize((self.out_features,))
            self.reset_parameters()
        if self.in_features == 0:  # loaded from a checkpoint: the input says it now
            if input.shape[-1] != self.weight.shape[-1]:
                raise errors.GradcliError("The in_features inferred from input: %s is not equal to in_features "
                                          "from self.weight: %s" % (input.shape[-1], self.weight.shape[-1]),
                                          "AssertionError")
            self.in_features = input.shape[-1]


class _LazyConvNd(LazyModuleMixin):
    """Conv whose in_channels is dim 1 of its first (batched) input, dim 0 of an unbatched one."""

    def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", device=None, dtype=None):
        super().__init__(0, 0, kernel_size, stride, padding, dilation, groups, False, padding_mode, dtype=dtype)
        self.weight = UninitializedParameter(dtype=dtype)
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter(dtype=dtype)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            unbatched, batched = self._dims + 1, self._dims + 2
            if input.dim() not in (unbatched, batched):
                raise errors.GradcliError("Expected %dD (unbatched) or %dD (batched) input to %s, but got input of "
                                          "size: %s" % (unbatched, batched, self._get_name(), input.shape))
            self.in_channels = input.shape[1] if input.dim() == batched else input.shape[0]
            if self.in_channels % self.groups != 0:
                raise errors.GradcliError("in_channels must be divisible by groups", "ValueError")
            self.weight.materialize((self.out_channels, self.in_channels // self.groups) + self.kernel_size)
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.reset_parameters()


class LazyConv1d(_LazyConvNd, Conv1d):
    cls_to_become = Conv1d


class LazyConv2d(_LazyConvNd, Conv2d):
    cls_to_become = Conv2d


class _LazyBatchNorm(LazyModuleMixin):
    """BatchNorm whose num_features is dim 1 of its first input."""

    def __init__(self, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *,
                 bias=True):
        super().__init__(0, eps, momentum, False, False, dtype=dtype, bias=False)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = UninitializedParameter(dtype=dtype)
            if bias:
                self.bias = UninitializedParameter(dtype=dtype)
        if track_running_stats:
            self.running_mean = UninitializedBuffer(dtype=dtype)
            self.running_var = UninitializedBuffer(dtype=dtype)
            self.num_batches_tracked = torch["tensor"](0)

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.num_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            for tensor in (self.weight, self.bias, self.running_mean, self.running_var):
                if tensor is not None:
                    tensor.materialize((self.num_features,))
            self.reset_parameters()


class LazyBatchNorm1d(_LazyBatchNorm, BatchNorm1d):
    cls_to_become = BatchNorm1d


class LazyBatchNorm2d(_LazyBatchNorm, BatchNorm2d):
    cls_to_become = BatchNorm2d


class LazyBatchNorm3d(_LazyBatchNorm, BatchNorm3d):
    cls_to_become = BatchNorm3d


CLASSES = (LazyLinear, LazyConv1d, LazyConv2d, LazyBatchNorm1d, LazyBatchNorm2d, LazyBatchNorm3d)
