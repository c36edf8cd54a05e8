"""Indexing as torch does it: `x[...]` is a chain of view ops applied left to right (an int selects, a slice
slices, None unsqueezes), then one IndexBackward0 for list, int-tensor and mask indices; `x[...] = v` copies v
into the view (CopySlices on x) or, with advanced indices, is an index_put_."""

import numpy as np

from . import Grad, Op, apply, export
from .inplace import rewrite_inplace
from .. import errors
from ..tensor import Tensor, wrap_dim


def _embed(name):
    """The gradient of an indexing op: g placed into zeros of the input's shape at `index`."""
    def forward(g, shape, index):
        out = np.zeros(shape, dtype=g.dtype)
        np.add.at(out, index, g)
        return out
    return Op(name, forward, "g", (Grad("", lambda gg, shape, index: gg[index]),))


SELECT_BACKWARD = _embed("SelectBackwardBackward0")
SLICE_BACKWARD = _embed("SliceBackwardBackward0")
INDEX_BACKWARD = _embed("IndexPutBackward0")


def _indexing_op(name, backward, view):
    # the trailing Ellipsis makes numpy give a 0-d view, never a scalar copy, when every dim is indexed
    return Op(name, lambda x, index: x[index + (Ellipsis,)] if view else x[index], "x",
              (Grad("x.shape", lambda g, shape, index: apply(backward, g, shape=shape, index=index)),), view=view)


SELECT = _indexing_op("SelectBackward0", SELECT_BACKWARD, True)
SLICE = _indexing_op("SliceBackward0", SLICE_BACKWARD, True)
INDEX = _indexing_op("IndexBackward0", INDEX_BACKWARD, False)
ALIAS = Op("AliasBackward0", lambda x: x.view(), "x", (Grad("", lambda g: g),), view=True)


@export("select")
def select(x, dim, index):
    dim = wrap_dim(dim, x.ndim)
    size = x.shape[dim]
    if not -size <= index < size:
        raise errors.index_error("select(): index %d out of range for tensor of size %s at dimension %d"
                                 % (index, "[" + ", ".join(map(str, x.shape)) + "]", dim))
    return apply(SELECT, x, index=(slice(None),) * dim + (index % size,))


@export("narrow")
def narrow(x, dim, start, length):
    dim = wrap_dim(dim, x.ndim)
    start = start + x.shape[dim] if start < 0 else start
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
    if isinstance(item, (list, tuple)):
        array = np.asarray([v.item() if isinstance(v, Tensor) else v for v in item])
        if array.size == 0:
            array = array.astype(np.int64)
        if array.dtype != bool and array.dtype.kind not in "iu":
            raise errors.index_error(errors.INDEX_TENSOR_DTYPE)
        return ("advanced", array)
    raise errors.index_error(errors.INVALID_INDEX_TYPE % type(item).__name__)


def _parse(x, index):
    """The index's items, with Ellipsis expanded into full slices and torch's errors checked."""
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


@export("__getitem__", function=False)
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


from .shape import UNSQUEEZE  # noqa: E402

UNSQUEEZE_INDEX = UNSQUEEZE


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


INDEX_PUT = Op("IndexPutBackward0", lambda x, value, index: _put(x, value, index), "x value", (
    Grad("", lambda g, index: apply(INDEX_ZERO, g, index=index)),
    Grad("", lambda g, index: apply(INDEX, g, index=index))), promote="common", promoted="x")
INDEX_ZERO = Op("IndexPutBackward0", lambda g, index: _put(g, 0, index), "g",
                (Grad("", lambda gg, index: apply(INDEX_ZERO, gg, index=index)),))


def _put(x, value, index):
    out = np.array(x)
    out[index] = value
    return out


@export("__setitem__", function=False)
def setitem(x, index, value):
    """x[index] = value, as torch does it: the basic items cut a view, into which value is copied (CopySlices on
    x) or, with list, tensor and mask items, put (index_put_: IndexPutBackward0)."""
    target, advanced = _basic_part(x, index)
    if not isinstance(value, Tensor):
        value = Tensor._make(np.asarray(value, dtype=x.array.dtype))
    if advanced:
        where = _advanced_index(target, advanced)
        rewrite_inplace(target, lambda: apply(INDEX_PUT, target, value, index=where))
    else:
        target.copy_(value)  # `x[:] = v` has no view to cut: a copy_ straight into x
