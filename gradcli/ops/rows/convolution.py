"""torch.nn.functional's convolutions: conv1d, conv2d and their transposes conv_transpose1d/2d, one
ConvolutionBackward0 node (torch.convolution, `transposed` telling which).

A convolution is computed as torch's CPU fallback does, by unfolding each output position's receptive field
(im2col) and multiplying by the weight as one matrix product per group. A transposed convolution is the adjoint
of a convolution in its input (its forward is a convolution's input gradient, its input gradient a convolution),
so both come from the same three numpy pieces. The backward is a row of its own (ConvolutionBackwardBackward0),
as in torch, so gradients taken with create_graph=True carry torch's names.
"""

import numpy as np

from ..bind import apply
from .padding import constant_pad_nd, fold, ntuple, padded, unpadded, windows
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core.tensor import Tensor


# ---------------------------------------------------------------- the three numpy pieces
def _columns(input, kernel, stride, padding, dilation, groups, out=None):
    """The receptive fields as (groups, N * positions, C / groups * kernel) and the output's spatial shape (the
    first `out` positions only, where given: a transposed convolution's output_padding leaves more)."""
    d = len(kernel)
    win = windows(padded(input, padding), kernel, stride, dilation)  # N, C, *out, *kernel
    if out is not None:
        win = win[(slice(None), slice(None)) + tuple(slice(0, n) for n in out)]
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


