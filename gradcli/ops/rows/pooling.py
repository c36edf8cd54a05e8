"""torch.nn.functional's max_pool2d and avg_pool2d (MaxPool2DWithIndicesBackward0, AvgPool2DBackward0): torch's
output sizes (ceil_mode, padding, dilation), its first-maximum choice and its divisors; their backward kernels are
rows of their own, as in torch. And the adaptive pools (AdaptiveAvgPool2DBackward0, AdaptiveMaxPool2DBackward0;
the 1-d ones through them, as torch computes them), each output's window visited in torch's loop order.
"""

import numpy as np

from ..bind import apply
from .padding import fold, ntuple, padded, unpadded, windows
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core.meta import meta_array
from ...core.tensor import Tensor, to_numpy_dtype


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
    win = windows(padded(x, padding, -np.inf, extra), kernel, stride, dilation)
    pos = windows(padded(positions, padding, -1, extra), kernel, stride, dilation)
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


# a backward row's derivative for `self`: none, as derivatives.yaml's zeros_like(self)
ZEROS_LIKE_SELF = ("zeros_like(self)", lambda grad, self_shape, self_dtype: Tensor._make(
    np.zeros(self_shape, to_numpy_dtype(self_dtype))))

MAX_POOL2D_BACKWARD = row(
    "max_pool2d_with_indices_backward", "MaxPool2DWithIndicesBackwardBackward0",
    lambda grad_output, self, indices, **_: _max_pool_backward_forward(grad_output, self, indices),
    "grad_output self",
    grad_output="max_pool_double_backward(grad, indices, 2)",
    self=ZEROS_LIKE_SELF)


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
                 self="max_pool2d_with_indices_backward(grad, self, kernel_size, stride, padding, dilation, "
                       "ceil_mode, indices)")


def _pool_arguments(name, x, kernel_size, stride, padding, dilation=1):
    kernel = ntuple(kernel_size, 2)
    stride = kernel if stride is None or stride == [] or stride == () else ntuple(stride, 2)
    padding, dilation = ntuple(padding, 2), ntuple(dilation, 2)
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
    if input.is_meta:  # the windows' shape, and no window looked at
        out, _ = _pool_geometry(input.array, kernel, stride, padding, dilation, ceil_mode)
        indices = meta_array(input.shape[:-2] + out, np.int64)
    else:
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
    win = windows(padded(self, padding, 0.0, extra), kernel_size, stride, (1, 1))
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
    folded = fold(cols, padded, kernel_size, stride, (1, 1))
    return np.ascontiguousarray(unpadded(folded, padding, self.shape), dtype=grad_output.dtype)


_AVG_PARAMS = "kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override"
AVG_POOL2D_BACKWARD = row(
    "avg_pool2d_backward", "AvgPool2DBackwardBackward0", _avg_pool_backward_forward, "grad_output self",
    grad_output=("avg_pool2d(grad, %s)" % _AVG_PARAMS,
                 lambda grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override:
                 avg_pool2d(grad, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)),
    self=ZEROS_LIKE_SELF)


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


# ---------------------------------------------------------------- adaptive pooling
def _adaptive_windows(size, out):
    """torch's start_index and end_index: output i pools input [floor(i*size/out), ceil((i+1)*size/out))."""
    i = np.arange(out, dtype=np.int64)
    return (i * size) // out, -((-(i + 1) * size) // out)


def _adaptive_offsets(shape, output_size):
    """Per output position (oh, ow), as arrays broadcast over (out_h, out_w): each window's start and size, and
    the largest window (the offsets every position steps through, masked past its own size)."""
    (h0, h1), (w0, w1) = (_adaptive_windows(s, o) for s, o in zip(shape[-2:], output_size))
    kh, kw = (h1 - h0)[:, None], (w1 - w0)[None, :]
    return h0[:, None], w0[None, :], kh, kw, (int(kh.max(initial=0)), int(kw.max(initial=0)))


