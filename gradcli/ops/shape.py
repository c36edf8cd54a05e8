"""Views, shape changes, joining and splitting, copies and dtype conversion.

View ops are marked `view=True`: their outputs share the input's memory and version counter and know how they
were cut from their base (gradcli.ops.inplace). Indexing lives in gradcli.ops.indexing.
"""

import numpy as np

from . import Grad, Op, apply, broadcast_view, export
from .inplace import restride_inplace, rewrite_inplace
from .. import dtypes, errors, grad_mode, limits
from ..tensor import Device, Tensor, shape_text, to_numpy_dtype, wrap_dim


def _size_args(size):
    """`f(2, 3)` and `f((2, 3))` both mean the shape (2, 3)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = size[0]
    return tuple(map(int, size))


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
            raise errors.GradcliError("shape '%s' is invalid for input of size %d" % (shape_text(shape), numel))
        shape = tuple(numel // known if s == -1 else s for s in shape)
    elif known != numel:
        raise errors.GradcliError("shape '%s' is invalid for input of size %d" % (shape_text(shape), numel))
    return shape


def _view_forward(x, size):
    view = x.view()
    try:
        view.shape = size  # numpy refuses exactly when the strides cannot express the new shape
    except AttributeError:
        raise errors.GradcliError(errors.VIEW_NOT_COMPATIBLE) from None
    return view


def _reshape_grad(g, shape, **_):
    return g.reshape(shape)


VIEW = Op("ViewBackward0", _view_forward, "x", (Grad("x.shape", _reshape_grad),), view=True)
RESHAPE_ALIAS = Op("ReshapeAliasBackward0", _view_forward, "x", (Grad("x.shape", _reshape_grad),), view=True)
UNSAFE_VIEW = Op("UnsafeViewBackward0", lambda x, size: x.reshape(size), "x", (Grad("x.shape", _reshape_grad),))


@export("view", function=False)
def view(x, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtypes.DType):
        raise errors.GradcliError("view(dtype) is not supported")
    return apply(VIEW, x, size=_infer_shape(_size_args(shape), x.numel()))


@export("reshape")
def reshape(x, *shape):
    """torch's names follow the memory layout: a view of contiguous memory, an alias of strided memory that
    can still be viewed, or else a copy (CloneBackward0 under UnsafeViewBackward0)."""
    shape = _infer_shape(_size_args(shape), x.numel())
    if x.array.flags.c_contiguous:
        return apply(VIEW, x, size=shape)
    try:
        _view_forward(x.array, shape)
    except errors.GradcliError:
        return apply(UNSAFE_VIEW, clone(x), size=shape)
    return apply(RESHAPE_ALIAS, x, size=shape)


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
    return reshape(x, x.shape[:start] + (-1,) + x.shape[end + 1:])


def _expand_shape(x, sizes):
    sizes = _size_args(sizes)
    lead = len(sizes) - x.ndim
    if lead < 0:
        raise errors.GradcliError(
            "expand(%s{%s}, size=%s): the number of sizes provided (%d) must be greater or equal to the number "
            "of dimensions in the tensor (%d)" % (x.dtype.legacy_name, shape_text(x.shape), shape_text(sizes), len(sizes),
                                                  x.ndim))
    shape = []
    x_shape = x.array.shape
    for i in reversed(range(len(sizes))):  # torch checks from the last dim: its message names the last mismatch
        s = sizes[i]
        have = x_shape[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise errors.GradcliError("The expanded size of the tensor (-1) isn't allowed in a leading, "
                                          "non-existing dimension %d" % i)
            s = have
        elif have != 1 and have != s:
            raise errors.GradcliError(errors.EXPAND_SIZE % (s, have, i, shape_text(sizes), shape_text(x.shape)))
        shape.append(s)
    shape.reverse()
    limits.check_numel(shape)
    return tuple(shape)


EXPAND = Op("ExpandBackward0", broadcast_view, "x",
            (Grad("x.shape", lambda g, shape, **_: g.sum_to_size(shape)),), view=True)


@export("expand", function=False)
def expand(x, *sizes):
    return apply(EXPAND, x, size=_expand_shape(x, sizes))


@export("expand_as", function=False)
def expand_as(x, other):
    return expand(x, other.shape)


UNSQUEEZE = Op("UnsqueezeBackward0", lambda x, dim: np.expand_dims(x, dim), "x",
               (Grad("", lambda g, dim: g.squeeze(dim)),), view=True)
SQUEEZE = Op("SqueezeBackward0", lambda x: np.squeeze(x) if x.ndim else x.view(), "x",
             (Grad("x.shape", _reshape_grad),), view=True)
SQUEEZE_DIM = Op("SqueezeBackward1", lambda x, dim: np.squeeze(x, dim) if x.ndim and x.shape[dim] == 1 else x.view(),
                 "x", (Grad("x.shape", lambda g, shape, dim: g.unsqueeze(dim) if shape and shape[dim] == 1 else g),),
                 view=True)
SQUEEZE_DIMS = Op("SqueezeBackward2",
                  lambda x, dims: np.squeeze(x, tuple(d for d in dims if x.shape[d] == 1)) if x.ndim else x.view(),
                  "x", (Grad("x.shape", _reshape_grad),), view=True)


# the in-place forms are rows of their own: torch names their nodes UnsqueezeBackward1, SqueezeBackward3-5, ...
UNSQUEEZE_ = Op("UnsqueezeBackward1", UNSQUEEZE.forward, "x", UNSQUEEZE.grads)
SQUEEZE_ = Op("SqueezeBackward3", SQUEEZE.forward, "x", SQUEEZE.grads)
SQUEEZE_DIM_ = Op("SqueezeBackward4", SQUEEZE_DIM.forward, "x", SQUEEZE_DIM.grads)
SQUEEZE_DIMS_ = Op("SqueezeBackward5", SQUEEZE_DIMS.forward, "x", SQUEEZE_DIMS.grads)


@export("unsqueeze_", function=False)
def unsqueeze_(x, dim):
    return restride_inplace(x, UNSQUEEZE_, dim=wrap_dim(dim, x.ndim + 1))


@export("squeeze_", function=False)
def squeeze_(x, dim=None):
    if dim is None:
        return restride_inplace(x, SQUEEZE_)
    if isinstance(dim, (tuple, list)):
        return restride_inplace(x, SQUEEZE_DIMS_, dims=tuple(wrap_dim(d, x.ndim) for d in dim))
    return restride_inplace(x, SQUEEZE_DIM_, dim=wrap_dim(dim, x.ndim))


@export("unsqueeze")
def unsqueeze(x, dim):
    return apply(UNSQUEEZE, x, dim=wrap_dim(dim, x.ndim + 1))


@export("squeeze")
def squeeze(x, dim=None):
    if dim is None:
        return apply(SQUEEZE, x)
    if isinstance(dim, (tuple, list)):
        return apply(SQUEEZE_DIMS, x, dims=tuple(wrap_dim(d, x.ndim) for d in dim))
    return apply(SQUEEZE_DIM, x, dim=wrap_dim(dim, x.ndim))


TRANSPOSE = Op("TransposeBackward0", lambda x, dim0, dim1: np.swapaxes(x, dim0, dim1), "x",
               (Grad("", lambda g, dim0, dim1: g.transpose(dim0, dim1)),), view=True)
T = Op("TBackward0", lambda x: x.T, "x", (Grad("", lambda g: g.t()),), view=True)
PERMUTE = Op("PermuteBackward0", lambda x, dims: np.transpose(x, dims), "x",
             (Grad("", lambda g, dims: g.permute(*np.argsort(dims).tolist())),), view=True)


@export("transpose", "swapaxes")
def transpose(x, dim0, dim1):
    return apply(TRANSPOSE, x, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim))


@export("t")
def t(x):
    if x.ndim > 2:
        raise errors.GradcliError("t() expects a tensor with <= 2 dimensions, but self is %dD" % x.ndim)
    return apply(T, x)


TRANSPOSE_ = Op("TransposeBackward1", TRANSPOSE.forward, "x", TRANSPOSE.grads)
T_ = Op("TBackward1", T.forward, "x", T.grads)


@export("transpose_", "swapaxes_", function=False)
def transpose_(x, dim0, dim1):
    return restride_inplace(x, TRANSPOSE_, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim))


@export("t_", function=False)
def t_(x):
    if x.ndim > 2:
        raise errors.GradcliError("t_() expects a tensor with <= 2 dimensions, but self is %dD" % x.ndim)
    return restride_inplace(x, T_)


@export("permute")
def permute(x, *dims):
    dims = tuple(wrap_dim(d, x.ndim) for d in _size_args(dims))
    if len(dims) != x.ndim:
        raise errors.GradcliError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
            "desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d" % (x.ndim, len(dims)))
    if len(set(dims)) != len(dims):
        raise errors.GradcliError("permute(): duplicate dims are not allowed.")
    return apply(PERMUTE, x, dims=dims)


# ---------------------------------------------------------------- joining and splitting
_JOINS = {}


def _join_op(kind, n):
    """cat/stack of n tensors: one row per arity, each input's gradient the part of g it became."""
    key = (kind, n)
    if key not in _JOINS:
        if kind == "cat":
            grads = [Grad("", lambda g, dim, sizes, i=i: g.narrow(dim, sum(sizes[:i]), sizes[i])) for i in range(n)]
            _JOINS[key] = Op("CatBackward0", lambda *xs, dim, sizes: np.concatenate(xs, axis=dim),
                             " ".join("x%d" % i for i in range(n)), grads, promote="common")
        else:
            grads = [Grad("", lambda g, dim, i=i: g.select(dim, i)) for i in range(n)]
            _JOINS[key] = Op("StackBackward0", lambda *xs, dim: np.stack(xs, axis=dim),
                             " ".join("x%d" % i for i in range(n)), grads, promote="common")
    return _JOINS[key]


