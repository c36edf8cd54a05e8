"""Sorting and running extremes: sort, argsort, topk, cummax, cummin. Each value's gradient goes back to where it
came from, as for max(dim); a running extreme's element can be many outputs' source, so its gradients add."""

import numpy as np

from ..bind import apply
from .indexing import SCATTER_ADD, _zeros
from .reductions import VALUE_SELECTING, take_along
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core.tensor import Tensor, wrap_dim

# applied with keepdim=True: the values keep the sorted dim
SORT = row("sort", "SortBackward0", take_along, "self", self=VALUE_SELECTING)
TOPK = row("topk", "TopkBackward0", take_along, "self", self=VALUE_SELECTING)


def _ascending(a, dim):
    return np.argsort(a, axis=dim, kind="stable").astype(np.int64)


def _sorted_pair(kind, op, x, dim, indices):
    """(values, indices) as torch.return_types.<kind>; a 0-d x is sorted as one element."""
    from ...base.return_types import ReturnTypes
    if x.ndim == 0:
        values = apply(op, x.reshape(1), indices=indices.reshape(1), dim=0, keepdim=True).reshape(())
        return ReturnTypes(kind, values, Tensor._make(indices.reshape(())))
    return ReturnTypes(kind, apply(op, x, indices=indices, dim=dim, keepdim=True), Tensor._make(indices))


@front_door("sort")
def sort(x, dim=-1, descending=False, stable=False):
    """Ties keep their order, also when descending (torch's CPU sort is stable)."""
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    a = np.atleast_1d(x.array)
    indices = _ascending(-a.astype(np.float64) if descending else a, d)
    return _sorted_pair("sort", SORT, x, d, indices)


@front_door("argsort")
def argsort(x, dim=-1, descending=False, stable=False):
    return sort(x, dim, descending).indices


@front_door("topk")
def topk(x, k, dim=-1, largest=True, sorted=True):
    """The k largest (or smallest) along dim; among equal largest values torch returns the later index first."""
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    a = np.atleast_1d(x.array)
    if not 0 <= k <= a.shape[d]:
        raise errors.GradcliError("selected index k out of range")
    order = _ascending(a, d)
    if largest:
        order = np.flip(order, axis=d)
    indices = np.take(order, np.arange(k), axis=d)
    return _sorted_pair("topk", TOPK, x, d, indices)


# applied with keepdim=True: the values are self at the indices of the running extreme
@formula_helper
def cummaxmin_backward(grad, self, indices, dim):
    """Each output's gradient goes to the element it came from, added up (an element leads many outputs); a 0-d
    self is its own running extreme, its gradient the output's."""
    if self.dim() == 0:
        return grad
    return grad.new_zeros(self.shape).scatter_add(dim, indices, grad)


_GATHERED_BACK = ("cummaxmin_backward(grad, self, indices, dim)",
                  lambda grad, self_shape, dim, indices, keepdim: grad if not self_shape else
                  apply(SCATTER_ADD, _zeros(self_shape, grad), grad, dim=dim, index=indices))


def _running_values(self, indices, dim, keepdim):
    return self.copy() if self.ndim == 0 else take_along(self, indices, dim, keepdim)


CUMMAX = row("cummax", "CummaxBackward0", _running_values, "self", self=_GATHERED_BACK)
CUMMIN = row("cummin", "CumminBackward0", _running_values, "self", self=_GATHERED_BACK)


def _running_extreme(a, dim, better):
    """Where the running max (or min) of each line along dim is, as torch's kernel walks it: a value equal to
    the extreme so far takes its place (the later index wins), and a NaN takes it and keeps it."""
    lines = np.moveaxis(a, dim, -1)
    where = np.zeros(lines.shape, np.int64)
    if lines.shape[-1] == 0:
        return np.moveaxis(where, -1, dim)
    floating = a.dtype.kind in "fc"
    best, at = lines[..., 0].copy(), np.zeros(lines.shape[:-1], np.int64)
    for j in range(1, lines.shape[-1]):
        x = lines[..., j]
        take = (np.isnan(x) | (~np.isnan(best) & better(x, best))) if floating else better(x, best)
        best, at = np.where(take, x, best), np.where(take, j, at)
        where[..., j] = at
    return np.moveaxis(where, -1, dim)


def _cumulative_extreme(kind, op, better, x, dim):
    from ...base.return_types import ReturnTypes
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    if x.ndim == 0:
        indices = np.zeros((), np.int64)
        return ReturnTypes(kind, apply(op, x, indices=indices, dim=0, keepdim=True), Tensor._make(indices))
    return _sorted_pair(kind, op, x, d, _running_extreme(x.array, d, better))


@front_door("cummax")
def cummax(x, dim):
    """(values, indices): the largest element so far along dim, and where it is."""
    return _cumulative_extreme("cummax", CUMMAX, np.greater_equal, x, dim)


@front_door("cummin")
def cummin(x, dim):
    """(values, indices): the smallest element so far along dim, and where it is."""
    return _cumulative_extreme("cummin", CUMMIN, np.less_equal, x, dim)