def _window_steps(shape, output_size):
    """(mask, flat input position) for each offset (dh, dw) of a window, in the row-major order torch's loops
    visit a window in: positions past a window's own size are masked off."""
    h0, w0, kh, kw, (mh, mw) = _adaptive_offsets(shape, output_size)
    width = shape[-1]
    for dh in range(mh):
        for dw in range(mw):
            mask = (dh < kh) & (dw < kw)
            yield mask, (np.minimum(h0 + dh, shape[-2] - 1) * width + np.minimum(w0 + dw, width - 1))


def _adaptive_avg_forward(self, output_size):
    """Each window's sum in the input's dtype, element by element in torch's order, then `/ kh / kw`."""
    plane = self.reshape(self.shape[:-2] + (-1,))
    total = np.zeros(self.shape[:-2] + tuple(output_size), self.dtype)
    for mask, flat in _window_steps(self.shape, output_size):
        total += np.where(mask, plane[..., flat], self.dtype.type(0))
    _, _, kh, kw, _ = _adaptive_offsets(self.shape, output_size)
    return (total / kh.astype(self.dtype) / kw.astype(self.dtype)).astype(self.dtype)


def _scatter_windows(grad_output, shape, output_size, share):
    """grad_input with each output's `share` added over its window, outputs in row-major order as torch's
    backward loop adds them."""
    planes = int(np.prod(shape[:-2], dtype=np.int64))
    grad = np.zeros((planes, shape[-2] * shape[-1]), grad_output.dtype)
    share = share.reshape(planes, -1)
    rows = np.arange(planes)[:, None]
    steps = list(_window_steps(shape, output_size))  # (output position, offset) pairs, output-major
    flats = np.stack([np.broadcast_to(f, output_size).reshape(-1) for _, f in steps], axis=-1)
    masks = np.stack([np.broadcast_to(m, output_size).reshape(-1) for m, _ in steps], axis=-1)
    values = np.where(masks[None], share[..., None], grad_output.dtype.type(0))
    np.add.at(grad, (rows[:, :, None], np.broadcast_to(flats, (planes,) + flats.shape)), values)
    return grad.reshape(shape)


def _adaptive_avg_backward_forward(grad_output, self, output_size):
    _, _, kh, kw, _ = _adaptive_offsets(self.shape, output_size)
    share = (grad_output / kh.astype(grad_output.dtype) / kw.astype(grad_output.dtype)).astype(grad_output.dtype)
    return _scatter_windows(grad_output, self.shape, output_size, share)


ADAPTIVE_AVG_POOL2D_BACKWARD = row(
    "_adaptive_avg_pool2d_backward", "AdaptiveAvgPool2DBackwardBackward0",
    lambda grad_output, self, output_size: _adaptive_avg_backward_forward(grad_output, self, output_size),
    "grad_output self", grad_output="_adaptive_avg_pool2d(grad, output_size)",
    self=ZEROS_LIKE_SELF)


@formula_helper
def _adaptive_avg_pool2d_backward(grad, self, output_size):
    """Each output's grad / kh / kw added over its window."""
    return apply(ADAPTIVE_AVG_POOL2D_BACKWARD, grad, self, output_size=output_size)


ADAPTIVE_AVG_POOL2D = row("_adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", _adaptive_avg_forward, "self",
                          self="_adaptive_avg_pool2d_backward(grad, self, output_size)")


@formula_helper
def _adaptive_avg_pool2d(input, output_size):
    """The adaptive windows' means (torch's _adaptive_avg_pool2d, without adaptive_avg_pool2d's mean for (1, 1))."""
    return apply(ADAPTIVE_AVG_POOL2D, input, output_size=output_size)


def _adaptive_max_indices(self, output_size):
    """Each window's position of its largest value: torch's `val > maxval || isnan(val)` from -inf, so the first
    maximum and the last nan, and the window's first position when nothing beats -inf."""
    plane = self.reshape(self.shape[:-2] + (-1,))
    best = np.full(self.shape[:-2] + tuple(output_size), -np.inf, self.dtype)
    where = None
    for mask, flat in _window_steps(self.shape, output_size):
        if where is None:
            where = np.broadcast_to(flat, best.shape).copy()
        value = plane[..., flat]
        take = mask & ((value > best) | np.isnan(value))
        best = np.where(take, value, best)
        where = np.where(take, flat, where)
    return where


