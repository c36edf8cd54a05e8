"""Indexing as torch does it: `x[...]` is a chain of view ops applied left to right (an int selects, a slice
slices, None unsqueezes), then one IndexBackward0 for list, int-tensor and mask indices; `x[...] = v` copies v
into the view (CopySlices on x) or, with advanced indices, is an index_put_. Also the ops that index along a
dim: gather, scatter, scatter_add, index_select, index_add, masked_fill, nonzero.

`index` parameters are numpy indices (a tuple of ints, slices and arrays, or an int64 array for the along-a-dim
ops): the front doors check torch's rules, the rows only compute.
"""

import numbers

import numpy as np

from ..bind import apply
from ..inplace import PUT, TAKE, rewrite_inplace
from .join import cat
from ..table import formula_helper, front_door, row
from ...base import dtypes, errors
from ...core import limits
from ...core.tensor import Tensor, wrap_dim


def _view_of(self, index):
    # the trailing Ellipsis makes numpy give a 0-d view, never a scalar copy, when every dim is indexed
    return self[index + (Ellipsis,)]


def _embedded(grad_output, input_sizes, index):
    """grad_output placed into zeros of input_sizes at `index`."""
    out = np.zeros(input_sizes, dtype=grad_output.dtype)
    out[index] = grad_output
    return out


_INDEXED_BACK = "grad[index]"
SELECT_BACKWARD = row("select_backward", "SelectBackwardBackward0", _embedded, "grad_output",
                      grad_output=_INDEXED_BACK)
SLICE_BACKWARD = row("slice_backward", "SliceBackwardBackward0", _embedded, "grad_output", grad_output=_INDEXED_BACK)


def _numpy_index(index):
    """An index as the rows take it (a formula text passes its arrays as tensors)."""
    return tuple(i.array if isinstance(i, Tensor) else i for i in index)


@formula_helper
def select_backward(grad, input_sizes, index):
    """The gradient of a select: zeros of the input's shape with grad at the selected place."""
    return apply(SELECT_BACKWARD, grad, input_sizes=input_sizes, index=_numpy_index(index))


@formula_helper
def slice_backward(grad, input_sizes, index):
    """The gradient of a slice: zeros of the input's shape with grad in the slice."""
    return apply(SLICE_BACKWARD, grad, input_sizes=input_sizes, index=_numpy_index(index))


@formula_helper
def index_backward(grad, input_sizes, index):
    """The gradient of x[indices]: grad added into zeros of x's shape at the indices (a repeated index adds up)."""
    return apply(INDEX_PUT_IMPL, Tensor._make(np.zeros(input_sizes, grad.array.dtype)), grad,
                 index=_numpy_index(index), accumulate=True)


SELECT = row("select.int", "SelectBackward0", _view_of, "self", view=True,
             self=("select_backward(grad, self.shape, index)",
                   lambda grad, self_shape, index: select_backward(grad, self_shape, index)))
SLICE = row("slice.Tensor", "SliceBackward0", _view_of, "self", view=True,
            self=("slice_backward(grad, self.shape, index)",
                  lambda grad, self_shape, index: slice_backward(grad, self_shape, index)))
def _index_forward(self, index):
    """self[index] with advanced items: the result's size (their broadcast shape times the dims the full
    slices keep) checked first; an index of 10**5 positions into 10**4 rows would be 10**9 elements."""
    picked, kept, dim = [], 1, 0
    for item in index:
        if isinstance(item, slice):
            kept *= self.shape[dim]
            dim += 1
        elif item.dtype == bool:
            picked.append((int(np.count_nonzero(item)),))
            dim += item.ndim
        else:
            picked.append(item.shape)
            dim += 1
    try:
        shape = np.broadcast_shapes(*picked)
    except ValueError:
        shape = ()  # numpy reports the mismatch itself
    limits.check_numel(shape + (kept,) + self.shape[dim:], "the result")
    return self[index]


INDEX = row("index.Tensor", "IndexBackward0", _index_forward, "self",
            self=("index_backward(grad, self.shape, index)",
                  lambda grad, self_shape, index: index_backward(grad, self_shape, index)))
ALIAS = row("alias", "AliasBackward0", lambda self: self.view(), "self", view=True, self="grad")