@export("cat", "concat", "concatenate", method=False)
def cat(tensors, dim=0):
    tensors = list(tensors)
    if not tensors:
        raise errors.value_error("torch.cat(): expected a non-empty list of Tensors")
    for i, x in enumerate(tensors):
        if x.ndim == 0:
            raise errors.GradcliError("zero-dimensional tensor (at position %d) cannot be concatenated" % i)
    first = tensors[0]
    dim = wrap_dim(dim, first.ndim)
    for i, x in enumerate(tensors[1:], 1):
        if x.ndim != first.ndim:
            raise errors.GradcliError("Tensors must have same number of dimensions: got %d and %d"
                                      % (first.ndim, x.ndim))
        for d in range(first.ndim):
            if d != dim and x.shape[d] != first.shape[d]:
                raise errors.GradcliError(
                    "Sizes of tensors must match except in dimension %d. Expected size %d but got size %d for "
                    "tensor number %d in the list." % (dim, first.shape[d], x.shape[d], i))
    limits.check_length(sum(x.numel() for x in tensors))
    return apply(_join_op("cat", len(tensors)), *tensors, dim=dim, sizes=tuple(x.shape[dim] for x in tensors))


@export("stack", method=False)
def stack(tensors, dim=0):
    tensors = list(tensors)
    if not tensors:
        raise errors.GradcliError("stack expects a non-empty TensorList")
    for i, x in enumerate(tensors[1:], 1):
        if x.shape != tensors[0].shape:
            raise errors.GradcliError("stack expects each tensor to be equal size, but got %s at entry 0 and %s at "
                                      "entry %d" % (shape_text(tensors[0].shape), shape_text(x.shape), i))
    limits.check_length(sum(x.numel() for x in tensors))
    return apply(_join_op("stack", len(tensors)), *tensors, dim=wrap_dim(dim, tensors[0].ndim + 1))


