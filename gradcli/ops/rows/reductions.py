"""Reductions: sum, mean, prod, norm, var/std, logsumexp, max/min (whole, along a dim, amax/amin), argmax/argmin,
all/any, cumsum/cumprod, trace, and sum_to_size (the engine's unbroadcast).

A reduction's gradient puts the incoming gradient back over the dims it reduced: the structural helpers below
(sum_backward, value_selecting_reduction_backward, ...) are named as derivatives.yaml names them.
"""

import math

import numpy as np

from .arithmetic import div_scalar
from ...kernels import reduce as torch_reduce, sums as torch_sums
from .. import fastpath
from ..bind import apply
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor, to_numpy_dtype, wrap_dim


def reduced_dims(dim, ndim):
    """The dims a `dim=` argument names (int, tuple or None for all), as sorted non-negative ints."""
    if dim is None:
        return tuple(range(ndim))
    if dim.__class__ is int:  # the common case, with nothing to sort or repeat
        return (wrap_dim(dim, ndim),)
    dims = [wrap_dim(d, ndim) for d in (dim if isinstance(dim, (tuple, list)) else (dim,))]
    for d in dims:
        if dims.count(d) > 1:
            raise errors.GradcliError("dim %d appears multiple times in the list of dims" % d)
    return tuple(sorted(dims))


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def reduction_axes(array, dim):
    """reduced_dims for a forward's array. Over an empty dim the result can be far bigger than the input
    (zeros(10**9, 0).sum(1) has 10**9 elements): its size is checked before numpy allocates it."""
    axes = reduced_dims(dim, array.ndim)
    if array.size == 0:
        limits.check_numel([n for d, n in enumerate(array.shape) if d not in axes], "the result")
    return axes


@formula_helper
def restore_reduced_dims(output, dim, keepdim):
    """A reduction's result with the reduced dims put back as size-1 dims (nothing to do with keepdim, or when
    every dim was reduced: the result then broadcasts as it is)."""
    if keepdim or dim is None:
        return output
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    total = output.ndim + len(dims)
    for d in sorted(wrap_dim(d, total) for d in dims):
        output = output.unsqueeze(d)
    return output


def _unsqueeze_reduced(grad, ndim, dim, keepdim):
    """restore_reduced_dims, knowing the input's number of dims."""
    if not keepdim and dim is not None:
        for d in reduced_dims(dim, ndim):
            grad = grad.unsqueeze(d)
    return grad


@formula_helper
def sum_backward(grad, sizes, dim, keepdim):
    """The gradient of a sum over `dim`: grad expanded back over the summed dims."""
    return _unsqueeze_reduced(grad, len(sizes), dim, keepdim).expand(sizes)


@formula_helper
def mean_backward(grad, sizes, dim, keepdim):
    """The gradient of a mean over `dim`: sum_backward divided by the number of elements averaged."""
    count = _numel(sizes[d] for d in reduced_dims(dim, len(sizes)))
    return div_scalar(sum_backward(grad, sizes, dim, keepdim), count)


