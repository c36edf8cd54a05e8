"""Statistics: var_mean/std_mean, the nan-ignoring reductions, median, mode, kthvalue, quantile, and the counting
functions (unique, bincount, histc). Their gradients reuse the reductions' (reduce.py): a selected value's
gradient goes back to where it came from, a whole-tensor median's is shared between the elements equal to it.
"""

import numpy as np

from ..bind import apply
from .reductions import (VALUE_SELECTING, check_selectable, evenly_distribute_backward, mean_backward, reduced_dims,
    reduction_axes, std_backward, take_along, var_backward, warn_without_degrees_of_freedom)
from ..table import formula_helper, front_door, row
from ...base import errors
from ...kernels import reduce as torch_reduce
from ...base.return_types import ReturnTypes
from ...core.tensor import Tensor, wrap_dim


# ---------------------------------------------------------------- var_mean, std_mean
def _moments(self, dim=None, correction=1, keepdim=False, root=False):
    warn_without_degrees_of_freedom("std_mean" if root else "var_mean", self, dim, correction)
    if self.dtype.kind == "f" and self.size:  # torch's Welford (kernels/reduce.py)
        return torch_reduce.var_mean(self, reduced_dims(dim, self.ndim), correction, keepdim, root)
    axis = reduction_axes(self, dim)
    var = np.var(self, axis=axis, ddof=correction, keepdims=keepdim).astype(self.dtype)
    mean = np.mean(self, axis=axis, keepdims=keepdim).astype(self.dtype)
    return (np.sqrt(var) if root else var), mean


def _sum_defined(*terms):
    """The sum of the terms computed for the outputs that a gradient reached (torch leaves the others out)."""
    defined = [t for t in terms if t is not None]
    return defined[0] if len(defined) == 1 else defined[0] + defined[1]


@formula_helper
def var_mean_backward(grads, self, dim, correction, keepdim):
    """var_backward of the variance's gradient plus mean_backward of the mean's (each where one arrived)."""
    return _sum_defined(None if grads[0] is None else var_backward(grads[0], self, dim, correction, keepdim),
                        None if grads[1] is None else mean_backward(grads[1], tuple(self.shape), dim, keepdim))


@formula_helper
def std_mean_backward(grads, self, result0, dim, correction, keepdim):
    """std_backward of the deviation's gradient plus mean_backward of the mean's (each where one arrived)."""
    return _sum_defined(
        None if grads[0] is None else std_backward(result0, grads[0], self, dim, correction, keepdim),
        None if grads[1] is None else mean_backward(grads[1], tuple(self.shape), dim, keepdim))


VAR_MEAN = row("var_mean.correction", "VarMeanBackward0", _moments, "self", promote="float",
               self=("var_mean_backward(grads, self, dim, correction, keepdim)",
                     lambda grads, self, dim=None, correction=1, keepdim=False:
                     var_mean_backward(grads, self, dim, correction, keepdim)))
STD_MEAN = row("std_mean.correction", "StdMeanBackward0", lambda self, **kw: _moments(self, root=True, **kw), "self",
               promote="float",
               self=("std_mean_backward(grads, self, result0, dim, correction, keepdim)",
                     lambda grads, self, result0, dim=None, correction=1, keepdim=False:
                     std_mean_backward(grads, self, result0, dim, correction, keepdim)))


def _correction(dim, unbiased, correction):
    if isinstance(dim, bool):  # var_mean(x, False): the old positional `unbiased`
        dim, unbiased = None, dim
    if correction is None:
        correction = 1 if unbiased in (None, True) else 0
    return dim, correction


@front_door("var_mean", method=False)
def var_mean(x, dim=None, unbiased=None, keepdim=False, correction=None):
    dim, correction = _correction(dim, unbiased, correction)
    return apply(VAR_MEAN, x, dim=dim, correction=correction, keepdim=keepdim)


@front_door("std_mean", method=False)
def std_mean(x, dim=None, unbiased=None, keepdim=False, correction=None):
    dim, correction = _correction(dim, unbiased, correction)
    return apply(STD_MEAN, x, dim=dim, correction=correction, keepdim=keepdim)