@front_door("select")
def select(x, dim, index):
    dim = wrap_dim(dim, x.ndim)
    size = x.shape[dim]
    if not -size <= index < size:
        raise errors.index_error("select(): index %d out of range for tensor of size %s at dimension %d"
                                 % (index, "[" + ", ".join(map(str, x.shape)) + "]", dim))
    return apply(SELECT, x, index=(slice(None),) * dim + (index % size,))


@front_door("narrow")
def narrow(x, dim, start, length):
    if x.ndim == 0:
        raise errors.GradcliError("narrow() cannot be applied to a 0-dim tensor.")
    if length < 0:
        raise errors.GradcliError("narrow(): length must be non-negative.")
    dim = wrap_dim(dim, x.ndim)
    size = x.shape[dim]
    if not -size <= start <= size:
        raise errors.index_error("start out of range (expected to be in range of [%d, %d], but got %d)"
                                 % (-size, size, start))
    start = start + size if start < 0 else start
    if start > size - length:
        raise errors.GradcliError("start (%d) + length (%d) exceeds dimension size (%d)." % (start, length, size))
    return apply(SLICE, x, index=(slice(None),) * dim + (slice(start, start + length),))


def _classify(item):
    """('int', i) | ('slice', s) | ('none',) | ('ellipsis',) | ('bool', b) | ('advanced', ndarray)."""
    if isinstance(item, bool):
        return ("bool", item)
    if isinstance(item, int):
        return ("int", item)
    if isinstance(item, slice):
        if item.step is not None and item.step == 0:
            raise errors.value_error("slice step cannot be zero")
        if item.step is not None and item.step < 0:
            raise errors.value_error("step must be greater than zero")
        return ("slice", item)
    if item is None:
        return ("none",)
    if item is Ellipsis:
        return ("ellipsis",)
    if isinstance(item, Tensor):
        array = item.array
        if array.dtype != bool and array.dtype.kind not in "iu":
            raise errors.index_error(errors.INDEX_TENSOR_DTYPE)
        if array.ndim == 0 and array.dtype != bool:
            return ("int", int(array))
        return ("advanced", array)
    if isinstance(item, (list, tuple, range)):  # (a range is a sequence of ints to torch: logprobs[range(n), y])
        array = np.asarray([v.item() if isinstance(v, Tensor) else v for v in item])
        if array.size == 0:
            array = array.astype(np.int64)
        if array.dtype != bool and array.dtype.kind not in "iu":
            raise errors.index_error(errors.INDEX_TENSOR_DTYPE)
        return ("advanced", array)
    raise errors.index_error(errors.INVALID_INDEX_TYPE % type(item).__name__)


SEQUENCE_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed in pytorch 2.9; use "
    "x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted as tensor index, x[torch.tensor(seq)], "
    "which will result either in an error or a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:%d.)")


def _as_tuple(index):
    """torch's treatSequenceAsTuple (numpy's old rule, deprecated with a warning): a list of fewer than 32 items
    holding a tensor, a sequence, a slice, None or Ellipsis indexes as the tuple of its items (`x[[0, None]]` is
    `x[0, None]`); any other list is one advanced index."""
    if not isinstance(index, list) or len(index) >= 32:
        return index
    for item in index:
        if isinstance(item, (Tensor, list, tuple, range, str, slice)) or hasattr(type(item), "__array__"):
            errors.warn(SEQUENCE_AS_TUPLE % 349)
            return tuple(index)
        if item is None or item is Ellipsis:
            errors.warn(SEQUENCE_AS_TUPLE % 359)
            return tuple(index)
    return index


def _parse(x, index):
    """The index's items, with Ellipsis expanded into full slices and torch's errors checked."""
    index = _as_tuple(index)
    items = [_classify(i) for i in (index if isinstance(index, tuple) else (index,))]
    consumed = 0
    for item in items:
        if item[0] in ("int", "slice"):
            consumed += 1
        elif item[0] == "advanced":
            consumed += item[1].ndim if item[1].dtype == bool else 1
    if x.ndim == 0 and any(item[0] == "int" for item in items):
        raise errors.index_error(errors.ZERO_DIM_INDEX)
    if consumed > x.ndim:
        raise errors.index_error(errors.TOO_MANY_INDICES % x.ndim)
    expanded, filled = [], False
    for item in items:
        if item[0] == "ellipsis":
            if not filled:
                expanded.extend([("slice", slice(None))] * (x.ndim - consumed))
                filled = True
            continue
        expanded.append(item)
    return expanded


