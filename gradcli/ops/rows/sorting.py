"""Sorting: sort, argsort, topk. Each value's gradient goes back to where it came from, as for max(dim)."""

import numpy as np

from ..bind import apply
from .reductions import VALUE_SELECTING, take_along
from ..table import front_door, row
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
