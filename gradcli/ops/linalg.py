"""Matrix products: matmul and its special cases mm, mv, dot."""

import numpy as np

from . import Grad, Op, apply, export
from .. import errors, limits
from ..tensor import Tensor

MM = Op("MmBackward0", np.matmul, "x y",
        (Grad("y", lambda g, y: g.mm(y.t())), Grad("x", lambda g, x: x.t().mm(g))))
MV = Op("MvBackward0", np.matmul, "x y",
        (Grad("y", lambda g, y: g.unsqueeze(1) * y), Grad("x", lambda g, x: x.t().mv(g))))
DOT = Op("DotBackward0", np.dot, "x y",
         (Grad("y", lambda g, y: g * y), Grad("x", lambda g, x: g * x)))


@export("mm")
def mm(x, y):
    if x.ndim != 2:
        raise errors.GradcliError("self must be a matrix")
    if y.ndim != 2:
        raise errors.GradcliError("mat2 must be a matrix")
    if x.shape[1] != y.shape[0]:
        raise errors.GradcliError("mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)"
                                  % (x.shape + y.shape))
    _same_dtype(x, y)
    limits.check_numel((x.shape[0], y.shape[1]))
    return apply(MM, x, y)


@export("mv")
def mv(x, y):
    if x.shape[1] != y.shape[0]:
        raise errors.GradcliError("size mismatch, got input (%d), mat (%dx%d), vec (%d)"
                                  % (x.shape[0], x.shape[0], x.shape[1], y.shape[0]))
    _same_dtype(x, y)
    return apply(MV, x, y)


@export("dot", "inner")
def dot(x, y):
    if x.shape[0] != y.shape[0]:
        raise errors.GradcliError(
            "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same number of elements, "
            "but got %d and %d elements respectively" % (x.shape[0], y.shape[0], x.shape[0], y.shape[0]))
    if x.dtype is not y.dtype:
        raise errors.GradcliError("dot : expected both vectors to have same dtype, but found %s and %s"
                                  % (x.dtype.short_name, y.dtype.short_name))
    return apply(DOT, x, y)


@export("matmul")
def matmul(x, y):
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise errors.type_error("matmul(): argument 'other' (position 1) must be Tensor, not %s"
                                % type(y if isinstance(x, Tensor) else x).__name__)
    if x.ndim == 0 or y.ndim == 0:
        raise errors.GradcliError("both arguments to matmul need to be at least 1D, but they are %dD and %dD"
                                  % (x.ndim, y.ndim))
    if x.ndim == 1 and y.ndim == 1:
        return dot(x, y)
    if x.ndim == 2 and y.ndim == 1:
        return mv(x, y)
    if x.ndim == 2 and y.ndim == 2:
        return mm(x, y)
    if x.ndim == 1 and y.ndim == 2:
        return mm(x.unsqueeze(0), y).squeeze(0)
    raise errors.GradcliError("batched matmul is not supported yet")


def _same_dtype(x, y):
    if x.dtype is not y.dtype:
        raise errors.GradcliError("expected m1 and m2 to have the same dtype, but got: %s != %s"
                                  % (x.dtype, y.dtype))