def _is_full(s):
    return s.start in (None, 0) and s.stop is None and s.step in (None, 1)


@front_door("__getitem__", function=False)
def getitem(x, index):
    result, advanced = _basic_part(x, index, isinstance(index, slice))  # x[:] alone makes a SliceBackward0
    if advanced:
        return apply(INDEX, result, index=_advanced_index(result, advanced))
    if result is x:
        return apply(ALIAS, x)
    return result


def _basic_part(x, index, lone=False):
    """The views that the int, slice and None items cut, left to right (full slices are skipped unless `lone`),
    and the advanced items left over as (dim of that view, array)."""
    result, dim, source_dim = x, 0, 0  # dim in the result so far; source_dim in x, for messages
    advanced = []
    for item in _parse(x, index):
        kind = item[0]
        if kind != "none":
            source_dim += 1
        if kind == "int":
            size = result.shape[dim]
            if not -size <= item[1] < size:
                raise errors.index_error(errors.INDEX_OUT_OF_BOUNDS % (item[1], source_dim - 1, size))
            result = apply(SELECT, result, index=(slice(None),) * dim + (item[1] % size,))
        elif kind == "slice":
            if lone or not _is_full(item[1]):
                result = apply(SLICE, result, index=(slice(None),) * dim + (item[1],))
            dim += 1
        elif kind == "none":
            result = apply(UNSQUEEZE_INDEX, result, dim=dim)
            dim += 1
        elif kind == "bool":  # x[True]: a new dim, then indexed with [0] (or with [] for False), as torch does
            source_dim -= 1
            result = apply(UNSQUEEZE_INDEX, result, dim=dim)
            advanced.append((dim, np.zeros(1 if item[1] else 0, dtype=np.int64)))
            dim += 1
        else:
            advanced.append((dim, item[1]))
            dim += item[1].ndim if item[1].dtype == bool else 1
    return result, advanced


from .shape import UNSQUEEZE as UNSQUEEZE_INDEX  # noqa: E402  (x[None]: an unsqueeze, as in torch)


def _advanced_index(x, advanced):
    """A numpy index for the advanced items at their dims (full slices elsewhere), bounds checked."""
    index = [slice(None)] * x.ndim
    shrink = 0  # a k-dim mask stands for k dims of x in one index item
    for n, (dim, array) in enumerate(advanced):
        if array.dtype == bool:
            for k in range(array.ndim):
                if array.shape[k] != x.shape[dim + k]:
                    raise errors.index_error(
                        "The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at "
                        "index %d" % (list(array.shape), k, list(x.shape), dim + k))
            index[dim - shrink:dim - shrink + array.ndim] = [array]
            shrink += array.ndim - 1
            continue
        size = x.shape[dim]
        bad = array[(array >= size) | (array < -size)]
        if bad.size:
            raise errors.index_error(errors.INDEX_OUT_OF_BOUNDS % (int(bad.reshape(-1)[0]), n, size))
        index[dim - shrink] = array
    return tuple(index)


def _put(self, values, index, accumulate=False):
    out = np.array(self)
    if accumulate:
        np.add.at(out, index, values)  # a repeated index adds each of its values
    else:
        out[index] = values
    return out


def _cleared(grad, index):
    """grad with zeros where the index put values (they replaced what was there)."""
    return apply(INDEX_PUT, grad, Tensor._make(np.zeros((), grad.array.dtype)), index=index)


_PUT_DERIVATIVES = dict(
    self=("grad if accumulate else grad.index_put(index, zeros_like(values))",
          lambda grad, index, accumulate=False: grad if accumulate else _cleared(grad, index)),
    values=("grad[index]", lambda grad, index: apply(INDEX, grad, index=index)))
INDEX_PUT = row("index_put", "IndexPutBackward0", _put, "self values", promote="common", promoted="self",
                **_PUT_DERIVATIVES)
# x[indices]'s gradient puts with accumulation through the implementation op, which torch names apart
INDEX_PUT_IMPL = row("_index_put_impl_", "IndexPutImplBackward0", _put, "self values", promote="common",
                     promoted="self", **_PUT_DERIVATIVES)


