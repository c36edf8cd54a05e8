"""torch.nn.functional's convolutions, pooling and constant padding: the layers of the 60-minute blitz CNN.

A convolution is computed as torch's CPU fallback does, by unfolding each output position's receptive field
(im2col) and multiplying by the weight as one matrix product per group; its backward and the pools' backward
kernels are rows of their own (ConvolutionBackwardBackward0, ...), as in torch, so gradients taken with
create_graph=True carry torch's names.
"""

import itertools

import numpy as np

from .bind import apply
from .table import formula_helper, front_door, row
from .. import errors
from ..tensor import Tensor


def _tuple(value, n):
    """An int or a sequence of ints as an n-tuple (torch's _single/_pair)."""
    if isinstance(value, (tuple, list)):
        if len(value) == 1:
            return tuple(value) * n
        return tuple(int(v) for v in value)
    return (int(value),) * n


# ---------------------------------------------------------------- receptive fields
def _padded(x, padding, fill=0.0, extra=None):
    """x with `padding` on both sides of each spatial dim (and `extra` more on the right)."""
    d = len(padding)
    widths = [(0, 0)] * (x.ndim - d) + [(p, p + (extra[i] if extra else 0)) for i, p in enumerate(padding)]
    return np.pad(x, widths, constant_values=fill) if any(w != (0, 0) for w in widths) else x


def _windows(xp, kernel, stride, dilation):
    """A view (..., *out, *kernel) of the padded input: each output position's receptive field."""
    d = len(kernel)
    spans = tuple(dl * (k - 1) + 1 for k, dl in zip(kernel, dilation))
    w = np.lib.stride_tricks.sliding_window_view(xp, spans, axis=tuple(range(xp.ndim - d, xp.ndim)))
    lead = (slice(None),) * (xp.ndim - d)
    return w[lead + tuple(slice(None, None, s) for s in stride) + tuple(slice(None, None, dl) for dl in dilation)]


def _fold(cols, padded_shape, kernel, stride, dilation):
    """The adjoint of _windows: add each window's values (..., *out, *kernel) back where they came from."""
    d = len(kernel)
    out = cols.shape[cols.ndim - 2 * d:cols.ndim - d]
    total = np.zeros(padded_shape, dtype=cols.dtype)
    lead = (slice(None),) * (total.ndim - d)
    for offsets in itertools.product(*(range(k) for k in kernel)):
        where = tuple(slice(o * dl, o * dl + s * (n - 1) + 1, s)
                      for o, dl, s, n in zip(offsets, dilation, stride, out))
        total[lead + where] += cols[(Ellipsis,) + offsets]
    return total


def _unpadded(xp, padding, shape):
    d = len(padding)
    lead = (slice(None),) * (xp.ndim - d)
    return xp[lead + tuple(slice(p, p + n) for p, n in zip(padding, shape[-d:]))]


# ---------------------------------------------------------------- convolution
def _columns(input, kernel, stride, padding, dilation, groups):
    """The receptive fields as (groups, N * positions, C / groups * kernel) and the output's spatial shape."""
    d = len(kernel)
    win = _windows(_padded(input, padding), kernel, stride, dilation)  # N, C, *out, *kernel
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
        grad_input = _unpadded(_fold(cols, padded_shape, kernel, stride, dilation), padding, input.shape)
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
    stride, dilation = _tuple(stride, d), _tuple(dilation, d)
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
    padding = _tuple(padding, d)
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


# ---------------------------------------------------------------- pooling
def _pool_shape(size, kernel, stride, padding, dilation, ceil_mode):
    """torch's pooling_output_shape: floor or ceil, and with ceil_mode no window may start in the right
    padding."""
    span = dilation * (kernel - 1) + 1
    numerator = size + 2 * padding - span + (stride - 1 if ceil_mode else 0)
    out = numerator // stride + 1
    if ceil_mode and (out - 1) * stride >= size + padding:
        out -= 1
    return out


def _pool_geometry(x, kernel, stride, padding, dilation, ceil_mode):
    """Output sizes and the extra right padding ceil_mode needs for the last windows."""
    sizes = x.shape[-2:]
    out = tuple(_pool_shape(s, k, st, p, dl, ceil_mode)
                for s, k, st, p, dl in zip(sizes, kernel, stride, padding, dilation))
    extra = tuple(max(0, (o - 1) * st + dl * (k - 1) + 1 - (s + 2 * p))
                  for o, s, k, st, p, dl in zip(out, sizes, kernel, stride, padding, dilation))
    return out, extra


def _max_pool_indices(x, kernel, stride, padding, dilation, ceil_mode):
    """For each output position, the flat index (h * W + w) of its window's first largest value."""
    out, extra = _pool_geometry(x, kernel, stride, padding, dilation, ceil_mode)
    h, w = x.shape[-2:]
    positions = np.arange(h * w, dtype=np.int64).reshape(h, w)
    win = _windows(_padded(x, padding, -np.inf, extra), kernel, stride, dilation)
    pos = _windows(_padded(positions, padding, -1, extra), kernel, stride, dilation)
    win = win.reshape(win.shape[:-2] + (-1,))
    nan = np.isnan(win)
    best = np.argmax(np.where(nan, np.inf, win), axis=-1)  # a nan wins, as in torch's kernel
    if nan.any():
        best = np.where(nan.any(axis=-1), win.shape[-1] - 1 - np.argmax(nan[..., ::-1], axis=-1), best)
    flat = np.broadcast_to(pos.reshape(pos.shape[:-2] + (-1,)), win.shape)
    return np.take_along_axis(flat, best[..., None], axis=-1)[..., 0].reshape(x.shape[:-2] + out)


