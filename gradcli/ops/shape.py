"""Views, shape changes, indexing, copies and dtype conversion."""

import numpy as np

from . import Grad, Op, apply, apply_inplace, export
from .. import dtypes, errors, grad_mode, limits
from ..tensor import Tensor, to_numpy_dtype, wrap_dim


def _size_args(size):
    """`f(2, 3)` and `f((2, 3))` both mean the shape (2, 3)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    return tuple(int(s) for s in size)


# ---------------------------------------------------------------- reshaping
def _infer_shape(shape, numel):
    if list(shape).count(-1) > 1:
        raise errors.GradcliError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            known *= s
    if -1 in shape:
        if known == 0 or numel % known:
            raise errors.GradcliError("shape '%s' is invalid for input of size %d" % (_list(shape), numel))
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise errors.GradcliError("shape '%s' is invalid for input of size %d" % (_list(shape), numel))
    return shape


def _list(shape):
    return "[" + ", ".join(str(s) for s in shape) + "]"


def _view_forward(x, shape):
    view = x.view()
    try:
        view.shape = shape  # numpy refuses exactly when the strides cannot express the new shape
    except AttributeError:
        raise errors.GradcliError(
            "view size is not compatible with input tensor's size and stride (at least one dimension spans "
            "across two contiguous subspaces). Use .reshape(...) instead.") from None
    return view


VIEW = Op("ViewBackward0", _view_forward, "x", (Grad("x.shape", lambda g, input_shape, **_: g.reshape(input_shape)),))
RESHAPE_COPY = Op("UnsafeViewBackward0", lambda x, shape: np.reshape(np.array(x), shape), "x",
                  (Grad("x.shape", lambda g, input_shape, **_: g.reshape(input_shape)),))


@export("view", function=False)
def view(x, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtypes.DType):
        raise errors.GradcliError("view(dtype) is not supported")
    return _shared(apply(VIEW, x, shape=_infer_shape(_size_args(shape), x.numel())), x)


@export("reshape")
def reshape(x, *shape):
    shape = _infer_shape(_size_args(shape), x.numel())
    if x.array.flags.c_contiguous or x.array.size <= 1:
        return view(x, shape)
    try:
        return view(x, shape)
    except errors.GradcliError:
        return apply(RESHAPE_COPY, clone(x), shape=shape)


@export("view_as", function=False)
def view_as(x, other):
    return view(x, other.shape)


@export("reshape_as", function=False)
def reshape_as(x, other):
    return reshape(x, other.shape)


@export("flatten")
def flatten(x, start_dim=0, end_dim=-1):
    if x.ndim == 0:
        return reshape(x, 1)
    start, end = wrap_dim(start_dim, x.ndim), wrap_dim(end_dim, x.ndim)
    if start == end:
        return x
    shape = x.shape[:start] + (-1,) + x.shape[end + 1:]
    return reshape(x, shape)


def _expand_shape(x, sizes):
    sizes = _size_args(sizes)
    lead = len(sizes) - x.ndim
    if lead < 0:
        raise errors.GradcliError(
            "expand(torch.FloatTensor{%s}, size=%s): the number of sizes provided (%d) must be greater or equal "
            "to the number of dimensions in the tensor (%d)" % (_list(x.shape)[1:-1].replace(", ", ","),
                                                              _list(sizes), len(sizes), x.ndim))
    shape = []
    for i, s in enumerate(sizes):
        have = x.shape[i - lead] if i >= lead else 1
        if s == -1:
            s = have
        elif have != 1 and have != s:
            raise errors.GradcliError(
                "The expanded size of the tensor (%d) must match the existing size (%d) at non-singleton "
                "dimension %d.  Target sizes: %s.  Tensor sizes: %s" % (s, have, i, _list(sizes), _list(x.shape)))
        shape.append(s)
    limits.check_numel(shape)
    return tuple(shape)


EXPAND = Op("ExpandBackward0", lambda x, shape: np.broadcast_to(x, shape), "x",
            (Grad("x.shape", lambda g, input_shape, **_: g.sum_to_size(input_shape)),))


@export("expand", function=False)
def expand(x, *sizes):
    return _shared(apply(EXPAND, x, shape=_expand_shape(x, sizes)), x)


@export("expand_as", function=False)
def expand_as(x, other):
    return expand(x, other.shape)


UNSQUEEZE = Op("UnsqueezeBackward0", lambda x, dim: np.expand_dims(x, dim), "x",
               (Grad("", lambda g, dim: g.squeeze(dim)),))
SQUEEZE = Op("SqueezeBackward0", lambda x: np.squeeze(x) if x.ndim else x.view(), "x",
             (Grad("x.shape", lambda g, shape: g.reshape(shape)),))
SQUEEZE_DIM = Op("SqueezeBackward1", lambda x, dim: np.squeeze(x, dim) if x.shape[dim] == 1 else x.view(), "x",
                 (Grad("x.shape", lambda g, shape, dim: g.unsqueeze(dim) if shape[dim] == 1 else g),))


@export("unsqueeze")
def unsqueeze(x, dim):
    return _shared(apply(UNSQUEEZE, x, dim=wrap_dim(dim, x.ndim + 1)), x)


@export("squeeze")
def squeeze(x, dim=None):
    if dim is None:
        return _shared(apply(SQUEEZE, x), x)
    return _shared(apply(SQUEEZE_DIM, x, dim=wrap_dim(dim, x.ndim)), x)


TRANSPOSE = Op("TransposeBackward0", lambda x, dim0, dim1: np.swapaxes(x, dim0, dim1), "x",
               (Grad("", lambda g, dim0, dim1: g.transpose(dim0, dim1)),))
T = Op("TBackward0", lambda x: x.T, "x", (Grad("", lambda g: g.t()),))
PERMUTE = Op("PermuteBackward0", lambda x, dims: np.transpose(x, dims), "x",
             (Grad("", lambda g, dims: g.permute(*np.argsort(dims).tolist())),))


@export("transpose", "swapaxes")
def transpose(x, dim0, dim1):
    return _shared(apply(TRANSPOSE, x, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim)), x)


@export("t")
def t(x):
    if x.ndim > 2:
        raise errors.GradcliError("t() expects a tensor with <= 2 dimensions, but self is %dD" % x.ndim)
    return _shared(apply(T, x), x)


@export("permute")
def permute(x, *dims):
    return _shared(apply(PERMUTE, x, dims=tuple(wrap_dim(d, x.ndim) for d in _size_args(dims))), x)


def _shared(result, base):
    """A view shares its base's version counter: an in-place change through either is seen by both."""
    if result.array.base is not None or result.array is base.array:
        result._version = base._version
    return result