@front_door("index_put", inplace=True)
def index_put(x, indices, values, accumulate=False):
    """x with values put at the places the index tensors name (one per leading dim); added with accumulate."""
    indices = tuple(indices)
    where = _advanced_index(x, [(d, i.array) for d, i in enumerate(indices) if isinstance(i, Tensor)])
    if not isinstance(values, Tensor):
        values = Tensor._make(np.asarray(values, dtype=x.array.dtype))
    return apply(INDEX_PUT, x, values, index=where, accumulate=bool(accumulate))


def _without_leading_ones(value):
    """value viewed without its leading size-1 dims: torch's setitem strips them (numpy's rule, kept for
    compatibility), so `rows[i] = t` takes a (1, n) t into a row of n."""
    ones = next((k for k, n in enumerate(value.shape) if n != 1), value.ndim)
    return value.view(value.shape[ones:]) if ones else value


@front_door("__setitem__", function=False)
def setitem(x, index, value):
    """x[index] = value, as torch does it: the basic items cut a view, into which value is copied (CopySlices on
    x) or, with list, tensor and mask items, put (index_put_: IndexPutBackward0)."""
    target, advanced = _basic_part(x, index)
    if not isinstance(value, (Tensor, numbers.Number)):  # (a list, a tuple, an array: torch takes none of them)
        raise errors.type_error("can't assign a %s to a %s" % (type(value).__name__, x.dtype.legacy_name))
    if not isinstance(value, Tensor):
        value = Tensor._make(np.asarray(value, dtype=x.array.dtype))
    elif value.ndim and (advanced or value.shape != target.shape):
        value = _without_leading_ones(value)
    if advanced:
        where = _advanced_index(target, advanced)
        rewrite_inplace(target, lambda: apply(INDEX_PUT, target, value, index=where))
    else:
        target.copy_(value)  # `x[:] = v` has no view to cut: a copy_ straight into x


# ---------------------------------------------------------------- along a dim: gather, scatter, index_select, ...
def _first_outside(index, size):
    """The first index outside [0, size) (gather and index_select take no negative ones), or None."""
    bad = index[(index < 0) | (index >= size)]
    return int(bad.reshape(-1)[0]) if bad.size else None


def _along(index, dim):
    """numpy index picking, for every position of `index`, the element `index` names along `dim`."""
    grid = list(np.indices(index.shape, sparse=True))
    grid[dim] = index
    return tuple(grid)


def _scatter(self, src, dim, index, reduce_add=False):
    """self with src's elements (those index covers) written (or added) at the places index names along dim."""
    out = np.array(self)
    part = src[tuple(slice(0, n) for n in index.shape)] if isinstance(src, np.ndarray) and src.ndim else src
    if reduce_add:
        np.add.at(out, _along(index, dim), part)  # a repeated index gets the sum
    else:
        out[_along(index, dim)] = part
    return out


def _zeros(shape, like):
    return Tensor._make(np.zeros(shape, like.array.dtype))


GATHER = row("gather", "GatherBackward0", lambda self, dim, index: self[_along(index, dim)], "self",
             self=("zeros(self.shape).scatter_add(dim, index, grad)",
                   lambda grad, self_shape, dim, index: apply(SCATTER_ADD, _zeros(self_shape, grad), grad,
                                                              dim=dim, index=index)))
_GATHERED_BACK = ("grad.gather(dim, index)", lambda grad, dim, index: apply(GATHER, grad, dim=dim, index=index))
SCATTER = row("scatter.src", "ScatterBackward0", _scatter, "self src", promote="common",
              self=("grad.scatter(dim, index, 0)",
                    lambda grad, dim, index: apply(SCATTER_VALUE, grad, dim=dim, index=index, value=0)),
              src=_GATHERED_BACK)
SCATTER_VALUE = row("scatter.value", "ScatterBackward1",
                    lambda self, dim, index, value: _scatter(self, self.dtype.type(value), dim, index), "self",
                    self=("grad.scatter(dim, index, 0)",
                          lambda grad, dim, index: apply(SCATTER_VALUE, grad, dim=dim, index=index, value=0)))
SCATTER_ADD = row("scatter_add", "ScatterAddBackward0",
                  lambda self, src, dim, index: _scatter(self, src, dim, index, reduce_add=True), "self src",
                  promote="common", self="grad", src=_GATHERED_BACK)


