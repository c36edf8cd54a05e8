"""torch.nn.functional's max_pool2d and avg_pool2d (MaxPool2DWithIndicesBackward0, AvgPool2DBackward0): torch's
output sizes (ceil_mode, padding, dilation), its first-maximum choice and its divisors; their backward kernels are
rows of their own, as in torch.
"""

import numpy as np

from ..bind import apply
from .padding import fold, ntuple, padded, unpadded, windows
from ..table import formula_helper, front_door, row
from ...base import errors
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


MAX_POOL2D_BACKWARD = row(
    "max_pool2d_with_indices_backward", "MaxPool2DWithIndicesBackwardBackward0",
    lambda grad_output, self, indices, **_: _max_pool_backward_forward(grad_output, self, indices),
    "grad_output self",
    grad_output="max_pool_double_backward(grad, indices, 2)",
    self=("zeros_like(self)", lambda grad, self_shape, self_dtype: Tensor._make(
        np.zeros(self_shape, to_numpy_dtype(self_dtype)))))


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
    self=("zeros_like(self)", lambda grad, self_shape, self_dtype: Tensor._make(
        np.zeros(self_shape, to_numpy_dtype(self_dtype)))))


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
