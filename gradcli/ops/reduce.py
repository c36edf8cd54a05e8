"""Reductions: sum, mean, norm, and sum_to_size (the engine's unbroadcast)."""

import numpy as np

from . import Grad, Op, apply, export
from .. import errors
from ..tensor import Tensor, wrap_dim


def reduced_dims(dim, ndim):
    """The dims a `dim=` argument names (int, tuple or None for all), as sorted non-negative ints."""
    if dim is None:
        return tuple(range(ndim))
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    return tuple(sorted({wrap_dim(d, ndim) for d in dims}))


def expand_reduced(g, shape, dim, keepdim):
    """Broadcast the gradient of a reduction back over the dims it reduced."""
    if not keepdim and dim is not None:
        for d in reduced_dims(dim, len(shape)):
            g = g.unsqueeze(d)
    return g.expand(shape)


def _sum_forward(x, dim=None, keepdim=False):
    out = np.sum(x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


SUM = Op("SumBackward0", _sum_forward, "x", (Grad("x.shape", lambda g, shape: g.expand(shape)),))
SUM_DIM = Op("SumBackward1", _sum_forward, "x",
             (Grad("x.shape", lambda g, shape, dim, keepdim=False: expand_reduced(g, shape, dim, keepdim)),))
MEAN = Op("MeanBackward0", lambda x: np.mean(x, dtype=x.dtype), "x",
          (Grad("x.shape", lambda g, shape: g.expand(shape) / _numel(shape)),))
MEAN_DIM = Op("MeanBackward1", lambda x, dim, keepdim=False: np.mean(
    x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim, dtype=x.dtype), "x",
    (Grad("x.shape", lambda g, shape, dim, keepdim=False:
          expand_reduced(g, shape, dim, keepdim) / _reduced_count(shape, dim)),))


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _reduced_count(shape, dim):
    n = 1
    for d in reduced_dims(dim, len(shape)):
        n *= shape[d]
    return n


@export("sum")
def sum(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if dim is None:
        return apply(SUM, x)
    return apply(SUM_DIM, x, dim=dim, keepdim=keepdim)


@export("mean")
def mean(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if not x.dtype.is_floating_point:
        raise errors.GradcliError(errors.MEAN_DTYPE % x.dtype.short_name)
    if dim is None:
        return apply(MEAN, x)
    return apply(MEAN_DIM, x, dim=dim, keepdim=keepdim)


def _norm_forward(x, p=2, dim=None, keepdim=False):
    axis = reduced_dims(dim, x.ndim)
    a = np.abs(x)
    if p == 2:
        out = np.sqrt(np.sum(a * a, axis=axis, keepdims=keepdim))
    elif p == 1:
        out = np.sum(a, axis=axis, keepdims=keepdim)
    elif p == float("inf"):
        out = np.max(a, axis=axis, keepdims=keepdim, initial=0)
    elif p == 0:
        out = np.sum(a != 0, axis=axis, keepdims=keepdim).astype(x.dtype)
    else:
        out = np.sum(a ** p, axis=axis, keepdims=keepdim) ** (1.0 / p)
    return out.astype(x.dtype)


def _norm_grad(g, x, ans, p=2, dim=None, keepdim=False):
    if not keepdim and dim is not None:
        for d in reduced_dims(dim, x.ndim):
            g, ans = g.unsqueeze(d), ans.unsqueeze(d)
    if p == 2:
        return x * (g / ans).masked_fill(ans == 0, 0.0)
    if p == 1:
        return x.sign() * g
    if p == float("inf"):
        mask = (x.abs() == ans)
        return x.sign() * mask * (g / mask.sum(dim=dim, keepdim=True) if dim is not None else g / mask.sum())
    return x * x.abs() ** (p - 2) * (g / ans ** (p - 1)).masked_fill(ans == 0, 0.0)


NORM = Op("LinalgVectorNormBackward0", _norm_forward, "x", (Grad("x ans", _norm_grad),), promote="float")


@export("norm")
def norm(x, p="fro", dim=None, keepdim=False, dtype=None):
    if p in ("fro", None):
        p = 2
    return apply(NORM, x, p=p, dim=dim, keepdim=keepdim)


MASKED_FILL = Op("MaskedFillBackward0", lambda x, mask, value: np.where(mask, np.asarray(value, x.dtype), x),
                 "x mask", (Grad("mask", lambda g, mask, value: g.masked_fill(mask, 0.0)), None))


@export("masked_fill")
def masked_fill(x, mask, value):
    if isinstance(value, Tensor):
        value = value.item()
    return apply(MASKED_FILL, x, mask, value=value)


@export("sum_to_size", function=False)
def sum_to_size(x, *size):
    """Sum the broadcast dimensions away so that x has shape `size`."""
    shape = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else tuple(size)
    if tuple(x.shape) == shape:
        return x
    lead = x.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape) if n == 1 and x.shape[lead + i] != 1)
    if dims:
        x = sum(x, dim=dims, keepdim=True)
    return x.reshape(shape) if lead else x