# ---------------------------------------------------------------- indexing
def _select_backward(g, shape, index):
    return apply(INDEX_BACKWARD_INTO_ZEROS, g, shape=shape, index=index)


INDEX_BACKWARD_INTO_ZEROS = Op(
    "IndexPutBackward0", lambda g, shape, index: _scatter_add(g, shape, index), "g",
    (Grad("", lambda gg, shape, index: gg[index]),))


def _scatter_add(g, shape, index):
    out = np.zeros(shape, dtype=g.dtype)
    np.add.at(out, index, g)
    return out


SELECT = Op("SelectBackward0", lambda x, index: x[index], "x",
            (Grad("x.shape", lambda g, shape, index: _select_backward(g, shape, index)),))
SLICE = Op("SliceBackward0", lambda x, index: x[index], "x",
           (Grad("x.shape", lambda g, shape, index: _select_backward(g, shape, index)),))
INDEX = Op("IndexBackward0", lambda x, index: x[index], "x",
           (Grad("x.shape", lambda g, shape, index: _select_backward(g, shape, index)),))


def _check_bounds(i, size, dim):
    if not -size <= i < size:
        raise errors.index_error("index %d is out of bounds for dimension %d with size %d" % (i, dim, size))


def _normalize_index(x, index):
    """Index items as numpy understands them; tensors become arrays, with torch's errors."""
    items = index if isinstance(index, tuple) else (index,)
    out = []
    advanced = False
    for item in items:
        if isinstance(item, Tensor):
            item = item.array
            advanced = True
        elif isinstance(item, list):
            item = np.asarray([v.item() if isinstance(v, Tensor) else v for v in item])
            advanced = True
        elif isinstance(item, bool):
            item = np.asarray(item)
            advanced = True
        elif item is not None and item is not Ellipsis and not isinstance(item, (int, slice)):
            raise errors.index_error("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                                     "Variables are valid indices (got %s)" % type(item).__name__)
        out.append(item)
    if x.ndim == 0 and any(isinstance(i, int) for i in out):
        raise errors.index_error("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                                 "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
    consumed = sum(1 if not (i is None or i is Ellipsis) else 0 for i in out
                   if not (isinstance(i, np.ndarray) and i.dtype == bool)) + sum(
        i.ndim for i in out if isinstance(i, np.ndarray) and i.dtype == bool)
    if consumed > x.ndim:
        raise errors.index_error("too many indices for tensor of dimension %d" % x.ndim)
    dim = 0
    for i in out:
        if i is Ellipsis:
            dim += x.ndim - consumed
        elif i is None:
            continue
        elif isinstance(i, int):
            _check_bounds(i, x.shape[dim], dim)
            dim += 1
        elif isinstance(i, np.ndarray):
            if i.dtype == bool:
                dim += i.ndim
                continue
            if i.dtype.kind not in "iu":
                raise errors.index_error("tensors used as indices must be long, int, byte or bool tensors")
            for v in i.reshape(-1).tolist():
                _check_bounds(v, x.shape[dim], dim)
            dim += 1
        else:
            dim += 1
    return tuple(out), advanced


@export("__getitem__", function=False)
def getitem(x, index):
    index, advanced = _normalize_index(x, index)
    if advanced:
        return apply(INDEX, x, index=index)
    op = SELECT if any(isinstance(i, int) for i in index) else SLICE
    if all(i is None or i is Ellipsis for i in index):
        op = UNSQUEEZE_INDEX
    return _shared(apply(op, x, index=index), x)


UNSQUEEZE_INDEX = Op("UnsqueezeBackward0", lambda x, index: x[index], "x",
                     (Grad("x.shape", lambda g, shape, index: g.reshape(shape)),))


def _copy_slices_forward(x, value, index):
    out = x.copy()
    out[index] = value
    return out


COPY_SLICES = Op("CopySlices", _copy_slices_forward, "x value", (
    Grad("", lambda g, index: g.index_fill_zero(index)),
    Grad("", lambda g, index: g[index])))


@export("__setitem__", function=False)
def setitem(x, index, value):
    if grad_mode.is_grad_enabled() and x.grad_fn is None and x._requires_grad:
        raise errors.GradcliError(errors.VIEW_OF_LEAF_INPLACE)
    index, _ = _normalize_index(x, index)
    if isinstance(value, Tensor) and value.dtype is not x.dtype:
        value = value.to(x.dtype)
    apply_inplace(COPY_SLICES, x, value, index=index)


ZERO_AT = Op("IndexFillBackward0", lambda g, index: _zero_at(g, index), "g",
             (Grad("", lambda gg, index: gg.index_fill_zero(index)),))


def _zero_at(g, index):
    out = g.copy()
    out[index] = 0
    return out


@export("index_fill_zero", function=False)
def index_fill_zero(g, index):
    return apply(ZERO_AT, g, index=index)


@export("unbind")
def unbind(x, dim=0):
    dim = wrap_dim(dim, x.ndim)
    return tuple(getitem(x, (slice(None),) * dim + (i,)) for i in range(x.shape[dim]))


# ---------------------------------------------------------------- copies and conversions
CLONE = Op("CloneBackward0", np.array, "x", (Grad("", lambda g: g),))
TO_COPY = Op("ToCopyBackward0", lambda x, dtype: x.astype(dtype), "x",
             (Grad("x.dtype", lambda g, input_dtype, **_: g.to(input_dtype)),))


@export("clone")
def clone(x):
    return apply(CLONE, x)


@export("contiguous", function=False)
def contiguous(x):
    return x if x.array.flags.c_contiguous else clone(x)


@export("to", function=False)
def to(x, *args, dtype=None, copy=False, **_):
    for a in args:
        if isinstance(a, dtypes.DType):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
    if dtype is None or (dtype is x.dtype and not copy):
        return x
    if x.requires_grad and not dtype.is_floating_point:
        with grad_mode.no_grad():
            return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))
    return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))


@export("type", function=False)
def type_(x, dtype=None):
    if dtype is None:
        return x.dtype.legacy_name
    return to(x, dtype)


def _converter(dtype):
    def convert(x):
        return to(x, dtype)
    return convert


for _name, _dtype in (("float", dtypes.float32), ("double", dtypes.float64), ("half", dtypes.float16),
                      ("long", dtypes.int64), ("int", dtypes.int32), ("short", dtypes.int16),
                      ("bool", dtypes.bool_), ("byte", dtypes.uint8)):
    export(_name, function=False)(_converter(_dtype))