# ---------------------------------------------------------------- nan-ignoring reductions
def _nansum_forward(self, dim=None, keepdim=False):
    if self.dtype.kind == "f":  # torch's cascade sum (kernels/reduce.py)
        return torch_reduce.nansum(self, reduction_axes(self, dim), keepdim)
    out = np.nansum(self, axis=reduction_axes(self, dim), keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out.astype(self.dtype)


NANSUM = row("nansum", "NansumBackward0", _nansum_forward, "self",
             self=("sum_backward(grad, self.shape, dim, keepdim) * self.isnan().logical_not()",
                   lambda grad, self, dim=None, keepdim=False:
                   _restore(grad, self, dim, keepdim).expand(self.shape) * self.isnan().logical_not()))


def _restore(grad, self, dim, keepdim):
    if not keepdim and dim is not None:
        for d in reduced_dims(dim, self.ndim):
            grad = grad.unsqueeze(d)
    return grad


@front_door("nansum")
def nansum(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    return apply(NANSUM, x, dim=dim, keepdim=keepdim) if dim is not None else apply(NANSUM, x)


@front_door("nanmean")
def nanmean(x, dim=None, keepdim=False, dtype=None):
    """torch composes it: nansum(x) / (number of non-nan elements)."""
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("nanmean(): expected input to have floating point or complex dtype but got %s"
                                  % x.dtype.short_name)
    count = x.isnan().logical_not().sum(dim=dim, keepdim=keepdim) if dim is not None else \
        x.isnan().logical_not().sum()
    return nansum(x, dim, keepdim, dtype) / count


# ---------------------------------------------------------------- median, kthvalue, mode
def _greater_or_nan(a, b):
    return (a != a and b == b) or a > b


def _quick_select(values, indices, k):
    """ATen's quick_select_template (SortingUtils.h): values[k] and indices[k] become the k-th smallest and where
    it was, exactly as torch's CPU kernels leave them (its choice among equal values included)."""
    gt = _greater_or_nan
    lo, hi = 0, len(values) - 1

    def swap(i, j):
        values[i], values[j] = values[j], values[i]
        indices[i], indices[j] = indices[j], indices[i]
    while True:
        if hi <= lo:
            return
        if hi == lo + 1:
            if gt(values[lo], values[hi]):
                swap(lo, hi)
            return
        p = lo + (hi - lo) // 2
        swap(p, lo + 1)
        if gt(values[lo + 1], values[hi]):
            swap(lo + 1, hi)
        if gt(values[lo], values[hi]):
            swap(lo, hi)
        if gt(values[lo + 1], values[lo]):
            swap(lo + 1, lo)
        i, j = lo + 1, hi
        pivot = values[lo]
        while True:
            i += 1
            while gt(pivot, values[i]):
                i += 1
            j -= 1
            while gt(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1


def _select_kth(a, k, dim):
    """The k-th smallest along dim and its index, per torch's quickselect (a nan counts as the largest)."""
    moved = np.moveaxis(a, dim, -1)
    rows = moved.reshape(-1, moved.shape[-1]) if moved.size else moved.reshape(-1, max(moved.shape[-1], 1))
    values = np.empty(rows.shape[0], a.dtype)
    indices = np.empty(rows.shape[0], np.int64)
    for r, line in enumerate(rows):
        vals, idx = line.tolist(), list(range(len(line)))
        _quick_select(vals, idx, k)
        values[r], indices[r] = vals[k], idx[k]
    shape = moved.shape[:-1]
    return values.reshape(shape), indices.reshape(shape)


MEDIAN = row("median", "MedianBackward0", lambda self: np.asarray(_lower_median(self.reshape(-1)), self.dtype),
             "self", self=("evenly_distribute_backward(grad, self, result)", evenly_distribute_backward))
NANMEDIAN = row("nanmedian", "NanmedianBackward0",
                lambda self: np.asarray(_lower_median(self.reshape(-1)[~np.isnan(self.reshape(-1))])
                                        if not np.isnan(self).all() else np.nan, self.dtype),
                "self", self=("evenly_distribute_backward(grad, self, result)", evenly_distribute_backward))
MEDIAN_DIM = row("median.dim", "MedianBackward1", take_along, "self", self=VALUE_SELECTING)
NANMEDIAN_DIM = row("nanmedian.dim", "NanmedianBackward1", take_along, "self", self=VALUE_SELECTING)
KTHVALUE = row("kthvalue", "KthvalueBackward0", take_along, "self", self=VALUE_SELECTING)
MODE = row("mode", "ModeBackward0", take_along, "self", self=VALUE_SELECTING)


def _lower_median(flat):
    if flat.size == 0 or np.isnan(flat).any():
        return np.nan
    return np.sort(flat)[(flat.size - 1) // 2]


def _selected(kind, op, x, dim, keepdim, indices):
    if x.ndim == 0:
        values = apply(op, x.reshape(1), indices=np.zeros(1, np.int64), dim=0, keepdim=True).reshape(())
        return ReturnTypes(kind, values, Tensor._make(np.zeros((), np.int64)))
    idx = np.expand_dims(indices, dim) if keepdim else indices
    return ReturnTypes(kind, apply(op, x, indices=idx, dim=dim, keepdim=keepdim), Tensor._make(idx))


def _median_indices(a, dim, ignore_nan):
    """Where the lower median of each line along dim is: torch orders by (value, index), so the position in a
    stable sort (nan last); torch.median answers the first nan of a line that has one."""
    order = np.argsort(a, axis=dim, kind="stable")
    valid = (np.sum(~np.isnan(a), axis=dim, keepdims=True) if ignore_nan else
             np.full(a.shape[:dim] + (1,) + a.shape[dim + 1:], a.shape[dim]))
    k = np.trunc((valid - 1) / 2).astype(np.int64)  # C's division: an all-nan line takes position 0
    indices = np.take_along_axis(order, k, axis=dim).squeeze(dim)
    if not ignore_nan:
        nans = np.isnan(a)
        indices = np.where(nans.any(axis=dim), np.argmax(nans, axis=dim), indices)
    return indices


@front_door("median")
def median(x, dim=None, keepdim=False):
    """median(x): the lower median (MedianBackward0); median(x, dim): (values, indices) as torch picks them."""
    return _median("median", MEDIAN, MEDIAN_DIM, x, dim, keepdim, ignore_nan=False)


@front_door("nanmedian")
def nanmedian(x, dim=None, keepdim=False):
    """As median, ignoring nan (nan only where every value is nan)."""
    return _median("nanmedian", NANMEDIAN, NANMEDIAN_DIM, x, dim, keepdim, ignore_nan=True)


def _median(name, whole, along_dim, x, dim, keepdim, ignore_nan):
    if dim is None:
        return apply(whole, x)
    check_selectable("median", x, dim)  # nanmedian's message names median too, as torch's
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    return _selected(name, along_dim, x, d, keepdim, _median_indices(np.atleast_1d(x.array), d, ignore_nan))


@front_door("kthvalue")
def kthvalue(x, k, dim=-1, keepdim=False):
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    n = x.shape[d] if x.ndim else 1
    if not 1 <= k <= n:
        raise errors.GradcliError("kthvalue(): selected number k out of range for dimension %d" % d)
    _, indices = _select_kth(np.atleast_1d(x.array), k - 1, d)
    return _selected("kthvalue", KTHVALUE, x, d, keepdim, indices)


@front_door("mode")
def mode(x, dim=-1, keepdim=False):
    """The most frequent value along dim (the smallest of equally frequent ones) and the index of its last
    occurrence."""
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    a = np.atleast_1d(x.array)
    moved = np.moveaxis(a, d, -1)
    lines = moved.reshape(-1, moved.shape[-1])
    indices = np.empty(lines.shape[0], np.int64)
    for r, line in enumerate(lines):
        order = np.argsort(line, kind="stable")
        best, best_count, run = 0, 0, 0
        for i in range(len(order)):
            run += 1
            if i == len(order) - 1 or line[order[i]] != line[order[i + 1]]:
                if run > best_count:
                    best, best_count = order[i], run
                run = 0
        indices[r] = best
    return _selected("mode", MODE, x, d, keepdim, indices.reshape(moved.shape[:-1]))


# ---------------------------------------------------------------- quantile
_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(name, x, q, dim, keepdim, interpolation, ignore_nan):
    """torch's quantile_impl, composed as torch composes it: sort, gather the values at the ranks below and
    above, lerp_ between them, squeeze_ the q dim (SqueezeBackward4 over LerpBackward1 over GatherBackward0)."""
    if interpolation not in _INTERPOLATIONS:
        raise errors.GradcliError("%s() interpolation must be one of linear, lower, higher, midpoint or nearest. "
                                  "Got %s" % (name, interpolation))
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("%s() input tensor must be either float or double dtype" % name)
    if x.numel() == 0:
        raise errors.GradcliError("%s() input tensor must be non-empty" % name)
    if isinstance(q, Tensor):
        if q.ndim > 1:
            raise errors.GradcliError("%s() q must be a scalar or 1D tensor" % name)
        if q.dtype is not x.dtype:
            raise errors.GradcliError("%s() q tensor must be same dtype as the input tensor" % name)
        qs = q.array
        if not np.all((qs >= 0) & (qs <= 1)):
            raise errors.GradcliError("%s() q values must be in the range [0, 1]" % name)
    else:
        if not 0 <= q <= 1:
            raise errors.GradcliError("%s() q must be in the range [0, 1] but got %s" % (name, q))
        qs = np.asarray(q, x.array.dtype)
    d = wrap_dim(dim if dim is not None else 0, x.ndim) if x.ndim else 0
    if dim is not None and x.ndim:
        out_shape = list(x.shape)
        if keepdim:
            out_shape[d] = 1
        else:
            del out_shape[d]
    else:
        out_shape = [1] * x.ndim if keepdim else []
    if dim is None:
        sorted_ = x.flatten().sort().values
    elif d == x.ndim - 1:
        sorted_ = x.sort().values
    else:
        sorted_ = x.unsqueeze(-1).transpose(d, -1).sort().values
    sorted_ = sorted_.view(*(out_shape + [sorted_.shape[-1]]))
    a = sorted_.array
    dtype = a.dtype.type
    qs = qs.reshape(-1).astype(a.dtype)  # q as a 1-D tensor of the input's dtype, as torch treats it
    if ignore_nan:
        ranks = qs * (np.sum(~np.isnan(a), axis=-1, keepdims=True) - 1).astype(a.dtype)
        ranks = np.where(ranks < 0, dtype(0), ranks)
    else:
        last = a.shape[-1] - 1
        ranks = np.where(np.isnan(a).any(axis=-1, keepdims=True), dtype(last), qs * dtype(last))
    if interpolation == "lower":
        ranks = np.floor(ranks)
    elif interpolation == "higher":
        ranks = np.ceil(ranks)
    elif interpolation == "nearest":
        ranks = np.round(ranks)
    ranks = np.ascontiguousarray(np.broadcast_to(ranks, a.shape[:-1] + (qs.size,)))
    below = ranks.astype(np.int64)
    values = sorted_.gather(-1, Tensor._make(below))
    if interpolation in ("linear", "midpoint"):
        weights = ranks - below.astype(a.dtype) if interpolation == "linear" else np.full_like(ranks, 0.5)
        above = sorted_.gather(-1, Tensor._make(np.ceil(ranks).astype(np.int64)))
        values.lerp_(above, Tensor._make(weights))
    if not isinstance(q, Tensor) or q.ndim == 0:
        return values.squeeze_(-1)
    return values.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


@front_door("quantile")
def quantile(x, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile("quantile", x, q, dim, keepdim, interpolation, ignore_nan=False)


@front_door("nanquantile")
def nanquantile(x, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile("nanquantile", x, q, dim, keepdim, interpolation, ignore_nan=True)


# ---------------------------------------------------------------- counting (no gradient)
@front_door("unique")
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values (rows along dim), sorted; with the inverse indices and the counts when asked."""
    a = input.array
    if dim is None:
        values, inverse, counts = np.unique(a.reshape(-1), return_inverse=True, return_counts=True)
        inverse = inverse.reshape(a.shape)
    else:
        d = wrap_dim(dim, input.ndim)
        values, inverse, counts = np.unique(a, return_inverse=True, return_counts=True, axis=d)
        inverse = inverse.reshape(-1)
    out = [Tensor._make(values.astype(a.dtype))]
    if return_inverse:
        out.append(Tensor._make(inverse.astype(np.int64)))
    if return_counts:
        out.append(Tensor._make(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


@front_door("bincount")
def bincount(x, weights=None, minlength=0):
    """How often each non-negative integer occurs (or the sum of its weights)."""
    a = x.array
    if a.dtype.kind not in "iu":  # (torch's kernel is for integers only: its dispatch refuses first)
        raise errors.GradcliError("\"bincount_cpu\" not implemented for '%s'" % x.dtype.short_name,
                                  "NotImplementedError")
    if a.ndim != 1:
        raise errors.GradcliError("bincount only supports 1-d non-negative integral inputs.")
    if a.size and a.min() < 0:
        raise errors.GradcliError("bincount only supports 1-d non-negative integral inputs.")
    if weights is None:
        return Tensor._make(np.bincount(a, minlength=minlength).astype(np.int64))
    w = weights.array
    out = np.bincount(a, weights=w.astype(np.float64), minlength=minlength)
    return Tensor._make(out.astype(w.dtype if w.dtype == np.float32 else np.float64))


@front_door("histc")
def histc(x, bins=100, min=0, max=0):
    """A histogram of `bins` equal bins between min and max (the data's own range when both are 0); values outside
    are ignored, max falls in the last bin."""
    a = x.array
    if not x.dtype.is_floating_point:
        raise errors.GradcliError("\"histogram_cpu\" not implemented for '%s'" % x.dtype.short_name,
                                  "NotImplementedError")
    lo, hi = float(min), float(max)
    if lo == hi and a.size:
        lo, hi = float(a.min()), float(a.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise errors.GradcliError("torch.histc: max must be larger than min")
    inside = a[(a >= lo) & (a <= hi)].astype(np.float64)
    position = ((inside - lo) * bins / (hi - lo)).astype(np.int64)
    position[position == bins] = bins - 1
    return Tensor._make(np.bincount(position, minlength=bins).astype(a.dtype))