def _correlate(input, weight, stride, padding, dilation, groups, out=None):
    """The convolution (N, O, *out) of input (N, C, ...) with weight (O, C / groups, *kernel), without bias."""
    kernel = weight.shape[2:]
    d = len(kernel)
    cols, out = _columns(input, kernel, stride, padding, dilation, groups, out)
    o = weight.shape[0]
    result = cols @ weight.reshape(groups, o // groups, -1).transpose(0, 2, 1)  # groups, N * positions, O / groups
    n = input.shape[0]
    result = result.reshape((groups, n) + out + (o // groups,))
    return result.transpose((1, 0, d + 2) + tuple(range(2, 2 + d))).reshape((n, o) + out)


def _input_gradient(grad_output, weight, input_shape, stride, padding, dilation, groups):
    """The gradient of _correlate in its input (of `input_shape`), for grad_output (N, O, *out)."""
    kernel = weight.shape[2:]
    d = len(kernel)
    o, cg = weight.shape[:2]
    cols = _grouped(grad_output, groups) @ weight.reshape(groups, o // groups, -1)  # groups, N * pos, C/g * kernel
    n = input_shape[0]
    out = grad_output.shape[2:]
    cols = cols.reshape((groups, n) + out + (cg,) + kernel)
    order = (1, 0, 2 + d) + tuple(range(2, 2 + d)) + tuple(range(3 + d, 3 + 2 * d))
    cols = cols.transpose(order).reshape((n, groups * cg) + out + kernel)
    padded_shape = tuple(input_shape[:2]) + tuple(s + 2 * p for s, p in zip(input_shape[2:], padding))
    return unpadded(fold(cols, padded_shape, kernel, stride, dilation), padding, input_shape)


def _weight_gradient(grad_output, input, weight_shape, stride, padding, dilation, groups):
    """The gradient of _correlate in its weight (of `weight_shape`), for grad_output (N, O, *out)."""
    cols, _ = _columns(input, weight_shape[2:], stride, padding, dilation, groups, grad_output.shape[2:])
    return (_grouped(grad_output, groups).transpose(0, 2, 1) @ cols).reshape(weight_shape)


def transposed_size(size, kernel, stride, padding, dilation, output_padding):
    """A transposed convolution's output spatial shape."""
    return tuple((n - 1) * s - 2 * p + dl * (k - 1) + op + 1
                 for n, k, s, p, dl, op in zip(size, kernel, stride, padding, dilation, output_padding))


# ---------------------------------------------------------------- convolution
def _convolution_forward(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    if transposed:
        size = transposed_size(input.shape[2:], weight.shape[2:], stride, padding, dilation, output_padding)
        shape = (input.shape[0], weight.shape[1] * groups) + size
        result = _input_gradient(input, weight, shape, stride, padding, dilation, groups)
    else:
        result = _correlate(input, weight, stride, padding, dilation, groups)
    if bias is not None:
        result = result + bias.reshape((-1,) + (1,) * (input.ndim - 2))
    return np.ascontiguousarray(result, dtype=input.dtype)


def _convolution_backward_forward(grad_output, input, weight, stride, padding, dilation, transposed,
                                  output_padding, groups, output_mask):
    """(grad_input, grad_weight, grad_bias); the ones output_mask leaves out are zeros. A transposed
    convolution's input plays the convolution's grad_output, and its grad_output the convolution's input."""
    grad_input = np.zeros(input.shape, input.dtype)
    grad_weight = np.zeros(weight.shape, weight.dtype)
    params = (stride, padding, dilation, groups)
    if output_mask[0]:
        grad_input = (_correlate(grad_output, weight, *params, out=input.shape[2:]) if transposed else
                      _input_gradient(grad_output, weight, input.shape, *params))
    if output_mask[1]:
        grad_weight = (_weight_gradient(input, grad_output, weight.shape, *params) if transposed else
                       _weight_gradient(grad_output, input, weight.shape, *params))
    grad_bias = grad_output.sum(axis=(0,) + tuple(range(2, grad_output.ndim)))
    return (np.ascontiguousarray(grad_input, dtype=input.dtype), grad_weight.astype(weight.dtype),
            grad_bias.astype(grad_output.dtype))


_PARAMS = "stride, padding, dilation, transposed, output_padding, groups"


def _double_backward_derivative(i):
    text = "convolution_double_backward(grads, grad_output, input, weight, %s)[%d]" % (_PARAMS, i)
    return (text, lambda grads, grad_output, input, weight, stride, padding, dilation, transposed, output_padding,
            groups: convolution_double_backward(grads, grad_output, input, weight, stride, padding, dilation,
                                                transposed, output_padding, groups)[i])


CONVOLUTION_BACKWARD = row(
    "convolution_backward", "ConvolutionBackwardBackward0", _convolution_backward_forward,
    "grad_output input weight", grad_output=_double_backward_derivative(0), input=_double_backward_derivative(1),
    weight=_double_backward_derivative(2))


@formula_helper
def convolution_double_backward(grads, grad_output, input, weight, stride, padding, dilation, transposed,
                                output_padding, groups):
    """The derivatives of convolution_backward's outputs, weighted by grads = (ggI, ggW, ggB) (None where no
    gradient arrived), for grad_output, input and weight: the convolution is bilinear, so each is a convolution
    or a convolution's backward again (torch's _convolution_double_backward), transposed or not alike."""
    ggi, ggw, ggb = grads
    params = (stride, padding, dilation, transposed, output_padding, groups)
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
def convolution_backward(grad_output, input, weight, stride, padding, dilation, transposed, output_padding, groups,
                         output_mask):
    """(grad_input, grad_weight, grad_bias) of a convolution for grad_output; those output_mask leaves out are
    zeros."""
    return apply(CONVOLUTION_BACKWARD, grad_output, input, weight, stride=stride, padding=padding,
                 dilation=dilation, transposed=transposed, output_padding=output_padding, groups=groups,
                 output_mask=tuple(output_mask))


def _convolution_derivative(i, mask):
    text = "convolution_backward(grad, input, weight, %s, %s)[%d]" % (_PARAMS, mask, i)
    flags = tuple(m == "True" for m in mask.strip("()").split(", "))
    return (text, lambda grad, input, weight, stride, padding, dilation, transposed, output_padding, groups:
            convolution_backward(grad, input, weight, stride, padding, dilation, transposed, output_padding, groups,
                                 flags)[i])


CONVOLUTION = row("convolution", "ConvolutionBackward0", _convolution_forward, "input weight bias",
                  input=_convolution_derivative(0, "(True, False, False)"),
                  weight=_convolution_derivative(1, "(False, True, False)"),
                  bias=_convolution_derivative(2, "(False, False, True)"))


@formula_helper
def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """torch.convolution for batched input: the one node every conv1d/conv2d/conv_transpose1d/2d records."""
    return apply(CONVOLUTION, input, weight, bias, stride=stride, padding=padding, dilation=dilation,
                 transposed=transposed, output_padding=output_padding, groups=groups)


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
    out = convolution(x, weight, bias, stride, padding, dilation, False, (0,) * d, groups)
    return out if batched else out.squeeze(0)


@front_door("conv1d", method=False, functional=True)
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution of (N, C, L) or (C, L) input with a (O, C / groups, K) weight."""
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


@front_door("conv2d", method=False, functional=True)
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution of (N, C, H, W) or (C, H, W) input with a (O, C / groups, KH, KW) weight."""
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def _transposed_parameter(value, name, d):
    """stride/padding/output_padding/dilation as a d-tuple, or torch's error for a list of the wrong length."""
    if isinstance(value, (tuple, list)) and len(value) not in (1, d):
        raise errors.GradcliError("expected %s to be a single integer value or a list of %d values to match the "
                                  "convolution dimensions, but got %s=%s" % (name, d, name, list(value)))
    return ntuple(value, d)


def _as_2d(values, fill):
    """A 1-D convolution's numbers as torch's 2-D kernel prints them: a height of `fill` before the width."""
    return (fill,) + tuple(values) if len(values) == 1 else tuple(values)


def _conv_transpose(name, d, input, weight, bias, stride, padding, output_padding, groups, dilation):
    for arg, value in (("input", input), ("weight", weight)):
        if not isinstance(value, Tensor):
            raise errors.type_error("%s(): argument '%s' (position %d) must be Tensor, not %s"
                                    % (name, arg, 1 if arg == "input" else 2, type(value).__name__))
    if isinstance(padding, str):  # no 'same' or 'valid' for a transposed convolution
        raise errors.type_error("%s(): argument 'padding' must be tuple of ints, not str" % name)
    for i, p in enumerate(padding if isinstance(padding, (tuple, list)) else ()):
        if not isinstance(p, int):  # (nn.ConvTranspose2d(padding='same') passes ('s', 'a', 'm', 'e') positionally)
            raise errors.type_error("%s(): argument 'padding' (position 5) must be tuple of ints, but found element "
                                    "of type %s at pos %d" % (name, type(p).__name__, i))
    if input.ndim not in (d + 1, d + 2):
        raise errors.GradcliError("Expected %dD (unbatched) or %dD (batched) input to %s, but got input of size: %s"
                                  % (d + 1, d + 2, name, list(input.shape)))
    batched = input.ndim == d + 2
    x = input if batched else input.unsqueeze(0)
    if weight.ndim < 3:
        raise errors.GradcliError("weight should have at least three dimensions")
    if groups <= 0:
        raise errors.GradcliError("non-positive groups is not supported")
    k = weight.ndim - 2
    stride, padding = _transposed_parameter(stride, "stride", k), _transposed_parameter(padding, "padding", k)
    output_padding = _transposed_parameter(output_padding, "output_padding", k)
    dilation = _transposed_parameter(dilation, "dilation", k)
    if any(p < 0 for p in padding):
        raise errors.GradcliError("negative padding is not supported")
    if any(p < 0 for p in output_padding):
        raise errors.GradcliError("negative output_padding is not supported")
    if any(s <= 0 for s in stride):
        raise errors.GradcliError("non-positive stride is not supported")
    if any(dl < 0 for dl in dilation):
        raise errors.GradcliError("dilation should be greater than zero")
    shape = list(weight.shape)
    if weight.ndim != x.ndim:
        raise errors.GradcliError("Expected %d-dimensional input for %d-dimensional weight %s, but got "
                                  "%d-dimensional input of size %s instead"
                                  % (weight.ndim, weight.ndim, shape, x.ndim, list(x.shape)))
    if shape[0] < groups:
        raise errors.GradcliError("Given groups=%d, expected weight to be at least %d at dimension 0, but got "
                                  "weight of size %s instead" % (groups, groups, shape))
    if shape[0] % groups:
        raise errors.GradcliError("Given groups=%d, expected weight to be divisible by %d at dimension 0, but got "
                                  "weight of size [%s] instead" % (groups, groups, shape))
    if x.shape[1] != shape[0]:
        raise errors.GradcliError("Given transposed=1, weight of size %s, expected input%s to have %d channels, "
                                  "but got %d channels instead" % (shape, list(x.shape), shape[0], x.shape[1]))
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != shape[1] * groups):
        raise errors.GradcliError("Given transposed=1, weight of size %s, expected bias to be 1-dimensional with "
                                  "%d elements, but got bias of size %s instead"
                                  % (shape, shape[1] * groups, list(bias.shape)))
    kernel = weight.shape[2:]
    if any(dl == 0 for dl in dilation):
        dh, dw = _as_2d(dilation, 1)
        raise errors.GradcliError("dilation should be greater than zero, but got dilation_height: %d, "
                                  "dilation_width: %d" % (dh, dw))
    if any(op >= s and op >= dl for op, s, dl in zip(output_padding, stride, dilation)):
        (oh, ow), (sh, sw), (dh, dw) = _as_2d(output_padding, 0), _as_2d(stride, 1), _as_2d(dilation, 1)
        raise errors.GradcliError(
            "output padding must be smaller than either stride or dilation, but got output_padding_height: %d "
            "output_padding_width: %d stride_height: %d stride_width: %d dilation_height: %d dilation_width: %d"
            % (oh, ow, sh, sw, dh, dw))
    size = transposed_size(x.shape[2:], kernel, stride, padding, dilation, output_padding)
    if any(n < 1 for n in size):
        raise errors.GradcliError("Given input size per channel: (%s). Calculated output size per channel: (%s). "
                                  "Output size is too small" % (" x ".join(map(str, _as_2d(x.shape[2:], 1))),
                                                                " x ".join(map(str, _as_2d(size, 1)))))
    if x.dtype != weight.dtype:
        raise errors.GradcliError("expected scalar type %s but found %s" % (x.dtype.short_name,
                                                                            weight.dtype.short_name))
    if bias is not None and bias.dtype != x.dtype:
        bias = bias.to(x.dtype)
    out = convolution(x, weight, bias, stride, padding, dilation, True, output_padding, groups)
    return out if batched else out.squeeze(0)


@front_door("conv_transpose1d", method=False, functional=True)
def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """1-D transposed convolution of (N, C, L) or (C, L) input with a (C, O / groups, K) weight: the gradient
    of conv1d in its input."""
    return _conv_transpose("conv_transpose1d", 1, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)


@front_door("conv_transpose2d", method=False, functional=True)
def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """2-D transposed convolution of (N, C, H, W) or (C, H, W) input with a (C, O / groups, KH, KW) weight:
    the gradient of conv2d in its input."""
    return _conv_transpose("conv_transpose2d", 2, input, weight, bias, stride, padding, output_padding, groups,
                           dilation)
