"""torch.nn.functional's convolutions: conv1d and conv2d, one ConvolutionBackward0 node (torch.convolution).

A convolution is computed as torch's CPU fallback does, by unfolding each output position's receptive field
(im2col) and multiplying by the weight as one matrix product per group; its backward is a row of its own
(ConvolutionBackwardBackward0), as in torch, so gradients taken with create_graph=True carry torch's names.
"""

import numpy as np

from ..bind import apply
from .padding import constant_pad_nd, fold, ntuple, padded, unpadded, windows
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core.tensor import Tensor


# ---------------------------------------------------------------- convolution
def _columns(input, kernel, stride, padding, dilation, groups):
    """The receptive fields as (groups, N * positions, C / groups * kernel) and the output's spatial shape."""
    d = len(kernel)
    win = windows(padded(input, padding), kernel, stride, dilation)  # N, C, *out, *kernel
    n, c = input.shape[:2]
    out = win.shape[2:2 + d]
    win = win.reshape((n, groups, c // groups) + win.shape[2:])
    order = (1, 0) + tuple(range(3, 3 + d)) + (2,) + tuple(range(3 + d, 3 + 2 * d))
    return np.ascontiguousarray(win.transpose(order)).reshape(groups, n * int(np.prod(out)), -1), out


def _grouped(grad_output, groups):
    """grad_output (N, O, *out) as (groups, N * positions, O / groups)."""
    n, o = grad_output.shape[:2]
    d = grad_output.ndim - 2
    g = grad_output.reshape((n, groups, o // groups) + grad_output.shape[2:])
    order = (1, 0) + tuple(range(3, 3 + d)) + (2,)
    return np.ascontiguousarray(g.transpose(order)).reshape(groups, -1, o // groups)


def _convolution_forward(input, weight, bias, stride, padding, dilation, groups):
    kernel = weight.shape[2:]
    d = len(kernel)
    cols, out = _columns(input, kernel, stride, padding, dilation, groups)
    o = weight.shape[0]
    result = cols @ weight.reshape(groups, o // groups, -1).transpose(0, 2, 1)  # groups, N * positions, O / groups
    n = input.shape[0]
    result = result.reshape((groups, n) + out + (o // groups,))
    result = result.transpose((1, 0, d + 2) + tuple(range(2, 2 + d))).reshape((n, o) + out)
    if bias is not None:
        result = result + bias.reshape((o,) + (1,) * d)
    return np.ascontiguousarray(result, dtype=input.dtype)


def _convolution_backward_forward(grad_output, input, weight, stride, padding, dilation, groups, output_mask):
    """(grad_input, grad_weight, grad_bias); the ones output_mask leaves out are zeros."""
    kernel = weight.shape[2:]
    d = len(kernel)
    o, cg = weight.shape[:2]
    g_out = _grouped(grad_output, groups)
    grad_input = np.zeros(input.shape, input.dtype)
    grad_weight = np.zeros(weight.shape, weight.dtype)
    if output_mask[0]:
        cols = g_out @ weight.reshape(groups, o // groups, -1)  # groups, N * positions, C / groups * kernel
        n = input.shape[0]
        out = grad_output.shape[2:]
        cols = cols.reshape((groups, n) + out + (cg,) + kernel)
        order = (1, 0, 2 + d) + tuple(range(2, 2 + d)) + tuple(range(3 + d, 3 + 2 * d))
        cols = cols.transpose(order).reshape((n, groups * cg) + out + kernel)
        padded_shape = input.shape[:2] + tuple(s + 2 * p for s, p in zip(input.shape[2:], padding))
        grad_input = unpadded(fold(cols, padded_shape, kernel, stride, dilation), padding, input.shape)
    if output_mask[1]:
        cols, _ = _columns(input, kernel, stride, padding, dilation, groups)
        grad_weight = (g_out.transpose(0, 2, 1) @ cols).reshape(weight.shape)
    grad_bias = grad_output.sum(axis=(0,) + tuple(range(2, grad_output.ndim)))
    return (np.ascontiguousarray(grad_input, dtype=input.dtype), grad_weight.astype(weight.dtype),
            grad_bias.astype(grad_output.dtype))


def _double_backward_derivative(i):
    text = "convolution_double_backward(grads, grad_output, input, weight, stride, padding, dilation, groups)[%d]" % i
    return (text, lambda grads, grad_output, input, weight, stride, padding, dilation, groups:
            convolution_double_backward(grads, grad_output, input, weight, stride, padding, dilation, groups)[i])


CONVOLUTION_BACKWARD = row(
    "convolution_backward", "ConvolutionBackwardBackward0", _convolution_backward_forward,
    "grad_output input weight", grad_output=_double_backward_derivative(0), input=_double_backward_derivative(1),
    weight=_double_backward_derivative(2))


@formula_helper
def convolution_double_backward(grads, grad_output, input, weight, stride, padding, dilation, groups):
    """The derivatives of convolution_backward's outputs, weighted by grads = (ggI, ggW, ggB) (None where no
    gradient arrived), for grad_output, input and weight: the convolution is bilinear, so each is a convolution
    or a convolution's backward again (torch's _convolution_double_backward)."""
    ggi, ggw, ggb = grads
    params = (stride, padding, dilation, groups)
    terms = [convolution(ggi, weight, None, *params) if ggi is not None else None,
             convolution(input, ggw, None, *params) if ggw is not None else None]
    terms = [t for t in terms if t is not None]
    grad_grad_output = terms[0] + terms[1] if len(terms) == 2 else terms[0] if terms else None
    if ggb is not None:
        bias = ggb.reshape((-1,) + (1,) * (grad_output.ndim - 2))
        grad_grad_output = bias.expand(*grad_output.shape) if grad_grad_output is None else grad_grad_output + bias
    grad_input = (convolution_backward(grad_output, input, ggw, *params, (True, False, False))[0]
                  if ggw is not None else None)
    grad_weight = (convolution_backward(grad_output, ggi, weight, *params, (False, True, False))[1]
                   if ggi is not None else None)
    return grad_grad_output, grad_input, grad_weight


@formula_helper
def convolution_backward(grad_output, input, weight, stride, padding, dilation, groups, output_mask):
    """(grad_input, grad_weight, grad_bias) of a convolution for grad_output; those output_mask leaves out are
    zeros."""
    return apply(CONVOLUTION_BACKWARD, grad_output, input, weight, stride=stride, padding=padding,
                 dilation=dilation, groups=groups, output_mask=tuple(output_mask))


def _convolution_derivative(i, mask):
    text = "convolution_backward(grad, input, weight, stride, padding, dilation, groups, %s)[%d]" % (mask, i)
    flags = tuple(m == "True" for m in mask.strip("()").split(", "))
    return (text, lambda grad, input, weight, stride, padding, dilation, groups:
            convolution_backward(grad, input, weight, stride, padding, dilation, groups, flags)[i])


CONVOLUTION = row("convolution", "ConvolutionBackward0", _convolution_forward, "input weight bias",
                  input=_convolution_derivative(0, "(True, False, False)"),
                  weight=_convolution_derivative(1, "(False, True, False)"),
                  bias=_convolution_derivative(2, "(False, False, True)"))


@formula_helper
def convolution(input, weight, bias, stride, padding, dilation, groups):
    """torch.convolution for batched input: the one node every conv1d/conv2d records."""
    return apply(CONVOLUTION, input, weight, bias, stride=stride, padding=padding, dilation=dilation,
                 groups=groups)


def _same_padding(x, kernel, dilation):
    """padding='same': half the span on each side; where the span is odd, torch pads the extra element on the
    right first (a ConstantPadNdBackward0 below the convolution). Returns the input and the symmetric padding."""
    d = len(kernel)
    left, extra = [], [0] * (2 * d)
    for i, (k, dl) in enumerate(zip(kernel, dilation)):
        total = dl * (k - 1)
        left.append(total // 2)
        if total % 2:
            extra[2 * (d - 1 - i) + 1] = 1
    if any(extra):
        errors.warn("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded "
                    "copy of the input be created")
        x = constant_pad_nd(x, tuple(extra))
    return x, tuple(left)


def _conv(name, d, input, weight, bias, stride, padding, dilation, groups):
    if not isinstance(input, Tensor) or not isinstance(weight, Tensor):
        raise errors.type_error("%s() received an invalid combination of arguments - got (%s, %s, ...)"
                                % (name, type(input).__name__, type(weight).__name__))
    stride, dilation = ntuple(stride, d), ntuple(dilation, d)
    kernel = weight.shape[2:]
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise errors.value_error("Invalid padding string '%s', should be one of ('valid', 'same')" % padding)
        if padding == "same" and any(s != 1 for s in stride):
            raise errors.GradcliError("padding='same' is not supported for strided convolutions")
        if padding == "same":
            input, padding = _same_padding(input, kernel, dilation)
        else:
            padding = (0,) * d
    padding = ntuple(padding, d)
    if weight.ndim != d + 2:
        raise errors.GradcliError("weight should have at least three dimensions" if weight.ndim < 3 else
                                  "Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s"
                                  % (d + 1, d + 2, name, list(input.shape)))
    batched = input.ndim == d + 2
    if input.ndim not in (d + 1, d + 2):
        raise errors.GradcliError("Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s"
                                  % (d + 1, d + 2, name, list(input.shape)))
    x = input if batched else input.unsqueeze(0)
    channels = x.shape[1]
    if channels != weight.shape[1] * groups:
        raise errors.GradcliError(
            "Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d channels instead"
            % (groups, list(weight.shape), list(x.shape), weight.shape[1] * groups, channels))
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != weight.shape[0]):
        raise errors.GradcliError("Given weight of size %s, expected bias to be 1-dimensional with %d elements, "
                                  "but got bias of size %s instead" % (list(weight.shape), weight.shape[0],
                                                                         list(bias.shape)))
    for size, k, p, dl in zip(x.shape[2:], kernel, padding, dilation):
        if size + 2 * p < dl * (k - 1) + 1:
            raise errors.GradcliError(
                "Calculated padded input size per channel: (%s). Kernel size: (%s). Kernel size can't be greater "
                "than actual input size" % (" x ".join(str(s + 2 * q) for s, q in zip(x.shape[2:], padding)),
                                            " x ".join(str(dl2 * (k2 - 1) + 1) for k2, dl2 in zip(kernel, dilation))))
    if x.dtype != weight.dtype or (bias is not None and bias.dtype != weight.dtype):
        raise errors.GradcliError("Input type (%s) and weight type (%s) should be the same or input should be a "
                                  "MKLDNN tensor and weight is a dense tensor" % (
                                      x.dtype.legacy_name, weight.dtype.legacy_name))
    out = convolution(x, weight, bias, stride, padding, dilation, groups)
    return out if batched else out.squeeze(0)


@front_door("conv1d", method=False, functional=True)
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution of (N, C, L) or (C, L) input with a (O, C / groups, K) weight."""
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


@front_door("conv2d", method=False, functional=True)
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution of (N, C, H, W) or (C, H, W) input with a (O, C / groups, KH, KW) weight."""
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)