def _along_dim_index(name, x, dim, index):
    """dim wrapped and index checked as torch's gather/scatter check them; returns (dim, the index's array)."""
    dim = wrap_dim(dim, x.ndim)
    if not isinstance(index, Tensor) or index.dtype is not dtypes.int64:
        raise errors.GradcliError("%s(): Expected dtype int64 for index" % name)
    index = index.array
    if index.ndim != x.ndim and not (index.ndim <= 1 and x.ndim <= 1):
        raise errors.GradcliError("Index tensor must have the same number of dimensions as %s tensor"
                                  % ("input" if name == "gather" else "self"))
    bad = _first_outside(index, x.shape[dim] if x.ndim else 1)
    if bad is not None:
        raise errors.GradcliError(errors.INDEX_OUT_OF_BOUNDS % (bad, dim, x.shape[dim] if x.ndim else 1))
    return dim, index


@front_door("gather")
def gather(x, dim, index):
    dim, index = _along_dim_index("gather", x, dim, index)
    return apply(GATHER, x, dim=dim, index=index)


@front_door("scatter", inplace=True)
def scatter(x, dim, index, src=None, value=None):
    """x with src's values (or a number) written at the places index names along dim."""
    if src is None:
        src = value
    dim, index = _along_dim_index("scatter", x, dim, index)
    if isinstance(src, Tensor):
        return apply(SCATTER, x, src, dim=dim, index=index)
    return apply(SCATTER_VALUE, x, dim=dim, index=index, value=src)


@front_door("scatter_add", inplace=True)
def scatter_add(x, dim, index, src):
    dim, index = _along_dim_index("scatter_add", x, dim, index)
    return apply(SCATTER_ADD, x, src, dim=dim, index=index)


def _index_add(self, source, dim, index):
    out = np.array(self)
    np.add.at(out, (slice(None),) * dim + (index,), source)
    return out


def _index_select_forward(self, dim, index):
    limits.check_numel(self.shape[:dim] + index.shape + self.shape[dim + 1:], "the result")
    return np.take(self, index, axis=dim)


INDEX_SELECT = row("index_select", "IndexSelectBackward0", _index_select_forward,
                   "self", self=("zeros(self.shape).index_add(dim, index, grad)",
                                 lambda grad, self_shape, dim, index: apply(INDEX_ADD, _zeros(self_shape, grad), grad,
                                                                            dim=dim, index=index)))
INDEX_ADD = row("index_add", "IndexAddBackward0", _index_add, "self source", promote="common",
                self="grad",
                source=("grad.index_select(dim, index)",
                        lambda grad, dim, index: apply(INDEX_SELECT, grad, dim=dim, index=index)))


@front_door("index_add", inplace=True)
def index_add(x, dim, index, source, alpha=1):
    """x with source's slices added at the positions index names along dim (repeated positions add up)."""
    dim = wrap_dim(dim, x.ndim)
    index = index.array.reshape(-1)
    bad = _first_outside(index, x.shape[dim])
    if bad is not None:
        raise errors.index_error("index out of range in self")
    if alpha != 1:
        source = source * alpha
    return apply(INDEX_ADD, x, source, dim=dim, index=index)


@front_door("index_select")
def index_select(x, dim, index):
    dim = wrap_dim(dim, x.ndim)
    index = index.array.reshape(-1)
    bad = _first_outside(index, x.shape[dim])
    if bad is not None:  # torch's two kernels word it differently: dim 0 goes through embedding's check
        if dim == 0:
            raise errors.index_error("index out of range in self")
        raise errors.GradcliError("INDICES element is out of DATA bounds, id=%d axis_dim=%d" % (bad, x.shape[dim]))
    return apply(INDEX_SELECT, x, dim=dim, index=index)


def _flat_index(x, index):
    """torch.take/put's positions in the flattened tensor (negative ones count from the end), checked."""
    positions = index.array.reshape(-1).astype(np.int64)
    n = x.numel()
    bad = positions[(positions >= n) | (positions < -n)]
    if bad.size:
        raise errors.index_error("out of range: tried to access index %d on a tensor of %d elements."
                                 % (int(bad[0]), n))
    return np.where(positions < 0, positions + n, positions).reshape(index.array.shape)


@front_door("take")
def take(x, index):
    """The elements at flat positions `index`, shaped like index."""
    return apply(TAKE, x, index=_flat_index(x, index))