# ---------------------------------------------------------------- sum, mean
# Floating sums add in torch's order (kernels/sums.py: bit for bit); integer sums are exact in any order, so the
# ufunc's reduce does them (np.sum is a python wrapper around it).
def _sum_forward(self, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        self = self.astype(dtype)
    axis = reduction_axes(self, dim)
    if self.dtype.kind == "f":
        return torch_sums.sum(self, axis, keepdim)
    out = np.add.reduce(self, axis=axis, keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


def _mean_forward(self, dim=None, keepdim=False, dtype=None):
    dtype = dtype or self.dtype
    axis = reduction_axes(self, dim)
    if self.size == 0:  # nan, as torch gives, without numpy's "Mean of empty slice" warning
        return np.full(np.sum(self, axis=axis, keepdims=keepdim).shape, np.nan, dtype=dtype)
    if self.dtype != dtype:
        self = self.astype(dtype)
    return torch_reduce.mean(self, axis, keepdim)  # torch's sum in its order, over the count


SUM = row("sum", "SumBackward0", _sum_forward, "self",
          self=("grad.expand(self.shape)", lambda grad, self_shape: grad.expand(self_shape)))
SUM_DIM = row("sum.dim_IntList", "SumBackward1", _sum_forward, "self",
              self=("sum_backward(grad, self.shape, dim, keepdim)",
                    lambda grad, self_shape, dim, keepdim=False: sum_backward(grad, self_shape, dim, keepdim)))
MEAN = row("mean", "MeanBackward0", _mean_forward, "self",
           self=("grad.expand(self.shape) / self.numel()",
                 lambda grad, self_shape: div_scalar(grad.expand(self_shape), _numel(self_shape))))
MEAN_DIM = row("mean.dim", "MeanBackward1", _mean_forward, "self",
               self=("mean_backward(grad, self.shape, dim, keepdim)",
                     lambda grad, self_shape, dim, keepdim=False: mean_backward(grad, self_shape, dim, keepdim)))


def _dtype_param(dtype):
    """A `dtype=` argument as the forward's numpy dtype: the op computes in it, with no ToCopy node."""
    return {} if dtype is None else {"dtype": to_numpy_dtype(dtype)}


@front_door("sum")
def sum(x, dim=None, keepdim=False, dtype=None):
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0 and not keepdim):
        return apply(SUM, x, **_dtype_param(dtype))
    reduced_dims(dim, x.array.ndim)  # torch's dim-range error
    return apply(SUM_DIM, x, dim=dim, keepdim=keepdim, **_dtype_param(dtype))


@front_door("mean")
def mean(x, dim=None, keepdim=False, dtype=None):
    if not (dtype or x.dtype).is_floating_point:
        raise errors.GradcliError(errors.MEAN_DTYPE % (dtype or x.dtype).short_name)
    if dim is None:
        return apply(MEAN, x, **_dtype_param(dtype))
    reduced_dims(dim, x.array.ndim)
    return apply(MEAN_DIM, x, dim=dim, keepdim=keepdim, **_dtype_param(dtype))


@front_door("sum_to_size", function=False)
def sum_to_size(x, *size):
    """Sum the broadcast dimensions away so that x has shape `size`."""
    shape = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else tuple(size)
    if tuple(x.shape) == shape:
        return x
    if shape == ():  # torch's sum_to: a 0-d target is a plain sum (SumBackward0 under create_graph)
        return sum(x)
    lead = x.ndim - len(shape)
    dims = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape) if n == 1 and x.shape[lead + i] != 1)
    if dims:
        arrays = fastpath.formula_arrays(x)
        if arrays is not None:  # (a gradient conformed in backward: the same sum on its array, fastpath 5)
            return Tensor._make(_sum_forward(arrays[0], dims, keepdim=True).reshape(shape))
        x = sum(x, dim=dims, keepdim=True)
    return x.reshape(shape) if lead else x


# ---------------------------------------------------------------- norm
def _norm_forward(self, p=2, dim=None, keepdim=False):
    axis = reduction_axes(self, dim)
    if self.dtype.kind == "f" and self.size and p not in (0, math.inf, -math.inf):
        return torch_reduce.norm2(self, axis, keepdim) if p == 2 else torch_reduce.norm(self, p, axis, keepdim)
    a = np.abs(self)
    if p == 2:
        out = np.sqrt(np.add.reduce(a * a, axis=axis, keepdims=keepdim))
    elif p == 1:
        out = np.add.reduce(a, axis=axis, keepdims=keepdim)
    elif p == float("inf"):
        out = np.max(a, axis=axis, keepdims=keepdim, initial=0)
    elif p == 0:
        out = np.sum(a != 0, axis=axis, keepdims=keepdim).astype(self.dtype)
    else:
        out = np.sum(a ** p, axis=axis, keepdims=keepdim) ** (1.0 / p)
    return out.astype(self.dtype)


@formula_helper
def norm_backward(grad, self, p, result, dim, keepdim):
    """The gradient of the p-norm: self |self|^(p-2) grad / norm^(p-1), 0 where the norm is 0 (p = 2: self / norm;
    p = 1: the sign; p = inf: shared between the elements of largest magnitude)."""
    grad = _unsqueeze_reduced(grad, self.ndim, dim, keepdim)
    result = _unsqueeze_reduced(result, self.ndim, dim, keepdim)
    if p == 2:  # torch: grad * (self / norm).masked_fill_(norm == 0, 0)
        return grad * (self / result).masked_fill(result == 0, 0.0)
    if p == 1:
        return self.sign() * grad
    if p == float("inf"):
        mask = self.abs() == result
        return self.sign() * mask * (grad / mask.sum(dim=dim, keepdim=True) if dim is not None else grad / mask.sum())
    return self * self.abs() ** (p - 2) * (grad / result ** (p - 1)).masked_fill(result == 0, 0.0)