def _gathered(self, indices):
    plane = self.reshape(self.shape[:-2] + (-1,))
    return np.take_along_axis(plane, indices.reshape(indices.shape[:-2] + (-1,)), axis=-1).reshape(indices.shape)


def _max_pool_backward_forward(grad_output, self, indices):
    planes = int(np.prod(self.shape[:-2], dtype=np.int64))
    grad = np.zeros((planes, self.shape[-2] * self.shape[-1]), grad_output.dtype)
    picked = indices.reshape(planes, -1)
    np.add.at(grad, (np.arange(planes)[:, None], picked), grad_output.reshape(planes, -1))
    return grad.reshape(self.shape)


MAX_POOL2D_BACKWARD = row(
    "max_pool2d_with_indices_backward", "MaxPool2DWithIndicesBackwardBackward0",
    lambda grad_output, self, indices, **_: _max_pool_backward_forward(grad_output, self, indices),
    "grad_output self",
    grad_output=("max_pool_double_backward(grad, indices, 2)",
                 lambda grad, indices: max_pool_double_backward(grad, indices, 2)),
    self=("zeros_like(self)", lambda grad, self_shape, self_dtype: Tensor._make(
        np.zeros(self_shape, _numpy(self_dtype)))))


def _numpy(dtype):
    from ..tensor import to_numpy_dtype
    return to_numpy_dtype(dtype)


@formula_helper
def max_pool_double_backward(grad, indices, dim):
    """grad at the positions the pool picked: gather over the flattened last `dim` dims."""
    indices = indices if isinstance(indices, Tensor) else Tensor._make(indices)
    flat = grad.flatten(-dim)
    return flat.gather(-1, indices.flatten(-dim)).view(indices.shape)


@formula_helper
def max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, ceil_mode, indices):
    """grad added at each window's picked position."""
    return apply(MAX_POOL2D_BACKWARD, grad, self, indices=np.asarray(
        indices.array if isinstance(indices, Tensor) else indices), kernel_size=kernel_size, stride=stride,
        padding=padding, dilation=dilation, ceil_mode=ceil_mode)


MAX_POOL2D = row("max_pool2d_with_indices", "MaxPool2DWithIndicesBackward0",
                 lambda self, indices, **_: _gathered(self, indices), "self",
                 self=("max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, "
                       "ceil_mode, indices)",
                       lambda grad, self, kernel_size, stride, padding, dilation, ceil_mode, indices:
                       max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation,
                                                        ceil_mode, indices)))


def _pool_arguments(name, x, kernel_size, stride, padding, dilation=1):
    kernel = _tuple(kernel_size, 2)
    stride = kernel if stride is None or stride == [] or stride == () else _tuple(stride, 2)
    padding, dilation = _tuple(padding, 2), _tuple(dilation, 2)
    if x.ndim not in (3, 4):
        raise errors.GradcliError("non-empty 3D or 4D (batch mode) tensor expected for input")
    for k, p in zip(kernel, padding):
        if p > k // 2:
            raise errors.GradcliError("pad should be at most half of effective kernel size, but got pad=%d, "
                                      "kernel_size=%d and dilation=%d" % (p, k, dilation[0]) if name == "max"
                                      else "pad should be at most half of kernel size, but got pad=%d and "
                                      "kernel_size=%d" % (p, k))
    return kernel, stride, padding, dilation


@front_door("max_pool2d", method=False, functional=True)
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """The largest value of each window over the last two dims ((N, C, H, W) or (C, H, W) input)."""
    kernel, stride, padding, dilation = _pool_arguments("max", input, kernel_size, stride, padding, dilation)
    indices = _max_pool_indices(input.array, kernel, stride, padding, dilation, ceil_mode)
    out = apply(MAX_POOL2D, input, indices=indices, kernel_size=kernel, stride=stride, padding=padding,
                dilation=dilation, ceil_mode=ceil_mode)
    return (out, Tensor._make(indices)) if return_indices else out


front_door("max_pool2d_with_indices", function=False, method=False, functional=True)(
    lambda input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False:
    max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True))


def _avg_divisors(shape, out, kernel, stride, padding, count_include_pad, divisor_override):
    """Each output position's divisor, as torch's avg_pool2d kernel computes it."""
    if divisor_override:
        return np.full(out, float(divisor_override))
    spans = []
    for size, o, k, s, p in zip(shape, out, kernel, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, size + p)
        whole = end - start
        clipped = np.minimum(end, size) - np.maximum(start, 0)
        spans.append(whole if count_include_pad else clipped)
    return np.multiply.outer(spans[0], spans[1]).astype(np.float64)