ADAPTIVE_MAX_POOL2D_BACKWARD = row(
    "adaptive_max_pool2d_backward", "AdaptiveMaxPool2DBackwardBackward0",
    lambda grad_output, self, indices: _max_pool_backward_forward(grad_output, self, indices),
    "grad_output self",
    grad_output="max_pool_double_backward(grad, indices, 2)",
    self=ZEROS_LIKE_SELF)


@formula_helper
def adaptive_max_pool2d_backward(grad, self, indices):
    """grad added at each window's picked position."""
    return apply(ADAPTIVE_MAX_POOL2D_BACKWARD, grad, self, indices=np.asarray(
        indices.array if isinstance(indices, Tensor) else indices))


ADAPTIVE_MAX_POOL2D = row("adaptive_max_pool2d", "AdaptiveMaxPool2DBackward0",
                          lambda self, indices: _gathered(self, indices), "self",
                          self="adaptive_max_pool2d_backward(grad, self, indices)")


def _output_size(name, input, output_size, dims):
    """output_size as torch reads it: an int for every dim, None for the input's own size; 3D/4D input."""
    if input.ndim not in (dims + 1, dims + 2):
        raise errors.GradcliError(
            "Expected %d to %d dimensions, but got %d-dimensional tensor for argument #1 'self' (while checking "
            "arguments for %s)" % (dims + 1, dims + 2, input.ndim, name) if dims == 1 else
            "%s(): Expected 3D or 4D tensor, but got%s %s" % (name, ":" if "max" in name else "", list(input.shape)))
    empty = next((k for k in range(input.ndim - dims - 1, input.ndim) if input.shape[k] == 0 and k), None)
    if empty is not None:
        raise errors.GradcliError("%s(): Expected input to have non-zero size for non-batch dimensions, but input "
                                  "has sizes %s with dimension %d being empty" % (name, list(input.shape), empty))
    given = tuple(output_size) * (dims if len(output_size) == 1 else 1) if isinstance(output_size, (tuple, list)) \
        else (output_size,) * dims
    return tuple(input.shape[-dims + k] if o is None else int(o) for k, o in enumerate(given))


@front_door("adaptive_avg_pool2d", function=False, method=False, functional=True)
def adaptive_avg_pool2d(input, output_size):
    """The mean of each adaptive window ((N, C, H, W) or (C, H, W)); a (1, 1) output is torch's mean over the
    last two dims (MeanBackward1), as at::adaptive_avg_pool2d computes it."""
    size = _output_size("adaptive_avg_pool2d", input, output_size, 2)
    if size == (1, 1):
        return input.mean((-1, -2), keepdim=True)
    return _adaptive_avg_pool2d(input, size)


@front_door("adaptive_max_pool2d", function=False, method=False, functional=True)
def adaptive_max_pool2d(input, output_size, return_indices=False):
    """The largest value of each adaptive window, and with return_indices its flat position (h * W + w)."""
    size = _output_size("adaptive_max_pool2d", input, output_size, 2)
    indices = _adaptive_max_indices(input.array, size)
    out = apply(ADAPTIVE_MAX_POOL2D, input, indices=indices)
    return (out, Tensor._make(indices)) if return_indices else out


@front_door("adaptive_avg_pool1d", method=False, functional=True)
def adaptive_avg_pool1d(input, output_size):
    """torch's: the 2-d pool of input.unsqueeze(-2), squeezed back (SqueezeBackward1)."""
    size = _output_size("adaptive_avg_pool1d", input, output_size, 1)
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1,) + size).squeeze(-2)


@front_door("adaptive_max_pool1d", method=False, functional=True)
def adaptive_max_pool1d(input, output_size, return_indices=False):
    size = _output_size("adaptive_max_pool1d", input, output_size, 1)
    out, indices = adaptive_max_pool2d(input.unsqueeze(-2), (1,) + size, True)
    return (out.squeeze(-2), indices.squeeze(-2)) if return_indices else out.squeeze(-2)