def _split_forward(x, dim, sizes):
    parts, start = [], 0
    for size in sizes:
        parts.append(x[(slice(None),) * dim + (slice(start, start + size),)])
        start += size
    return tuple(parts)


def _unbind_forward(x, dim):
    return tuple(x[(slice(None),) * dim + (i, Ellipsis)] for i in range(x.shape[dim]))


SPLIT = Op("SplitBackward0", _split_forward, "x", (Grad("", lambda gs, dim, sizes: cat(gs, dim)),), view=True)
SPLIT_WITH_SIZES = Op("SplitWithSizesBackward0", _split_forward, "x",
                      (Grad("", lambda gs, dim, sizes: cat(gs, dim)),), view=True)
UNBIND = Op("UnbindBackward0", _unbind_forward, "x", (Grad("", lambda gs, dim: stack(gs, dim)),), view=True)


@export("split")
def split(x, split_size_or_sections, dim=0):
    """Pieces of x along dim that share one SplitBackward0 (or SplitWithSizesBackward0) node."""
    dim = wrap_dim(dim, x.ndim)
    length = x.shape[dim]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = tuple(int(s) for s in split_size_or_sections)
        if sum(sizes) != length:
            raise errors.GradcliError(
                "split_with_sizes expects split_sizes to sum exactly to %d (input tensor's size at dimension %d), "
                "but got split_sizes=%s" % (length, dim, shape_text(sizes)))
        return apply(SPLIT_WITH_SIZES, x, dim=dim, sizes=sizes)
    size = int(split_size_or_sections)
    sizes = tuple(min(size, length - start) for start in range(0, length, size)) if length else (0,)
    return apply(SPLIT, x, dim=dim, sizes=sizes)