def _avg_pool_forward(self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    out, extra = _pool_geometry(self, kernel_size, stride, padding, (1, 1), ceil_mode)
    win = _windows(_padded(self, padding, 0.0, extra), kernel_size, stride, (1, 1))
    divisors = _avg_divisors(self.shape[-2:], out, kernel_size, stride, padding, count_include_pad,
                             divisor_override)
    return (win.sum(axis=(-2, -1)) / divisors.astype(self.dtype)).astype(self.dtype)


def _avg_pool_backward_forward(grad_output, self, kernel_size, stride, padding, ceil_mode, count_include_pad,
                               divisor_override):
    out, extra = _pool_geometry(self, kernel_size, stride, padding, (1, 1), ceil_mode)
    divisors = _avg_divisors(self.shape[-2:], out, kernel_size, stride, padding, count_include_pad,
                             divisor_override)
    share = (grad_output / divisors.astype(grad_output.dtype))[..., None, None]
    cols = np.broadcast_to(share, share.shape[:-2] + tuple(kernel_size))
    padded = self.shape[:-2] + tuple(s + 2 * p + e for s, p, e in zip(self.shape[-2:], padding, extra))
    folded = _fold(cols, padded, kernel_size, stride, (1, 1))
    return np.ascontiguousarray(_unpadded(folded, padding, self.shape), dtype=grad_output.dtype)


_AVG_PARAMS = "kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override"
AVG_POOL2D_BACKWARD = row(
    "avg_pool2d_backward", "AvgPool2DBackwardBackward0", _avg_pool_backward_forward, "grad_output self",
    grad_output=("avg_pool2d(grad, %s)" % _AVG_PARAMS,
                 lambda grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override:
                 avg_pool2d(grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)),
    self=("zeros_like(self)", lambda grad, self_shape, self_dtype: Tensor._make(
        np.zeros(self_shape, _numpy(self_dtype)))))


@formula_helper
def avg_pool2d_backward(grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    """Each output's grad shared out over its window (divided as the forward divided)."""
    return apply(AVG_POOL2D_BACKWARD, grad, self, kernel_size=kernel_size, stride=stride, padding=padding,
                 ceil_mode=ceil_mode, count_include_pad=count_include_pad, divisor_override=divisor_override)


AVG_POOL2D = row("avg_pool2d", "AvgPool2DBackward0", _avg_pool_forward, "self",
                 self=("avg_pool2d_backward(grad, self, %s)" % _AVG_PARAMS,
                       lambda grad, self, kernel_size, stride, padding, ceil_mode, count_include_pad,
                       divisor_override: avg_pool2d_backward(grad, self, kernel_size, stride, padding, ceil_mode,
                                                             count_include_pad, divisor_override)))


@front_door("avg_pool2d", function=False, method=False, functional=True)
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """The mean of each window over the last two dims ((N, C, H, W) or (C, H, W) input)."""
    kernel, stride, padding, _ = _pool_arguments("avg", input, kernel_size, stride, padding)
    return apply(AVG_POOL2D, input, kernel_size=kernel, stride=stride, padding=padding, ceil_mode=ceil_mode,
                 count_include_pad=count_include_pad, divisor_override=divisor_override)


# ---------------------------------------------------------------- padding
def _constant_pad_forward(self, pad, value):
    """np.pad for positive amounts, slicing for negative ones (torch crops there), pairs from the last dim."""
    widths = [(0, 0)] * self.ndim
    crop = [slice(None)] * self.ndim
    for i in range(len(pad) // 2):
        dim = self.ndim - 1 - i
        left, right = pad[2 * i], pad[2 * i + 1]
        widths[dim] = (max(left, 0), max(right, 0))
        crop[dim] = slice(max(-left, 0), self.shape[dim] - max(-right, 0))
    cropped = self[tuple(crop)]
    return np.pad(cropped, widths, constant_values=value).astype(self.dtype)


CONSTANT_PAD_ND = row("constant_pad_nd", "ConstantPadNdBackward0", _constant_pad_forward, "self",
                      self=("constant_pad_nd(grad, negated(pad))",
                            lambda grad, pad: constant_pad_nd(grad, tuple(-p for p in pad))))


@formula_helper
def constant_pad_nd(self, pad, value=0):
    """self padded (or, for negative amounts, cropped) by `pad`, pairs from the last dim."""
    return apply(CONSTANT_PAD_ND, self, pad=tuple(pad), value=value)


@front_door("pad", function=False, method=False, functional=True)
def pad(input, pad, mode="constant", value=None):
    """F.pad: `pad` holds (left, right) amounts for the last dims, last dim first; mode 'constant' only."""
    if len(pad) % 2:
        raise errors.GradcliError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.ndim:
        raise errors.GradcliError("Padding length should be less than or equal to two times the input "
                                  "dimension but got padding length %d and input of dimension %d"
                                  % (len(pad), input.ndim))
    if mode != "constant":
        raise errors.GradcliError("gradcli's F.pad supports mode='constant' only, not '%s'" % mode,
                                  "NotImplementedError")
    return constant_pad_nd(input, tuple(int(p) for p in pad), 0 if value is None else value)
