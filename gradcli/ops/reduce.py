"""Reductions: sum, mean, norm, and sum_to_size (the engine's unbroadcast)."""

import numpy as np

from . import Grad, Op, apply, export
from .. import dtypes, errors
from ..tensor import Tensor, to_numpy_dtype, wrap_dim


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


def expand_reduced(g, shape, dim, keepdim):
    """Broadcast the gradient of a reduction back over the dims it reduced."""
    if not keepdim and dim is not None:
        for d in reduced_dims(dim, len(shape)):
            g = g.unsqueeze(d)
    return g.expand(shape)


# The reductions call the ufunc's reduce directly: np.sum and np.mean are python wrappers around it that cost
# more than the arithmetic on a small tensor.
def _sum_forward(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.astype(dtype)
    out = np.add.reduce(x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


SUM = Op("SumBackward0", _sum_forward, "x", (Grad("x.shape", lambda g, shape, **_: g.expand(shape)),))
SUM_DIM = Op("SumBackward1", _sum_forward, "x",
             (Grad("x.shape", lambda g, shape, dim, keepdim=False, **_: expand_reduced(g, shape, dim, keepdim)),))


def _mean_forward(x, dim=None, keepdim=False, dtype=None):
    dtype = dtype or x.dtype
    axis = reduced_dims(dim, x.ndim)
    if x.size == 0:  # nan, as torch gives, without numpy's "Mean of empty slice" warning
        return np.full(np.sum(x, axis=axis, keepdims=keepdim).shape, np.nan, dtype=dtype)
    if x.dtype != dtype:
        x = x.astype(dtype)
    # np.mean's arithmetic: the sum in dtype, divided by the count as an intp (so in double), then rounded back
    total = np.add.reduce(x, axis=axis, dtype=dtype, keepdims=keepdim)
    return np.asarray(np.true_divide(total, np.intp(_numel([x.shape[d] for d in axis]))), dtype=dtype)


MEAN = Op("MeanBackward0", _mean_forward, "x",
          (Grad("x.shape", lambda g, shape, **_: g.expand(shape) / _numel(shape)),))
MEAN_DIM = Op("MeanBackward1", _mean_forward, "x",
              (Grad("x.shape", lambda g, shape, dim, keepdim=False, **_:
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


def _dtype_param(dtype):
    """A `dtype=` argument as the forward's numpy dtype: the op computes in it, with no ToCopy node."""
    return {} if dtype is None else {"dtype": to_numpy_dtype(dtype)}


@export("sum")
def sum(x, dim=None, keepdim=False, dtype=None):
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0 and not keepdim):
        return apply(SUM, x, **_dtype_param(dtype))
    reduced_dims(dim, x.ndim)  # torch's dim-range error
    return apply(SUM_DIM, x, dim=dim, keepdim=keepdim, **_dtype_param(dtype))


@export("mean")
def mean(x, dim=None, keepdim=False, dtype=None):
    if not (dtype or x.dtype).is_floating_point:
        raise errors.GradcliError(errors.MEAN_DTYPE % (dtype or x.dtype).short_name)
    if dim is None:
        return apply(MEAN, x, **_dtype_param(dtype))
    reduced_dims(dim, x.ndim)
    return apply(MEAN_DIM, x, dim=dim, keepdim=keepdim, **_dtype_param(dtype))


def _norm_forward(x, p=2, dim=None, keepdim=False):
    axis = reduced_dims(dim, x.ndim)
    a = np.abs(x)
    if p == 2:
        out = np.sqrt(np.add.reduce(a * a, axis=axis, keepdims=keepdim))
    elif p == 1:
        out = np.add.reduce(a, axis=axis, keepdims=keepdim)
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
    if p == 2:  # torch: grad * (self / norm).masked_fill_(norm == 0, 0)
        return g * (x / ans).masked_fill(ans == 0, 0.0)
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


# ---------------------------------------------------------------- prod
def _prod_forward(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = x.astype(dtype)
    out = np.prod(x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


def _prod_of_others(x, dim):
    """For each element, the product of the others along `dim`: exact with zeros, unlike ans / x.

    The row is repeated into a square whose diagonal is set to 1, and each row of the square is multiplied
    out; written in tensor ops so that the gradient has a gradient of its own."""
    from .pointwise import where
    n = x.shape[dim]
    moved = x.transpose(dim, -1) if dim != x.ndim - 1 else x
    square = moved.unsqueeze(-2).expand(*moved.shape[:-1], n, n)
    diagonal = Tensor._make(np.eye(n, dtype=bool))
    others = prod(where(diagonal, 1.0, square), dim=-1)
    return others.transpose(dim, -1) if dim != x.ndim - 1 else others


def _prod_grad(g, x, ans, dim=None, keepdim=False, **_):
    """torch's prod_backward: ans / x while no input is zero, the product of the others when one is."""
    if x.ndim == 0:
        return g
    if dim is not None and not keepdim:
        g, ans = g.unsqueeze(dim), ans.unsqueeze(dim)
    if not (x.array == 0).any():
        return g * (ans / x)
    if dim is None:
        return (g * _prod_of_others(x.reshape(-1), 0)).reshape(x.shape)
    return g * _prod_of_others(x, dim)


PROD = Op("ProdBackward0", _prod_forward, "x", (Grad("x ans", _prod_grad),))
PROD_DIM = Op("ProdBackward1", _prod_forward, "x", (Grad("x ans", _prod_grad),))


@export("prod")
def prod(x, dim=None, keepdim=False, dtype=None):
    if dim is None:
        return apply(PROD, x, **_dtype_param(dtype))
    return apply(PROD_DIM, x, dim=wrap_dim(dim, x.ndim), keepdim=keepdim, **_dtype_param(dtype))


# ---------------------------------------------------------------- max, min, amax, amin, argmax, argmin
def _evenly_distribute(g, x, ans, dim=None, keepdim=False):
    """Gradient of a full max/min or of amax/amin: shared evenly between the elements equal to the result."""
    if dim is not None and not keepdim:
        for d in reduced_dims(dim, x.ndim):
            g, ans = g.unsqueeze(d), ans.unsqueeze(d)
    mask = x == ans
    count = mask.sum() if dim is None else mask.sum(dim=reduced_dims(dim, x.ndim), keepdim=True)
    return mask * (g / count)


MAX_ALL = Op("MaxBackward1", lambda x: np.max(x), "x", (Grad("x ans", _evenly_distribute),))
MIN_ALL = Op("MinBackward1", lambda x: np.min(x), "x", (Grad("x ans", _evenly_distribute),))
AMAX = Op("AmaxBackward0", lambda x, dim, keepdim: np.max(x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim),
          "x", (Grad("x ans", _evenly_distribute),))
AMIN = Op("AminBackward0", lambda x, dim, keepdim: np.min(x, axis=reduced_dims(dim, x.ndim), keepdims=keepdim),
          "x", (Grad("x ans", _evenly_distribute),))


def _take(x, indices, dim, keepdim):
    idx = indices if keepdim else np.expand_dims(indices, dim)
    out = np.take_along_axis(x, idx, axis=dim)
    return out if keepdim else np.squeeze(out, dim)


def _put(g, shape, indices, dim, keepdim):
    out = np.zeros(shape, dtype=g.dtype)
    idx = indices if keepdim else np.expand_dims(indices, dim)
    np.put_along_axis(out, idx, g if keepdim else np.expand_dims(g, dim), axis=dim)
    return out


# value_selecting_reduction_backward: the gradient goes to the returned index only (the first of a tie)
GATHER_DIM = Op("GatherBackward0", _take, "x", (
    Grad("x.shape", lambda g, shape, indices, dim, keepdim: apply(SCATTER_DIM, g, shape=shape, indices=indices,
                                                                  dim=dim, keepdim=keepdim)),))
SCATTER_DIM = Op("ValueSelectingReductionBackwardBackward0", _put, "g", (
    Grad("", lambda gg, shape, indices, dim, keepdim: apply(GATHER_DIM, gg, indices=indices, dim=dim,
                                                            keepdim=keepdim)),))
MAX_DIM = Op("MaxBackward0", _take, "x", GATHER_DIM.grads)
MIN_DIM = Op("MinBackward0", _take, "x", GATHER_DIM.grads)


def _select_reduction(kind, x, dim, keepdim):
    from ..return_types import ReturnTypes
    d = wrap_dim(dim, x.ndim)
    arg = np.argmax if kind == "max" else np.argmin
    if x.ndim == 0:
        indices = np.zeros((), dtype=np.int64)
    else:
        indices = arg(x.array, axis=d, keepdims=keepdim).astype(np.int64)
        if x.dtype.is_floating_point:  # a nan wins, as in torch
            nans = np.isnan(x.array)
            if nans.any():
                indices = np.where(np.any(nans, axis=d, keepdims=keepdim),
                                   np.argmax(nans, axis=d, keepdims=keepdim), indices).astype(np.int64)
    if x.ndim == 0:
        values = apply(MAX_DIM if kind == "max" else MIN_DIM, x.reshape(1), indices=indices.reshape(1), dim=0,
                       keepdim=True).reshape(())
    else:
        values = apply(MAX_DIM if kind == "max" else MIN_DIM, x, indices=indices, dim=d, keepdim=keepdim)
    return ReturnTypes(kind, values, Tensor._make(indices))


def _check_not_empty(name, x):
    if x.array.size == 0:
        raise errors.GradcliError("%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
                                  "reduction dim with the 'dim' argument." % name)


@export("max")
def max(x, dim=None, keepdim=False):
    """max(x) is the largest value (MaxBackward1); max(x, dim) the pair (values, indices); max(x, y) maximum."""
    return _extremum("max", MAX_ALL, "maximum", x, dim, keepdim)


@export("min")
def min(x, dim=None, keepdim=False):
    return _extremum("min", MIN_ALL, "minimum", x, dim, keepdim)


def _extremum(name, whole, elementwise, x, dim, keepdim):
    """max/min: of the whole tensor (op `whole`), along dim, or elementwise against a tensor given as dim."""
    if isinstance(dim, Tensor):
        from . import pointwise
        return getattr(pointwise, elementwise)(x, dim)
    if dim is None:
        _check_not_empty(name, x)
        return apply(whole, x)
    return _select_reduction(name, x, dim, keepdim)


@export("amax")
def amax(x, dim=(), keepdim=False):
    return apply(AMAX, x, dim=_all_if_empty(dim), keepdim=keepdim)


@export("amin")
def amin(x, dim=(), keepdim=False):
    return apply(AMIN, x, dim=_all_if_empty(dim), keepdim=keepdim)


def _all_if_empty(dim):
    return None if dim == () or dim == [] else dim


def _arg_reduction(fn, x, dim, keepdim):
    if x.dtype.name == "bool":
        raise errors.GradcliError("%s(): does not support bool input" % fn.__name__)
    if dim is None:
        out = fn(x.array.reshape(-1))
        if keepdim:
            out = np.full((1,) * x.ndim, out)
        return Tensor._make(np.asarray(out, dtype=np.int64))
    d = wrap_dim(dim, x.ndim)
    if x.ndim == 0:
        return Tensor._make(np.zeros((), dtype=np.int64))
    return Tensor._make(fn(x.array, axis=d, keepdims=keepdim).astype(np.int64))


@export("argmax")
def argmax(x, dim=None, keepdim=False):
    return _arg_reduction(np.argmax, x, dim, keepdim)


@export("argmin")
def argmin(x, dim=None, keepdim=False):
    return _arg_reduction(np.argmin, x, dim, keepdim)


# ---------------------------------------------------------------- var, std, logsumexp
def _var_forward(x, dim=None, correction=1, keepdim=False):
    return np.var(x, axis=reduced_dims(dim, x.ndim), ddof=correction, keepdims=keepdim).astype(x.dtype)


def _var_grad(g, x, dim=None, correction=1, keepdim=False):
    n = _reduced_count(x.shape, dim)
    if dim is not None and not keepdim:
        for d in reduced_dims(dim, x.ndim):
            g = g.unsqueeze(d)
    centered = x - (x.mean() if dim is None else x.mean(dim=reduced_dims(dim, x.ndim), keepdim=True))
    return (2.0 / (n - correction)) * g * centered


def _std_grad(g, x, ans, dim=None, correction=1, keepdim=False):
    # var_backward(grad / (2 std)), with 0 where std = 0 (torch: a constant input has zero gradient, not nan)
    return _var_grad((g / (2 * ans)).masked_fill(ans == 0, 0.0), x, dim, correction, keepdim)


VAR = Op("VarBackward0", _var_forward, "x", (Grad("x", _var_grad),), promote="float")
STD = Op("StdBackward0", lambda x, **kw: np.sqrt(_var_forward(x, **kw)), "x", (Grad("x ans", _std_grad),),
         promote="float")


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    return 1 if unbiased in (None, True) else 0


@export("var")
def var(x, dim=None, unbiased=None, keepdim=False, correction=None):
    if isinstance(dim, bool):  # var(x, False): the old positional `unbiased`
        dim, unbiased = None, dim
    return apply(VAR, x, dim=dim, correction=_correction(unbiased, correction), keepdim=keepdim)


@export("std")
def std(x, dim=None, unbiased=None, keepdim=False, correction=None):
    if isinstance(dim, bool):
        dim, unbiased = None, dim
    return apply(STD, x, dim=dim, correction=_correction(unbiased, correction), keepdim=keepdim)


def _logsumexp_forward(x, dim, keepdim=False):
    axis = reduced_dims(dim, x.ndim)
    m = np.max(x, axis=axis, keepdims=True) if x.size else np.zeros((1,) * x.ndim, x.dtype)
    m = np.where(np.isfinite(m), m, 0).astype(x.dtype)
    out = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return (out if keepdim else np.squeeze(out, axis)).astype(x.dtype)


def _logsumexp_grad(g, x, ans, dim, keepdim=False):
    if not keepdim:
        for d in reduced_dims(dim, x.ndim):
            g, ans = g.unsqueeze(d), ans.unsqueeze(d)
    return g * (x - ans).exp()


LOGSUMEXP = Op("LogsumexpBackward0", _logsumexp_forward, "x", (Grad("x ans", _logsumexp_grad),), promote="float")


@export("logsumexp")
def logsumexp(x, dim, keepdim=False):
    return apply(LOGSUMEXP, x, dim=dim, keepdim=keepdim)


# ---------------------------------------------------------------- cumsum, trace
def _cumsum_forward(x, dim, dtype=None):
    if dtype is not None:
        x = x.astype(dtype)
    out = np.cumsum(x, axis=dim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


def _reverse_cumsum(g, dim):
    """Sum from each position to the end: total - cumsum + g, in tensor ops (no flip needed)."""
    return g.sum(dim=dim, keepdim=True) - g.cumsum(dim) + g


CUMSUM = Op("CumsumBackward0", _cumsum_forward, "x", (Grad("", lambda g, dim, **_: _reverse_cumsum(g, dim)),))


@export("cumsum")
def cumsum(x, dim, dtype=None):
    wrap_dim(dim, x.ndim)
    return apply(CUMSUM, x, dim=wrap_dim(dim, x.ndim) if x.ndim else None, **_dtype_param(dtype))


def _trace_forward(x):
    out = np.trace(x)
    return np.asarray(out, dtype=np.int64 if x.dtype.kind in "biu" else x.dtype)


TRACE = Op("TraceBackward0", _trace_forward, "x",
           (Grad("x.shape", lambda g, shape: g * Tensor._make(np.eye(*shape, dtype=bool))),))


@export("trace")
def trace(x):
    if x.ndim != 2:
        raise errors.GradcliError("trace: expected a matrix, but got tensor with dim %d" % x.ndim)
    return apply(TRACE, x)


# the mask is an attribute of the node (MaskedFillBackward0 has one next_functions entry)
MASKED_FILL = Op("MaskedFillBackward0", lambda x, mask, value: np.where(mask, np.asarray(value).astype(x.dtype), x),
                 "x", (Grad("", lambda g, mask, value: g.masked_fill(Tensor._make(mask), 0.0)),))


@export("masked_fill")
def masked_fill(x, mask, value):
    if isinstance(value, Tensor):
        value = value.item()
    mask = mask.array if isinstance(mask, Tensor) else np.asarray(mask)
    if mask.dtype != np.bool_:
        raise errors.GradcliError("masked_fill_ only supports boolean masks, but got mask with dtype %s"
                                  % dtypes.CPP_NAMES[Tensor._make(mask).dtype.name])
    return apply(MASKED_FILL, x, mask=np.broadcast_to(mask, x.shape) if mask.shape != x.shape else mask,
                 value=value)


@export("sum_to_size", function=False)
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
        x = sum(x, dim=dims, keepdim=True)
    return x.reshape(shape) if lead else x


# ---------------------------------------------------------------- sort, topk
# The gradient goes back to where each value came from: the same rule as max(dim), over many indices.
SORT = Op("SortBackward0", _take, "x", GATHER_DIM.grads)
TOPK = Op("TopkBackward0", _take, "x", GATHER_DIM.grads)


def _ascending(a, dim):
    return np.argsort(a, axis=dim, kind="stable").astype(np.int64)


def _sorted_pair(kind, op, x, dim, indices):
    """(values, indices) as torch.return_types.<kind>; a 0-d x is sorted as one element."""
    from ..return_types import ReturnTypes
    if x.ndim == 0:
        values = apply(op, x.reshape(1), indices=indices.reshape(1), dim=0, keepdim=True).reshape(())
        return ReturnTypes(kind, values, Tensor._make(indices.reshape(())))
    return ReturnTypes(kind, apply(op, x, indices=indices, dim=dim, keepdim=True), Tensor._make(indices))


@export("sort")
def sort(x, dim=-1, descending=False, stable=False):
    """Ties keep their order, also when descending (torch's CPU sort is stable)."""
    d = wrap_dim(dim, x.ndim) if x.ndim else 0
    a = np.atleast_1d(x.array)
    indices = _ascending(-a.astype(np.float64) if descending else a, d)
    return _sorted_pair("sort", SORT, x, d, indices)


@export("topk")
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


# ---------------------------------------------------------------- all, any (bool results, no gradient)
def _truth_reduction(test):
    def reduce(x, dim=None, keepdim=False):
        if dim is None:
            return Tensor._make(np.asarray(test(x.array)))
        return Tensor._make(np.asarray(test(x.array, axis=reduced_dims(dim, x.ndim), keepdims=keepdim)))
    return reduce


all = export("all")(_truth_reduction(np.all))
any = export("any")(_truth_reduction(np.any))


@export("argsort")
def argsort(x, dim=-1, descending=False, stable=False):
    return sort(x, dim, descending).indices


# ---------------------------------------------------------------- cumprod
def _cumprod_forward(x, dim):
    out = np.cumprod(x, axis=dim)
    return out.astype(np.int64) if out.dtype.kind in "biu" else out


def _cumprod_grad(g, x, ans, dim):
    """sum_{j >= i} g_j * ans_j / x_i: in tensor ops where no x is zero; with zeros, each element's gradient is
    summed out in numpy from the products that leave it out (exact, but without a graph of its own)."""
    if not np.any(x.array == 0):
        return _reverse_cumsum(g * ans, dim) / x
    a, ga = np.moveaxis(x.array, dim, -1), np.moveaxis(g.array, dim, -1)
    out = np.zeros_like(a)
    for i in range(a.shape[-1]):
        others = a.copy()
        others[..., i] = 1
        out[..., i] = np.sum((ga * np.cumprod(others, axis=-1))[..., i:], axis=-1)
    return Tensor._make(np.moveaxis(out, -1, dim))


CUMPROD = Op("CumprodBackward0", _cumprod_forward, "x", (Grad("x ans", _cumprod_grad),))


@export("cumprod")
def cumprod(x, dim):
    return apply(CUMPROD, x, dim=wrap_dim(dim, x.ndim) if x.ndim else None)
