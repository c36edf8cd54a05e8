"""Padding, and the receptive fields convolution and pooling read through it: torch.nn.functional.pad with
constant padding (ConstantPadNdBackward0), and the numpy helpers that pad an input, view each output position's
window of it (im2col without a copy) and add windows' values back where they came from (the adjoint).
"""

import itertools

import numpy as np

from ..bind import apply
from ..table import formula_helper, front_door, row
from ...base import errors


def ntuple(value, n):
    """An int or a sequence of ints as an n-tuple (torch's _single/_pair)."""
    if isinstance(value, (tuple, list)):
        if len(value) == 1:
            return tuple(value) * n
        return tuple(int(v) for v in value)
    return (int(value),) * n


# ---------------------------------------------------------------- receptive fields
def padded(x, padding, fill=0.0, extra=None):
    """x with `padding` on both sides of each spatial dim (and `extra` more on the right)."""
    d = len(padding)
    widths = [(0, 0)] * (x.ndim - d) + [(p, p + (extra[i] if extra else 0)) for i, p in enumerate(padding)]
    return np.pad(x, widths, constant_values=fill) if any(w != (0, 0) for w in widths) else x


def windows(xp, kernel, stride, dilation):
    """A view (..., *out, *kernel) of the padded input: each output position's receptive field."""
    d = len(kernel)
    spans = tuple(dl * (k - 1) + 1 for k, dl in zip(kernel, dilation))
    w = np.lib.stride_tricks.sliding_window_view(xp, spans, axis=tuple(range(xp.ndim - d, xp.ndim)))
    lead = (slice(None),) * (xp.ndim - d)
    return w[lead + tuple(slice(None, None, s) for s in stride) + tuple(slice(None, None, dl) for dl in dilation)]


def fold(cols, padded_shape, kernel, stride, dilation):
    """The adjoint of windows: add each window's values (..., *out, *kernel) back where they came from."""
    d = len(kernel)
    out = cols.shape[cols.ndim - 2 * d:cols.ndim - d]
    total = np.zeros(padded_shape, dtype=cols.dtype)
    lead = (slice(None),) * (total.ndim - d)
    for offsets in itertools.product(*(range(k) for k in kernel)):
        where = tuple(slice(o * dl, o * dl + s * (n - 1) + 1, s)
                      for o, dl, s, n in zip(offsets, dilation, stride, out))
        total[lead + where] += cols[(Ellipsis,) + offsets]
    return total


def unpadded(xp, padding, shape):
    d = len(padding)
    lead = (slice(None),) * (xp.ndim - d)
    return xp[lead + tuple(slice(p, p + n) for p, n in zip(padding, shape[-d:]))]


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