@export("chunk")
def chunk(x, chunks, dim=0):
    if chunks <= 0:
        raise errors.GradcliError("chunk expects `chunks` to be greater than 0, got: %d" % chunks)
    dim = wrap_dim(dim, x.ndim)
    size = -(-x.shape[dim] // chunks)
    return split(x, max(size, 1), dim)


@export("unbind")
def unbind(x, dim=0):
    if x.ndim == 0:
        raise errors.index_error(errors.DIM_RANGE % (-1, 0, dim))
    return apply(UNBIND, x, dim=wrap_dim(dim, x.ndim))


# ---------------------------------------------------------------- copies and conversions
COPY = Op("CopyBackwards", lambda x, src: np.broadcast_to(src, x.shape).astype(x.dtype), "x src",
          (Grad("", lambda g: g * 0), Grad("", lambda g: g)))


@export("copy_", function=False)
def copy_(x, src):
    """x's values replaced by src's (broadcast, cast to x's dtype); history CopyBackwards, as torch's."""
    if not isinstance(src, Tensor):
        src = Tensor._make(np.asarray(src, dtype=x.array.dtype))
    elif src.shape != x.shape:
        _expand_shape(src, x.shape)
    return rewrite_inplace(x, lambda: apply(COPY, x, src))


CLONE = Op("CloneBackward0", np.array, "x", (Grad("", lambda g: g),))  # keeps the layout, as torch's clone
CONTIGUOUS = Op("CloneBackward0", np.ascontiguousarray, "x", (Grad("", lambda g: g),))
TO_COPY = Op("ToCopyBackward0", lambda x, dtype: x.astype(dtype), "x",
             (Grad("x.dtype", lambda g, input_dtype, **_: g.to(input_dtype)),))


@export("clone")
def clone(x):
    return apply(CLONE, x)


@export("detach_", function=False)
def detach_(x):
    """x itself, cut from its history: a leaf that does not require grad (views refuse, as in torch)."""
    if x._view is not None:
        raise errors.GradcliError(errors.DETACH_VIEW_INPLACE)
    x._grad_fn, x._output_nr, x._requires_grad = None, 0, False
    return x


@export("contiguous", function=False)
def contiguous(x):
    return x if x.array.flags.c_contiguous else apply(CONTIGUOUS, x)


@export("is_contiguous", function=False)
def is_contiguous(x):
    return bool(x.array.flags.c_contiguous)


def _check_device(device):
    if Device(device).type != "cpu":
        raise errors.GradcliError("Torch not compiled with CUDA enabled", "AssertionError")


@export("to", function=False)
def to(x, *args, dtype=None, copy=False, device=None, **_):
    for a in args:
        if isinstance(a, dtypes.DType):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, (str, Device)):
            _check_device(a)
    if device is not None:
        _check_device(device)
    if dtype is None or (dtype is x.dtype and not copy):
        return x
    if x.requires_grad and not dtype.is_floating_point:
        with grad_mode.no_grad():
            return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))
    return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))


@export("cpu", function=False)
def cpu(x):
    return x


@export("cuda", function=False)
def cuda(x, device=None):
    _check_device("cuda")


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


# ---------------------------------------------------------------- repeat, flip
def _repeat_grad(g, shape, repeats):
    """Each input element was copied once per tile: view g as (r0, s0, r1, s1, ...) and sum over the r's."""
    padded = (1,) * (len(repeats) - len(shape)) + tuple(shape)
    tiled = [n for pair in zip(repeats, padded) for n in pair]
    return g.reshape(tiled).sum(dim=tuple(range(0, len(tiled), 2))).reshape(shape)


REPEAT = Op("RepeatBackward0", lambda x, repeats: np.tile(x, repeats), "x",
            (Grad("x.shape", lambda g, shape, repeats: _repeat_grad(g, shape, repeats)),))
FLIP = Op("FlipBackward0", lambda x, dims: np.flip(x, dims).copy(), "x", (Grad("", lambda g, dims: flip(g, dims)),))


@export("repeat", function=False)
def repeat(x, *repeats):
    repeats = _size_args(repeats)
    if len(repeats) < x.ndim:
        raise errors.GradcliError("Number of dimensions of repeat dims can not be smaller than number of "
                                  "dimensions of tensor")
    padded = (1,) * (len(repeats) - x.ndim) + tuple(x.shape)
    limits.check_numel([r * n for r, n in zip(repeats, padded)], "the result")
    return apply(REPEAT, x, repeats=repeats)


