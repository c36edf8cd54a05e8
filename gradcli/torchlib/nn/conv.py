"""torch.nn's Conv1d, Conv2d, MaxPool2d, AvgPool2d, the adaptive pools, LayerNorm and BatchNorm1d/2d/3d (torch's conv.py, pooling.py,
normalization.py and batchnorm.py)."""

from . import init
from .layers import _empty, reset_linear, weight_and_bias
from .module import Module
from .parameter import Parameter
from ...ops import FUNCTIONAL as F
from ...ops import FUNCTIONS as torch
from ...base.subclassable import subclassable


def _ntuple(value, n):
    """torch's _single/_pair: any iterable as a tuple (a string too: torch makes 'same' ('s', 'a', 'm', 'e') for a
    transposed convolution, which the functional then refuses), a number repeated n times."""
    return tuple(value) if isinstance(value, (tuple, list, str)) else (value,) * n


class _ConvNd(Module):
    _dims = None  # 1 or 2
    _functional = None  # "conv1d" or "conv2d"
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 bias=True, padding_mode="zeros", device=None, dtype=None, output_padding=0):
        super().__init__()
        n = self._dims
        kernel_size, stride, dilation = _ntuple(kernel_size, n), _ntuple(stride, n), _ntuple(dilation, n)
        if not isinstance(padding, str):
            padding = _ntuple(padding, n)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError("Invalid padding string %r, should be one of {'valid', 'same'}" % padding)
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode != "zeros":
            raise ValueError("gradcli's convolutions support padding_mode='zeros' only, not %r" % padding_mode)
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = self._transposed
        self.output_padding = _ntuple(output_padding, n)
        self.groups = groups
        self.padding_mode = padding_mode
        if self._transposed:
            weight_and_bias(self, (in_channels, out_channels // groups) + kernel_size, bias, dtype, out_channels,
                            device)
        else:
            weight_and_bias(self, (out_channels, in_channels // groups) + kernel_size, bias, dtype, device=device)
        self.reset_parameters()

    def reset_parameters(self):
        reset_linear(self.weight, self.bias)

    def forward(self, input):
        return F[self._functional](input, self.weight, self.bias, self.stride, self.padding, self.dilation,
                                   self.groups)

    def extra_repr(self):
        text = "%s, %s, kernel_size=%s, stride=%s" % (self.in_channels, self.out_channels, self.kernel_size,
                                                      self.stride)
        if self.padding != (0,) * len(self.padding):
            text += ", padding=%s" % (self.padding,)
        if self.dilation != (1,) * len(self.dilation):
            text += ", dilation=%s" % (self.dilation,)
        if self.output_padding != (0,) * len(self.output_padding):
            text += ", output_padding=%s" % (self.output_padding,)
        if self.groups != 1:
            text += ", groups=%s" % self.groups
        if self.bias is None:
            text += ", bias=False"
        return text


class Conv1d(_ConvNd):
    """1-D convolution over (N, C_in, L) input; weight (out, in / groups, k) by kaiming_uniform_(a=sqrt(5))."""
    _dims, _functional = 1, "conv1d"


class Conv2d(_ConvNd):
    """2-D convolution over (N, C_in, H, W) input; weight (out, in / groups, kh, kw) by
    kaiming_uniform_(a=sqrt(5))."""
    _dims, _functional = 2, "conv2d"


class _ConvTransposeNd(_ConvNd):
    """A transposed convolution: the gradient of the convolution with the same arguments in its input; weight
    (in, out / groups, *kernel) by kaiming_uniform_(a=sqrt(5)), as torch's _ConvTransposeNd."""
    _functional = None  # "conv_transpose1d" or "conv_transpose2d"
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", device=None, dtype=None):
        if padding_mode != "zeros":
            raise ValueError('Only "zeros" padding mode is supported for %s' % type(self).__name__)
        padding = _ntuple(padding, self._dims)  # before _ConvNd's checks: no 'same' or 'valid' here
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, device, dtype, output_padding)

    def forward(self, input, output_size=None):
        output_padding = self._output_padding(input, output_size)
        return F[self._functional](input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                   self.groups, self.dilation)

    def _output_padding(self, input, output_size):
        """output_padding, or what makes the output output_size (torch's _output_padding, its checks and words)."""
        if output_size is None:
            return self.output_padding
        n = self._dims
        lead = 2 if input.dim() == n + 2 else 1
        output_size = list(output_size)
        if len(output_size) == lead + n:
            output_size = output_size[lead:]
        if len(output_size) != n:
            raise ValueError("ConvTranspose%dD: for %dD input, output_size must have %d or %d elements (got %d)"
                             % (n, input.dim(), n, lead + n, len(output_size)))
        smallest = [(input.size(d + lead) - 1) * self.stride[d] - 2 * self.padding[d]
                    + self.dilation[d] * (self.kernel_size[d] - 1) + 1 for d in range(n)]
        largest = [low + self.stride[d] - 1 for d, low in enumerate(smallest)]
        for size, low, high in zip(output_size, smallest, largest):
            if size < low or size > high:
                raise ValueError("requested an output size of %s, but valid sizes range from %s to %s (for an "
                                 "input of %s)" % (output_size, smallest, largest, input.size()[lead:]))
        return tuple(size - low for size, low in zip(output_size, smallest))


class ConvTranspose1d(_ConvTransposeNd):
    """1-D transposed convolution over (N, C_in, L) input (a fractionally-strided convolution)."""
    _dims, _functional = 1, "conv_transpose1d"


class ConvTranspose2d(_ConvTransposeNd):
    """2-D transposed convolution over (N, C_in, H, W) input (a fractionally-strided convolution)."""
    _dims, _functional = 2, "conv_transpose2d"


class MaxPool2d(Module):
    """The largest value of each kernel_size window (stride defaults to kernel_size)."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return F["max_pool2d"](input, self.kernel_size, self.stride, self.padding, self.dilation,
                               ceil_mode=self.ceil_mode, return_indices=self.return_indices)

    def extra_repr(self):
        return "kernel_size=%s, stride=%s, padding=%s, dilation=%s, ceil_mode=%s" % (
            self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)


class _AdaptivePoolNd(Module):
    _functional = None  # "adaptive_avg_pool2d", ...

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        if "max" in self._functional:
            self.return_indices = return_indices
        elif return_indices:
            raise TypeError("%s.__init__() takes 2 positional arguments but 3 were given" % type(self).__name__)

    def forward(self, input):
        if "max" in self._functional:
            return F[self._functional](input, self.output_size, self.return_indices)
        return F[self._functional](input, self.output_size)

    def extra_repr(self):
        return "output_size=%s" % (self.output_size,)


class AdaptiveAvgPool1d(_AdaptivePoolNd):
    """The mean of each of output_size windows that tile the last dim."""
    _functional = "adaptive_avg_pool1d"


class AdaptiveAvgPool2d(_AdaptivePoolNd):
    """The mean of each of output_size windows that tile the last two dims (None keeps a dim's size)."""
    _functional = "adaptive_avg_pool2d"


class AdaptiveMaxPool1d(_AdaptivePoolNd):
    """The largest value of each of output_size windows over the last dim (return_indices: where)."""
    _functional = "adaptive_max_pool1d"


class AdaptiveMaxPool2d(_AdaptivePoolNd):
    """The largest value of each of output_size windows over the last two dims (return_indices: where)."""
    _functional = "adaptive_max_pool2d"


class AvgPool2d(Module):
    """The mean of each kernel_size window (stride defaults to kernel_size)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return F["avg_pool2d"](input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                               self.count_include_pad, self.divisor_override)

    def extra_repr(self):
        return "kernel_size=%s, stride=%s, padding=%s" % (self.kernel_size, self.stride, self.padding)


class LayerNorm(Module):
    """Normalises over the trailing normalized_shape dims, then scales by weight (ones) and shifts by bias
    (zeros)."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(_empty(*self.normalized_shape, dtype=dtype))
            if bias:
                self.bias = Parameter(_empty(*self.normalized_shape, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input):
        return F["layer_norm"](input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return "%s, eps=%s, elementwise_affine=%s, bias=%s" % (self.normalized_shape, self.eps,
                                                                 self.elementwise_affine, self.bias is not None)


@subclassable(members=("reset_running_stats",))
class _BatchNorm(Module):
    """Normalises each channel (dim 1) by the batch's statistics in training mode, keeping running averages
    (buffers running_mean, running_var, num_batches_tracked) for evaluation mode; the subclasses check the
    input's rank, as torch's do."""

    _version = 2

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, device=None,
                 dtype=None, *, bias=True):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(_empty(num_features, dtype=dtype))
            if bias:
                self.bias = Parameter(_empty(num_features, dtype=dtype))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", torch["zeros"](num_features, dtype=dtype))
            self.register_buffer("running_var", torch["ones"](num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", torch["tensor"](0))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)
        self.reset_parameters()

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            factor = 1.0 / float(self.num_batches_tracked) if self.momentum is None else self.momentum
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        return F["batch_norm"](input, self.running_mean if use_stats else None,
                               self.running_var if use_stats else None, self.weight, self.bias, bn_training,
                               factor, self.eps)

    def extra_repr(self):
        return "%s, eps=%s, momentum=%s, affine=%s, bias=%s, track_running_stats=%s" % (
            self.num_features, self.eps, self.momentum, self.affine, self.bias is not None,
            self.track_running_stats)


class BatchNorm1d(_BatchNorm):
    """Batch normalisation of an (N, C) or (N, C, L) input."""

    def _check_input_dim(self, input):
        if input.dim() not in (2, 3):
            raise ValueError("expected 2D or 3D input (got %dD input)" % input.dim())


class BatchNorm2d(_BatchNorm):
    """Batch normalisation of an (N, C, H, W) input (the CNNs' BatchNorm)."""

    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError("expected 4D input (got %dD input)" % input.dim())


class BatchNorm3d(_BatchNorm):
    """Batch normalisation of an (N, C, D, H, W) input."""

    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError("expected 5D input (got %dD input)" % input.dim())