@front_door("put", inplace=True)
def put(x, index, source, accumulate=False):
    """x with source's values at flat positions `index` (added with accumulate)."""
    return apply(PUT, x, source.reshape(-1), index=_flat_index(x, index).reshape(-1), accumulate=bool(accumulate))


@front_door("nonzero")
def nonzero(x, as_tuple=False):
    """The indices of the nonzero elements: one row each (int64), or one index tensor per dim."""
    limits.check_numel((np.count_nonzero(x.array), max(x.array.ndim, 1)), "the result")  # (64-D: 64 per hit)
    found = np.argwhere(x.array).astype(np.int64)
    if as_tuple:
        return tuple(Tensor._make(found[:, d].copy()) for d in range(found.shape[1]))
    return Tensor._make(found)


# ---------------------------------------------------------------- masked_fill
# the mask is a parameter of the node (MaskedFillBackward0 has one next_functions entry)
MASKED_FILL = row("masked_fill.Scalar", "MaskedFillBackward0",
                  lambda self, mask, value: np.where(mask, np.asarray(value).astype(self.dtype), self), "self",
                  self=("grad.masked_fill(mask, 0)", lambda grad, mask: grad.masked_fill(Tensor._make(mask), 0.0)))


@formula_helper
def masked_fill_backward(grad, mask):
    """The gradient of a filled-in value: the sum of grad where the mask holds."""
    mask = mask if isinstance(mask, Tensor) else Tensor._make(mask)
    return grad.masked_fill(~mask, 0.0).sum()


MASKED_FILL_TENSOR = row("masked_fill.Tensor", "MaskedFillBackward1",
                         lambda self, value, mask: np.where(mask, value.astype(self.dtype), self), "self value",
                         promote="common", promoted="self",
                         self=("grad.masked_fill(mask, 0)",
                               lambda grad, mask: grad.masked_fill(Tensor._make(mask), 0.0)),
                         value="masked_fill_backward(grad, mask)")