@export("flip")
def flip(x, *dims):
    """flip(x, [0, 1]), x.flip(0, 1) and x.flip(0) name the dims to reverse."""
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = dims[0]
    return apply(FLIP, x, dims=tuple(wrap_dim(d, x.ndim) for d in dims))


# ---------------------------------------------------------------- triangles and diagonals
TRIL = Op("TrilBackward0", lambda x, diagonal: np.tril(x, diagonal), "x",
          (Grad("", lambda g, diagonal: tril(g, diagonal)),))
TRIU = Op("TriuBackward0", lambda x, diagonal: np.triu(x, diagonal), "x",
          (Grad("", lambda g, diagonal: triu(g, diagonal)),))


@export("tril")
def tril(x, diagonal=0):
    _check_matrix(x, "tril")
    return apply(TRIL, x, diagonal=diagonal)


@export("triu")
def triu(x, diagonal=0):
    _check_matrix(x, "triu")
    return apply(TRIU, x, diagonal=diagonal)


def _check_matrix(x, name):
    if x.ndim < 2:
        raise errors.GradcliError("%s: input tensor must have at least 2 dimensions" % name)


def _diagonal_into(g, shape, offset):
    """A matrix of `shape`, zero but for g on its `offset` diagonal."""
    out = np.zeros(shape, dtype=g.dtype)
    rows = np.arange(g.shape[0]) + max(-offset, 0)
    out[rows, rows + offset] = g
    return out


# torch.diag is diagonal (of a matrix) or diag_embed (of a vector); torch 2.13 names the first node with its
# functionalization suffix
DIAGONAL = Op("DiagonalBackward0_copy", lambda x, offset: np.diagonal(x, offset).copy(), "x",
              (Grad("x.shape", lambda g, shape, offset: apply(DIAGONAL_BACKWARD, g, shape=shape, offset=offset)),))
DIAGONAL_BACKWARD = Op("DiagonalBackwardBackward0", _diagonal_into, "g",
                       (Grad("", lambda gg, shape, offset: apply(DIAGONAL, gg, offset=offset)),))
DIAG_EMBED = Op("DiagEmbedBackward0", lambda v, offset: np.diag(v, offset), "v",
                (Grad("", lambda g, offset: apply(DIAGONAL, g, offset=offset)),))


@export("diag")
def diag(x, diagonal=0):
    if x.ndim == 1:
        n = x.shape[0] + abs(diagonal)
        limits.check_numel((n, n), "the result")
        return apply(DIAG_EMBED, x, offset=diagonal)
    if x.ndim == 2:
        return apply(DIAGONAL, x, offset=diagonal)
    raise errors.GradcliError("diag(): Supports 1D or 2D tensors. Got %dD" % x.ndim)


# ---------------------------------------------------------------- compositions of the above, as torch composes them
@export("numel", method=False)
def numel(x):
    return x.numel()


@export("broadcast_to")
def broadcast_to(x, size):
    return expand(x, *size)


@export("tile")
def tile(x, dims):
    """repeat, with the dims padded by leading 1s to the tensor's rank."""
    dims = tuple(dims)
    return repeat(x, *((1,) * (x.ndim - len(dims)) + dims))


@export("vstack", method=False)
def vstack(tensors):
    return cat([t.unsqueeze(0) if t.ndim == 1 else t for t in tensors], 0)


@export("hstack", method=False)
def hstack(tensors):
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


@export("diff")
def diff(x, n=1, dim=-1):
    """x[1:] - x[:-1] along dim (SubBackward0 over two SliceBackward0), n times."""
    for _ in range(n):
        length = x.shape[wrap_dim(dim, x.ndim)]
        x = x.narrow(dim, 1, length - 1) - x.narrow(dim, 0, length - 1)
    return x


ROLL = Op("RollBackward0", lambda x, shifts, dims: np.roll(x, shifts, axis=dims), "x",
          (Grad("", lambda g, shifts, dims: apply(ROLL, g, shifts=_negated(shifts), dims=dims)),))


def _negated(shifts):
    return tuple(-s for s in shifts) if isinstance(shifts, tuple) else -shifts


@export("roll")
def roll(x, shifts, dims=None):
    """Elements shifted along dims (wrapping around); without dims, over the flattened tensor."""
    if isinstance(shifts, (list, tuple)):
        shifts = tuple(shifts)
    if isinstance(dims, (list, tuple)):
        dims = tuple(wrap_dim(d, x.ndim) for d in dims)
    elif dims is not None:
        dims = wrap_dim(dims, x.ndim)
    return apply(ROLL, x, shifts=shifts, dims=dims)