NORM = row("linalg_vector_norm", "LinalgVectorNormBackward0", _norm_forward, "self", promote="float",
           self=("norm_backward(grad, self, p, result, dim, keepdim)",
                 lambda grad, self, result, p=2, dim=None, keepdim=False:
                 norm_backward(grad, self, p, result, dim, keepdim)))


@front_door("norm")
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    if p in ("fro", None):
        p = 2
    return apply(NORM, input, p=p, dim=dim, keepdim=keepdim)


# ---------------------------------------------------------------- prod
def _prod_forward(self, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        self = self.astype(dtype)
    if self.dtype.kind == "f" and self.size:
        return torch_reduce.prod(self, None if dim is None else reduced_dims(dim, self.ndim), keepdim)
    out = np.prod(self, axis=reduction_axes(self, dim), keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


def _prod_of_others(x, dim):
    """For each element, the product of the others along `dim`: exact with zeros, unlike result / self.

    The row is repeated into a square whose diagonal is set to 1, and each row of the square is multiplied
    out; written in tensor ops so that the gradient has a gradient of its own."""
    n = x.shape[dim]
    moved = x.transpose(dim, -1) if dim != x.ndim - 1 else x
    square = moved.unsqueeze(-2).expand(*moved.shape[:-1], n, n)
    diagonal = Tensor._make(np.eye(n, dtype=bool))
    others = prod(square.masked_fill(diagonal, 1.0), dim=-1)
    return others.transpose(dim, -1) if dim != x.ndim - 1 else others


@formula_helper
def prod_backward(grad, self, result, dim=None, keepdim=False):
    """torch's prod_backward: grad * result / self while no input is zero, the product of the others when one is."""
    if self.ndim == 0:
        return grad
    if dim is not None and not keepdim:
        grad, result = grad.unsqueeze(dim), result.unsqueeze(dim)
    if not (self.array == 0).any():
        return grad * (result / self)
    if dim is None:
        return (grad * _prod_of_others(self.reshape(-1), 0)).reshape(self.shape)
    return grad * _prod_of_others(self, dim)


PROD = row("prod", "ProdBackward0", _prod_forward, "self",
           self="prod_backward(grad, self, result)")
PROD_DIM = row("prod.dim_int", "ProdBackward1", _prod_forward, "self",
               self=("prod_backward(grad, self, result, dim, keepdim)",
                     lambda grad, self, result, dim, keepdim=False: prod_backward(grad, self, result, dim, keepdim)))


@front_door("prod")
def prod(x, dim=None, keepdim=False, dtype=None):
    if dim is None:
        return apply(PROD, x, **_dtype_param(dtype))
    return apply(PROD_DIM, x, dim=wrap_dim(dim, x.ndim), keepdim=keepdim, **_dtype_param(dtype))


# ---------------------------------------------------------------- var, std, logsumexp
NO_DEGREES_OF_FREEDOM = (
    "%s(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel "
    "divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)")


def warn_without_degrees_of_freedom(name, self, dim, correction):
    """torch's warning where var, std, var_mean or std_mean divide by n - correction <= 0 (nan or inf follow)."""
    if _numel(self.shape[d] for d in reduced_dims(dim, self.ndim)) - correction <= 0:
        errors.warn(NO_DEGREES_OF_FREEDOM % name)


def _var_forward(self, dim=None, correction=1, keepdim=False, take_sqrt=False):
    warn_without_degrees_of_freedom("std" if take_sqrt else "var", self, dim, correction)
    if self.dtype.kind == "f" and self.size:  # torch's order: kernels/reduce.py
        return torch_reduce.var(self, reduced_dims(dim, self.ndim), correction, keepdim, take_sqrt)
    out = np.var(self, axis=reduction_axes(self, dim), ddof=correction, keepdims=keepdim).astype(self.dtype)
    return np.sqrt(out) if take_sqrt else out


@formula_helper
def var_backward(grad, self, dim, correction, keepdim):
    """2 / (n - correction) * grad * (self - self.mean(dim)); with no degree of freedom over the whole tensor,
    grad * (nan where self is its mean, else inf), and over a dim 2 / 0 is inf (a nan gradient), as torch's."""
    n = _numel(self.shape[d] for d in reduced_dims(dim, self.ndim))
    if (dim is None or self.ndim == 0) and n - correction <= 0:
        spread = self.array != self.array.mean()
        return grad * Tensor._make(np.where(spread, np.inf, np.nan).astype(self.array.dtype))
    if n == correction:
        return grad * Tensor._make(np.full(self.shape, np.nan, self.array.dtype))
    grad = _unsqueeze_reduced(grad, self.ndim, dim, keepdim)
    centered = self - (self.mean() if dim is None else self.mean(dim=reduced_dims(dim, self.ndim), keepdim=True))
    return (2.0 / (n - correction)) * grad * centered


@formula_helper
def std_backward(result, grad, self, dim, correction, keepdim):
    """var_backward(grad / (2 std)), with 0 where std = 0 (a constant input has zero gradient, not nan)."""
    return var_backward((grad / (2 * result)).masked_fill(result == 0, 0.0), self, dim, correction, keepdim)


VAR = row("var.correction", "VarBackward0", _var_forward, "self", promote="float",
          self=("var_backward(grad, self, dim, correction, keepdim)",
                lambda grad, self, dim=None, correction=1, keepdim=False:
                var_backward(grad, self, dim, correction, keepdim)))
STD = row("std.correction", "StdBackward0", lambda self, **kw: _var_forward(self, take_sqrt=True, **kw), "self",
          promote="float",
          self=("std_backward(result, grad, self, dim, correction, keepdim)",
                lambda grad, self, result, dim=None, correction=1, keepdim=False:
                std_backward(result, grad, self, dim, correction, keepdim)))


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    return 1 if unbiased in (None, True) else 0


@front_door("var")
def var(x, dim=None, unbiased=None, keepdim=False, correction=None):
    if isinstance(dim, bool):  # var(x, False): the old positional `unbiased`
        dim, unbiased = None, dim
    return apply(VAR, x, dim=dim, correction=_correction(unbiased, correction), keepdim=keepdim)


@front_door("std")
def std(x, dim=None, unbiased=None, keepdim=False, correction=None):
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    return apply(STD, x, dim=dim, correction=_correction(unbiased, correction), keepdim=keepdim)


def _logsumexp_forward(self, dim, keepdim=False):
    return torch_reduce.logsumexp(self, reduction_axes(self, dim), keepdim)


@formula_helper
def logsumexp_backward(grad, self, result, dim, keepdim):
    """grad * exp(self - logsumexp(self)): the softmax of self, scaled by the incoming gradient."""
    grad = _unsqueeze_reduced(grad, self.ndim, dim, keepdim)
    result = _unsqueeze_reduced(result, self.ndim, dim, keepdim)
    return grad * (self - result).exp()


LOGSUMEXP = row("logsumexp", "LogsumexpBackward0", _logsumexp_forward, "self", promote="float",
                self=("logsumexp_backward(grad, self, result, dim, keepdim)",
                      lambda grad, self, result, dim, keepdim=False:
                      logsumexp_backward(grad, self, result, dim, keepdim)))


@front_door("logsumexp")
def logsumexp(x, dim, keepdim=False):
    return apply(LOGSUMEXP, x, dim=dim, keepdim=keepdim)


# ---------------------------------------------------------------- max, min, amax, amin, argmax, argmin
@formula_helper
def evenly_distribute_backward(grad, self, result):
    """The gradient of a whole max/min: shared evenly between the elements equal to the result (torch's CPU form,
    zeros with the share filled in where the mask holds)."""
    mask = self.isnan() if result.isnan().item() else self == result
    return self.new_zeros(self.shape).masked_fill_(mask, grad / mask.sum())


@formula_helper
def scale_grad_by_count(grad, mask, dim):
    """amax/amin's gradient: shared evenly between the elements equal to the result along `dim`."""
    return (grad / mask.sum(dim=dim, keepdim=True)) * mask


@formula_helper
def value_selecting_reduction_backward(grad, dim, indices, sizes, keepdim):
    """The gradient of max(dim), sort, topk: each value's gradient goes back to the one place it came from."""
    if not keepdim and len(sizes):
        grad, indices = grad.unsqueeze(dim), indices.unsqueeze(dim)
    return grad.new_zeros(sizes).scatter(dim, indices, grad)


# np.max and np.min are Python wrappers around these ufuncs' reduce (half of a small tensor's max)
MAX_ALL = row("max", "MaxBackward1", lambda self: np.maximum.reduce(self, axis=None), "self",
              self=("evenly_distribute_backward(grad, self, result)", evenly_distribute_backward))
MIN_ALL = row("min", "MinBackward1", lambda self: np.minimum.reduce(self, axis=None), "self",
              self=("evenly_distribute_backward(grad, self, result)", evenly_distribute_backward))


def _amax_derivative(grad, self, result, dim, keepdim):
    return scale_grad_by_count(restore_reduced_dims(grad, dim, keepdim),
                               restore_reduced_dims(result, dim, keepdim) == self, dim)


AMAX = row("amax", "AmaxBackward0",
           lambda self, dim, keepdim: np.maximum.reduce(self, axis=reduction_axes(self, dim), keepdims=keepdim),
           "self",
           self=("scale_grad_by_count(restore_reduced_dims(grad, dim, keepdim), "
                 "restore_reduced_dims(result, dim, keepdim) == self, dim)", _amax_derivative))
AMIN = row("amin", "AminBackward0",
           lambda self, dim, keepdim: np.minimum.reduce(self, axis=reduction_axes(self, dim), keepdims=keepdim),
           "self",
           self=("scale_grad_by_count(restore_reduced_dims(grad, dim, keepdim), "
                 "restore_reduced_dims(result, dim, keepdim) == self, dim)", _amax_derivative))


def take_along(self, indices, dim, keepdim):
    """The values at `indices` along `dim` (the forward of max(dim), sort and topk)."""
    idx = indices if keepdim else np.expand_dims(indices, dim)
    out = np.take_along_axis(self, idx, axis=dim)
    return out if keepdim else np.squeeze(out, dim)


# the derivative of every row whose forward is take_along (the indices and dim are parameters of the node)
VALUE_SELECTING = ("value_selecting_reduction_backward(grad, dim, indices, self.shape, keepdim)",
                   lambda grad, self_shape, dim, indices, keepdim:
                   value_selecting_reduction_backward(grad, dim, Tensor._make(indices), self_shape, keepdim))


def _selected_extremum(reduce):
    """max(dim)/min(dim)'s values: take_along at the indices _select_reduction found, which are where the
    extremum sits; so the extremum itself (one ufunc reduction, without take_along_axis's index building) has
    their bits wherever one value has one bit pattern: integers and bools, and floats but for a NaN (whose
    payload the index picks) or a zero (+0 and -0 tie) among the results."""
    def forward(self, indices, dim, keepdim):
        if self.ndim and self.size and self.dtype.kind in "biuf":
            values = reduce(self, axis=dim, keepdims=keepdim)
            # (count_nonzero: a plain C loop; any() and all() set up a ufunc reduction, dearer for a few values)
            if self.dtype.kind != "f" or (np.count_nonzero(values) == values.size and
                                          not np.count_nonzero(np.isnan(values))):
                return values
        return take_along(self, indices, dim, keepdim)
    return forward


MAX_DIM = row("max.dim", "MaxBackward0", _selected_extremum(np.maximum.reduce), "self", self=VALUE_SELECTING)
MIN_DIM = row("min.dim", "MinBackward0", _selected_extremum(np.minimum.reduce), "self", self=VALUE_SELECTING)


def _select_reduction(kind, x, dim, keepdim):
    from ...base.return_types import ReturnTypes
    d = wrap_dim(dim, x.ndim)
    if x.ndim == 0:
        indices = np.zeros((), dtype=np.int64)
    else:
        array = x.array  # (the methods: np.argmax's wrapper costs more than a small tensor's search)
        indices = (array.argmax if kind == "max" else array.argmin)(axis=d, keepdims=keepdim)
        indices = indices.astype(np.int64, copy=False)  # (a new array already)
        if x.dtype.is_floating_point:  # a nan wins, as in torch
            nans = np.isnan(array)
            if np.count_nonzero(nans):
                indices = np.where(np.any(nans, axis=d, keepdims=keepdim),
                                   np.argmax(nans, axis=d, keepdims=keepdim), indices).astype(np.int64)
    op = MAX_DIM if kind == "max" else MIN_DIM
    if x.ndim == 0:
        values = apply(op, x.reshape(1), indices=indices.reshape(1), dim=0, keepdim=True).reshape(())
    else:
        values = apply(op, x, indices=indices, dim=d, keepdim=keepdim)
    return ReturnTypes(kind, values, Tensor._make(indices))


def check_selectable(name, x, dim):
    """A reduction that picks one element (max, amax, argmax, median, ...) has none to pick over an empty
    tensor or dim: torch's IndexError or RuntimeError (argmax and argmin word the whole-tensor case as an
    IndexError without the hint)."""
    if x.array.size:
        return
    if dim is None or dim == () or dim == []:
        if name in ("argmax", "argmin"):
            raise errors.index_error("%s(): Expected reduction dim to be specified for input.numel() == 0." % name)
        raise errors.GradcliError("%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
                                  "reduction dim with the 'dim' argument." % name)
    for d in reduced_dims(dim, x.ndim) if x.ndim else ():
        if x.shape[d] == 0:
            raise errors.index_error("%s(): Expected reduction dim %d to have non-zero size." % (name, d))


@front_door("max")
def max(x, dim=None, keepdim=False):
    """max(x) is the largest value (MaxBackward1); max(x, dim) the pair (values, indices); max(x, y) maximum."""
    return _extremum("max", MAX_ALL, x, dim, keepdim)


@front_door("min")
def min(x, dim=None, keepdim=False):
    return _extremum("min", MIN_ALL, x, dim, keepdim)


def _extremum(name, whole, x, dim, keepdim):
    """max/min: of the whole tensor (row `whole`), along dim, or elementwise against a tensor given as dim."""
    if isinstance(dim, Tensor):
        return x.maximum(dim) if name == "max" else x.minimum(dim)
    check_selectable(name, x, dim)
    if dim is None:
        return apply(whole, x)
    return _select_reduction(name, x, dim, keepdim)


def _all_if_empty(dim):
    return None if dim == () or dim == [] else dim


@front_door("amax")
def amax(x, dim=(), keepdim=False):
    check_selectable("amax", x, dim)
    return apply(AMAX, x, dim=_all_if_empty(dim), keepdim=keepdim)


@front_door("amin")
def amin(x, dim=(), keepdim=False):
    check_selectable("amin", x, dim)
    return apply(AMIN, x, dim=_all_if_empty(dim), keepdim=keepdim)


def _arg_reduction(fn, x, dim, keepdim):
    if x.dtype.name == "bool":
        raise errors.GradcliError("%s(): does not support bool input" % fn.__name__)
    check_selectable(fn.__name__, x, dim)
    if dim is None:  # (the methods: np.argmax's wrapper costs more than a small tensor's search)
        out = getattr(x.array.reshape(-1), fn.__name__)()
        if keepdim:
            out = np.full((1,) * x.ndim, out)
        return Tensor._make(np.asarray(out, dtype=np.int64))
    d = wrap_dim(dim, x.ndim)
    if x.ndim == 0:
        return Tensor._make(np.zeros((), dtype=np.int64))
    return Tensor._make(getattr(x.array, fn.__name__)(axis=d, keepdims=keepdim).astype(np.int64))


@front_door("argmax")
def argmax(x, dim=None, keepdim=False):
    return _arg_reduction(np.argmax, x, dim, keepdim)


@front_door("argmin")
def argmin(x, dim=None, keepdim=False):
    return _arg_reduction(np.argmin, x, dim, keepdim)


# ---------------------------------------------------------------- all, any (bool results, no gradient)
def _truth_reduction(test, name):
    def reduce(x, dim=None, keepdim=False):
        if dim is None:
            return Tensor._make(np.asarray(test(x.array)))
        return Tensor._make(np.asarray(test(x.array, axis=reduction_axes(x.array, dim), keepdims=keepdim)))
    reduce.__name__ = reduce.__qualname__ = name
    return front_door(name)(reduce)


_truth_reduction(np.all, "all")
_truth_reduction(np.any, "any")


# ---------------------------------------------------------------- cumsum, cumprod, trace
def _cumulative(fn):
    def forward(self, dim, dtype=None):
        if dtype is not None:
            self = self.astype(dtype)
        out = fn(self, axis=dim)
        return out.astype(np.int64) if out.dtype.kind in "biu" else out
    return forward


@formula_helper
def cumsum_backward(grad, dim):
    """Each element's gradient is the sum of the gradients from its position to the end: a reversed cumsum."""
    return grad.flip(dim).cumsum(dim).flip(dim)


@formula_helper
def cumprod_backward(grad, self, dim, result):
    """sum over j >= i of grad_j * result_j / self_i, while no element is zero. With zeros (as ATen's
    cumprod_backward, in linear time): before a row's first zero the same; at it, the prefix's product times
    the sum of grad_j * prod(self[first+1..j]); after it, zero (exact, but without a graph of its own)."""
    if not np.any(self.array == 0):
        return cumsum_backward(grad * result, dim) / self
    a, g = np.moveaxis(self.array, dim, -1), np.moveaxis(grad.array, dim, -1)
    r = np.moveaxis(result.array, dim, -1)
    n = a.shape[-1]
    position = np.arange(n)
    zero = a == 0
    first = np.where(zero.any(-1), zero.argmax(-1), n)[..., None]
    with np.errstate(divide="ignore", invalid="ignore"):
        before = np.flip(np.cumsum(np.flip(g * r, -1), -1), -1) / a
    out = np.where(position < first, before, 0).astype(a.dtype)
    after = np.where(position > first, a, 1).astype(a.dtype)  # self[first+1..j] (ones elsewhere)
    prefix = np.take_along_axis(np.concatenate([np.ones_like(a[..., :1]), r], -1), np.minimum(first, n), -1)
    at_zero = prefix[..., 0] * np.sum(np.where(position >= first, g * np.cumprod(after, -1), 0), -1)
    np.put_along_axis(out, np.minimum(first, n - 1), np.where(first[..., 0] < n, at_zero,
                                                              np.take_along_axis(out, np.minimum(first, n - 1), -1)[..., 0])[..., None], -1)
    return Tensor._make(np.moveaxis(out, -1, dim))


def _cumsum(self, axis):
    """torch's cumsum: a running double for float32/64 (float32 for float16), rounded at each element."""
    return torch_reduce.cumsum(self, axis) if self.dtype.kind == "f" else np.cumsum(self, axis=axis)


CUMSUM = row("cumsum", "CumsumBackward0", _cumulative(_cumsum), "self",
             self="cumsum_backward(grad, dim)")
def _cumprod(self, axis):
    """torch's cumprod: a running double for float32/64 (float32 for float16), rounded at each element."""
    return torch_reduce.cumprod(self, axis) if self.dtype.kind == "f" else np.cumprod(self, axis=axis)


CUMPROD = row("cumprod", "CumprodBackward0", _cumulative(_cumprod), "self",
              self="cumprod_backward(grad, self, dim, result)")


@front_door("cumsum")
def cumsum(x, dim, dtype=None):
    wrap_dim(dim, x.ndim)
    return apply(CUMSUM, x, dim=wrap_dim(dim, x.ndim) if x.ndim else None, **_dtype_param(dtype))


@front_door("cumprod")
def cumprod(x, dim, dtype=None):
    return apply(CUMPROD, x, dim=wrap_dim(dim, x.ndim) if x.ndim else None, **_dtype_param(dtype))


def _trace_forward(self):
    out = np.trace(self)
    return np.asarray(out, dtype=np.int64 if self.dtype.kind in "biu" else self.dtype)


TRACE = row("trace", "TraceBackward0", _trace_forward, "self",
            self=("grad * eye(*self.shape, dtype=torch.bool)",
                  lambda grad, self_shape: grad * Tensor._make(np.eye(*self_shape, dtype=bool))))


@front_door("trace")
def trace(x):
    if x.ndim != 2:
        raise errors.GradcliError("trace: expected a matrix, but got tensor with dim %d" % x.ndim)
    return apply(TRACE, x)