@front_door("masked_fill", inplace=True)
def masked_fill(x, mask, value):
    mask = mask.array if isinstance(mask, Tensor) else np.asarray(mask)
    if mask.dtype != np.bool_:
        raise errors.GradcliError("masked_fill_ only supports boolean masks, but got mask with dtype %s"
                                  % Tensor._make(mask).dtype.cpp_name)
    if mask.shape != x.shape:
        mask = np.broadcast_to(mask, x.shape)
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.GradcliError("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                                      "%d dimension(s)." % value.ndim)
        return apply(MASKED_FILL_TENSOR, x, value, mask=mask)
    return apply(MASKED_FILL, x, mask=mask, value=value)


# ---------------------------------------------------------------- index_fill, index_copy, masked_select, masked_scatter
def _along_dim(dim, index):
    return (slice(None),) * dim + (index,)


def _index_fill(self, dim, index, value):
    out = np.array(self)
    out[_along_dim(dim, index)] = value
    return out


def _index_copy(self, source, dim, index):
    out = np.array(self)
    out[_along_dim(dim, index)] = source
    return out


_FILLED_BACK = ("grad.index_fill(dim, index, 0)",
                lambda grad, dim, index: apply(INDEX_FILL, grad, dim=dim, index=index, value=0))
INDEX_FILL = row("index_fill.int_Scalar", "IndexFillBackward0",
                 lambda self, dim, index, value: _index_fill(self, dim, index, self.dtype.type(value)), "self",
                 self=_FILLED_BACK)
INDEX_FILL_TENSOR = row("index_fill.int_Tensor", "IndexFillBackward1",
                        lambda self, value, dim, index: _index_fill(self, dim, index, value.astype(self.dtype)),
                        "self value", promote="common", promoted="self", self=_FILLED_BACK,
                        value=("grad.index_select(dim, index).sum()",
                               lambda grad, dim, index: apply(INDEX_SELECT, grad, dim=dim, index=index).sum()))
INDEX_COPY = row("index_copy", "IndexCopyBackward0", _index_copy, "self source", promote="common", self=_FILLED_BACK,
                 source=("grad.index_select(dim, index)",
                         lambda grad, dim, index: apply(INDEX_SELECT, grad, dim=dim, index=index)))


def _dim_index(name, x, dim, index):
    dim = wrap_dim(dim, x.ndim) if x.ndim else 0
    if not isinstance(index, Tensor) or index.dtype is not dtypes.int64:
        raise errors.GradcliError("%s(): Expected a long tensor for index, but got %s"
                                  % (name, getattr(getattr(index, "dtype", None), "short_name", type(index).__name__)))
    positions = index.array.reshape(-1)
    size = x.shape[dim] if x.ndim else 1
    bad = positions[(positions >= size) | (positions < -size)]
    if bad.size:
        raise errors.index_error("index %d is out of bounds for dimension %d with size %d" % (bad[0], dim, size))
    return dim, np.where(positions < 0, positions + size, positions)


@front_door("index_fill", inplace=True)
def index_fill(x, dim, index, value):
    """x with the slices index names along dim set to value (a number or a 0-d tensor)."""
    dim, positions = _dim_index("index_fill", x, dim, index)
    if isinstance(value, Tensor):
        if value.ndim:
            raise errors.GradcliError("index_fill_ only supports a 0-dimensional value tensor, but got tensor with %d "
                                      "dimension(s)." % value.ndim)
        return apply(INDEX_FILL_TENSOR, x, value, dim=dim, index=positions)
    return apply(INDEX_FILL, x, dim=dim, index=positions, value=value)


@front_door("index_copy", inplace=True)
def index_copy(x, dim, index, source):
    """x with source's slices copied to the positions index names along dim."""
    dim, positions = _dim_index("index_copy", x, dim, index)
    return apply(INDEX_COPY, x, source, dim=dim, index=positions)


def _masked_select_forward(self, mask):
    return np.broadcast_to(self, mask.shape)[mask] if self.shape != mask.shape else self[mask]


def _masked_scatter_forward(self, source, mask):
    out = np.array(self)
    count = int(mask.sum())
    out[mask] = source.reshape(-1)[:count]
    return out


@formula_helper
def masked_scatter_backward(grad, mask, sizes):
    """The source's gradient: grad's elements where the mask holds, in order, then zeros up to the source's size."""
    mask = mask.array if isinstance(mask, Tensor) else mask
    picked = apply(MASKED_SELECT, grad, mask=mask)
    missing = int(np.prod(sizes)) - picked.numel()
    if missing > 0:
        picked = cat([picked, Tensor._make(np.zeros(missing, grad.array.dtype))], 0)
    return picked.view(*sizes)


MASKED_SELECT = row("masked_select", "MaskedSelectBackward0", _masked_select_forward, "self",
                    self=("zeros(self.shape).masked_scatter(mask, grad)",
                          lambda grad, self_shape, mask: apply(MASKED_SCATTER, _zeros(self_shape, grad), grad,
                                                               mask=np.broadcast_to(mask, self_shape))))
MASKED_SCATTER = row("masked_scatter", "MaskedScatterBackward0", _masked_scatter_forward, "self source",
                     promote="common", promoted="self",
                     self=("grad.masked_fill(mask, 0)", lambda grad, mask: grad.masked_fill(Tensor._make(mask), 0.0)),
                     source=("masked_scatter_backward(grad, mask, source.shape)",
                             lambda grad, source_shape, mask: masked_scatter_backward(grad, mask, source_shape)))


def _bool_mask(name, mask):
    mask = mask.array if isinstance(mask, Tensor) else np.asarray(mask)
    if mask.dtype != np.bool_:
        raise errors.GradcliError("%s: expected BoolTensor for mask" % name)
    return mask


@front_door("masked_select")
def masked_select(x, mask):
    """The elements where the mask holds (mask and x broadcast together), as a 1-D tensor."""
    mask = _bool_mask("masked_select", mask)
    shape = np.broadcast_shapes(x.array.shape, mask.shape)
    x = x.expand(*shape) if tuple(x.shape) != shape else x
    return apply(MASKED_SELECT, x, mask=np.broadcast_to(mask, shape))


@front_door("masked_scatter", function=False, inplace=True)
def masked_scatter(x, mask, source):
    """x with source's elements, in order, written where the mask holds."""
    mask = np.broadcast_to(_bool_mask("masked_scatter_", mask), x.array.shape)
    if source.numel() < int(mask.sum()):
        raise errors.GradcliError("masked_scatter: expected source to have at least as many elements as ones in "
                                  "mask")
    return apply(MASKED_SCATTER, x, source, mask=mask)
