"""Views, shape changes, joining and splitting, copies and dtype conversion.

View rows are marked `view=True`: their outputs share the input's memory and version counter and know how they
were cut from their base (bind.ViewInfo). Indexing lives in indexing.py.
"""

import numpy as np

from .bind import apply
from .fastpath import broadcast_view
from .inplace import restride_inplace, rewrite_inplace
from .table import formula_helper, front_door, row, variant
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


def _view_forward(self, size):
    view = self.reshape(size)  # a view whenever the strides can express the new shape, else a copy
    if not self.flags.c_contiguous and self.size and not np.may_share_memory(view, self):
        raise errors.GradcliError(errors.VIEW_NOT_COMPATIBLE)
    return view


_RESHAPED_BACK = ("grad.reshape(self.shape)", lambda grad, self_shape: grad.reshape(self_shape))
VIEW = row("view", "ViewBackward0", _view_forward, "self", view=True, self=_RESHAPED_BACK)
RESHAPE_ALIAS = row("_reshape_alias", "ReshapeAliasBackward0", _view_forward, "self", view=True, self=_RESHAPED_BACK)
UNSAFE_VIEW = row("_unsafe_view", "UnsafeViewBackward0", lambda self, size: self.reshape(size), "self",
                  self=_RESHAPED_BACK)


@front_door("view", function=False)
def view(x, *shape):
    if len(shape) == 1 and isinstance(shape[0], dtypes.DType):
        raise errors.GradcliError("view(dtype) is not supported")
    return apply(VIEW, x, size=_infer_shape(_size_args(shape), x.numel()))


@front_door("reshape")
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


@front_door("view_as", function=False)
def view_as(x, other):
    return view(x, other.shape)


@front_door("reshape_as", function=False)
def reshape_as(x, other):
    return reshape(x, other.shape)


@front_door("flatten")
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


EXPAND = row("expand", "ExpandBackward0", broadcast_view, "self", view=True,
             self=("grad.sum_to_size(self.shape)", lambda grad, self_shape: grad.sum_to_size(self_shape)))


@front_door("expand", function=False)
def expand(x, *sizes):
    return apply(EXPAND, x, size=_expand_shape(x, sizes))


@front_door("expand_as", function=False)
def expand_as(x, other):
    return expand(x, other.shape)


@formula_helper
def unsqueeze_to(grad, dim, sizes):
    """The gradient of squeeze(dim): the squeezed dim put back if it was removed (a size-1 dim)."""
    return grad.unsqueeze(dim) if sizes and sizes[dim] == 1 else grad


UNSQUEEZE = row("unsqueeze", "UnsqueezeBackward0", lambda self, dim: np.expand_dims(self, dim), "self", view=True,
                self=("grad.squeeze(dim)", lambda grad, dim: grad.squeeze(dim)))
SQUEEZE = row("squeeze", "SqueezeBackward0", lambda self: np.squeeze(self) if self.ndim else self.view(), "self",
              view=True, self=_RESHAPED_BACK)
SQUEEZE_DIM = row("squeeze.dim", "SqueezeBackward1",
                  lambda self, dim: np.squeeze(self, dim) if self.ndim and self.shape[dim] == 1 else self.view(),
                  "self", view=True, self=("unsqueeze_to(grad, dim, self.shape)",
                                           lambda grad, self_shape, dim: unsqueeze_to(grad, dim, self_shape)))
SQUEEZE_DIMS = row("squeeze.dims", "SqueezeBackward2",
                   lambda self, dims: np.squeeze(self, tuple(d for d in dims if self.shape[d] == 1)) if self.ndim
                   else self.view(), "self", view=True, self=_RESHAPED_BACK)

# the in-place forms are rows of their own: torch names their nodes UnsqueezeBackward1, SqueezeBackward3-5, ...
UNSQUEEZE_ = variant(UNSQUEEZE, "unsqueeze_", "UnsqueezeBackward1")
SQUEEZE_ = variant(SQUEEZE, "squeeze_", "SqueezeBackward3")
SQUEEZE_DIM_ = variant(SQUEEZE_DIM, "squeeze_.dim", "SqueezeBackward4")
SQUEEZE_DIMS_ = variant(SQUEEZE_DIMS, "squeeze_.dims", "SqueezeBackward5")


@front_door("unsqueeze_", function=False)
def unsqueeze_(x, dim):
    return restride_inplace(x, UNSQUEEZE_, dim=wrap_dim(dim, x.ndim + 1))


@front_door("squeeze_", function=False)
def squeeze_(x, dim=None):
    if dim is None:
        return restride_inplace(x, SQUEEZE_)
    if isinstance(dim, (tuple, list)):
        return restride_inplace(x, SQUEEZE_DIMS_, dims=tuple(wrap_dim(d, x.ndim) for d in dim))
    return restride_inplace(x, SQUEEZE_DIM_, dim=wrap_dim(dim, x.ndim))


@front_door("unsqueeze")
def unsqueeze(x, dim):
    return apply(UNSQUEEZE, x, dim=wrap_dim(dim, x.ndim + 1))


@front_door("squeeze")
def squeeze(x, dim=None):
    if dim is None:
        return apply(SQUEEZE, x)
    if isinstance(dim, (tuple, list)):
        return apply(SQUEEZE_DIMS, x, dims=tuple(wrap_dim(d, x.ndim) for d in dim))
    return apply(SQUEEZE_DIM, x, dim=wrap_dim(dim, x.ndim))


TRANSPOSE = row("transpose.int", "TransposeBackward0", lambda self, dim0, dim1: np.swapaxes(self, dim0, dim1), "self",
                view=True, self=("grad.transpose(dim0, dim1)", lambda grad, dim0, dim1: grad.transpose(dim0, dim1)))
T = row("t", "TBackward0", lambda self: self.T, "self", view=True, self=("grad.t()", lambda grad: grad.t()))


@formula_helper
def permute_backwards(grad, dims):
    """The gradient of permute(dims): grad permuted back by the inverse permutation."""
    return grad.permute(*np.argsort(dims).tolist())


PERMUTE = row("permute", "PermuteBackward0", lambda self, dims: np.transpose(self, dims), "self", view=True,
              self=("permute_backwards(grad, dims)", lambda grad, dims: permute_backwards(grad, dims)))


@front_door("transpose", "swapaxes")
def transpose(x, dim0, dim1):
    return apply(TRANSPOSE, x, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim))


@front_door("t")
def t(x):
    if x.ndim > 2:
        raise errors.GradcliError("t() expects a tensor with <= 2 dimensions, but self is %dD" % x.ndim)
    return apply(T, x)


TRANSPOSE_ = variant(TRANSPOSE, "transpose_", "TransposeBackward1")
T_ = variant(T, "t_", "TBackward1")


@front_door("transpose_", "swapaxes_", function=False)
def transpose_(x, dim0, dim1):
    return restride_inplace(x, TRANSPOSE_, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim))


@front_door("t_", function=False)
def t_(x):
    if x.ndim > 2:
        raise errors.GradcliError("t_() expects a tensor with <= 2 dimensions, but self is %dD" % x.ndim)
    return restride_inplace(x, T_)


@front_door("permute")
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
# each operand's gradient is the part of grad it became (i: the operand's position)
CAT = row("cat", "CatBackward0", lambda *tensors, dim, sizes: np.concatenate(tensors, axis=dim), "*tensors",
          promote="common", tensors=("grad.narrow(dim, sum(sizes[:i]), sizes[i])",
                                     lambda grad, i, dim, sizes: grad.narrow(dim, sum(sizes[:i]), sizes[i])))
STACK = row("stack", "StackBackward0", lambda *tensors, dim: np.stack(tensors, axis=dim), "*tensors",
            promote="common", tensors=("grad.select(dim, i)", lambda grad, i, dim: grad.select(dim, i)))


@front_door("cat", "concat", "concatenate", method=False)
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
    return apply(CAT.with_arity(len(tensors)), *tensors, dim=dim, sizes=tuple(x.shape[dim] for x in tensors))


@front_door("stack", method=False)
def stack(tensors, dim=0):
    tensors = list(tensors)
    if not tensors:
        raise errors.GradcliError("stack expects a non-empty TensorList")
    for i, x in enumerate(tensors[1:], 1):
        if x.shape != tensors[0].shape:
            raise errors.GradcliError("stack expects each tensor to be equal size, but got %s at entry 0 and %s at "
                                      "entry %d" % (shape_text(tensors[0].shape), shape_text(x.shape), i))
    limits.check_length(sum(x.numel() for x in tensors))
    return apply(STACK.with_arity(len(tensors)), *tensors, dim=wrap_dim(dim, tensors[0].ndim + 1))


def _split_forward(self, dim, sizes):
    parts, start = [], 0
    for size in sizes:
        parts.append(self[(slice(None),) * dim + (slice(start, start + size),)])
        start += size
    return tuple(parts)


def _unbind_forward(self, dim):
    return tuple(self[(slice(None),) * dim + (i, Ellipsis)] for i in range(self.shape[dim]))


def _zeros_for_missing(grads, shapes, like):
    return [g if g is not None else Tensor._make(np.zeros(shape, like.array.dtype)) for g, shape in zip(grads, shapes)]


@formula_helper
def split_backward(grads, sizes, dim, input_sizes):
    """The pieces' gradients joined back along dim (zeros for a piece no gradient reached)."""
    like = next(g for g in grads if g is not None)
    shapes = [tuple(input_sizes[:dim]) + (size,) + tuple(input_sizes[dim + 1:]) for size in sizes]
    return cat(_zeros_for_missing(grads, shapes, like), dim)


@formula_helper
def unbind_backward(grads, dim, input_sizes):
    """The slices' gradients stacked back along dim (zeros for a slice no gradient reached)."""
    like = next(g for g in grads if g is not None)
    shape = tuple(input_sizes[:dim]) + tuple(input_sizes[dim + 1:])
    return stack(_zeros_for_missing(grads, [shape] * len(grads), like), dim)


# several outputs: `grads` is the tuple of their gradients
_JOINED_BACK = ("split_backward(grads, sizes, dim, self.shape)",
                lambda grads, self_shape, dim, sizes: split_backward(grads, sizes, dim, self_shape))
SPLIT = row("split.Tensor", "SplitBackward0", _split_forward, "self", view=True, self=_JOINED_BACK)
SPLIT_WITH_SIZES = row("split_with_sizes", "SplitWithSizesBackward0", _split_forward, "self", view=True,
                       self=_JOINED_BACK)
UNBIND = row("unbind.int", "UnbindBackward0", _unbind_forward, "self", view=True,
             self=("unbind_backward(grads, dim, self.shape)",
                   lambda grads, self_shape, dim: unbind_backward(grads, dim, self_shape)))


@front_door("split")
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


@front_door("chunk")
def chunk(x, chunks, dim=0):
    if chunks <= 0:
        raise errors.GradcliError("chunk expects `chunks` to be greater than 0, got: %d" % chunks)
    dim = wrap_dim(dim, x.ndim)
    size = -(-x.shape[dim] // chunks)
    return split(x, max(size, 1), dim)


@front_door("unbind")
def unbind(x, dim=0):
    if x.ndim == 0:
        raise errors.index_error(errors.DIM_RANGE % (-1, 0, dim))
    return apply(UNBIND, x, dim=wrap_dim(dim, x.ndim))


# ---------------------------------------------------------------- copies and conversions
COPY = row("copy_", "CopyBackwards", lambda self, src: np.broadcast_to(src, self.shape).astype(self.dtype),
           "self src", self=("zeros_like(grad)", lambda grad: grad * 0), src=("grad", lambda grad: grad))


@front_door("copy_", function=False)
def copy_(x, src):
    """x's values replaced by src's (broadcast, cast to x's dtype); history CopyBackwards, as torch's."""
    if not isinstance(src, Tensor):
        src = Tensor._make(np.asarray(src, dtype=x.array.dtype))
    elif src.shape != x.shape:
        _expand_shape(src, x.shape)
    return rewrite_inplace(x, lambda: apply(COPY, x, src))


# clone keeps the layout, as torch's does; contiguous() is clone(memory_format=torch.contiguous_format)
CLONE = row("clone", "CloneBackward0",
            lambda self, contiguous=False: np.ascontiguousarray(self) if contiguous else np.array(self), "self",
            self=("grad", lambda grad: grad))
TO_COPY = row("_to_copy", "ToCopyBackward0", lambda self, dtype: self.astype(dtype), "self",
              self=("grad.to(self.dtype)", lambda grad, self_dtype: grad.to(self_dtype)))


@front_door("clone")
def clone(x):
    return apply(CLONE, x)


@front_door("detach_", function=False)
def detach_(x):
    """x itself, cut from its history: a leaf that does not require grad (views refuse, as in torch)."""
    if x._view is not None:
        raise errors.GradcliError(errors.DETACH_VIEW_INPLACE)
    x._grad_fn, x._output_nr, x._requires_grad = None, 0, False
    return x


@front_door("contiguous", function=False)
def contiguous(x):
    return x if x.array.flags.c_contiguous else apply(CLONE, x, contiguous=True)


@front_door("is_contiguous", function=False)
def is_contiguous(x):
    return bool(x.array.flags.c_contiguous)


def _check_device(device):
    if Device(device).type != "cpu":
        raise errors.GradcliError("Torch not compiled with CUDA enabled", "AssertionError")


@front_door("to", function=False)
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


@front_door("cpu", function=False)
def cpu(x):
    return x


@front_door("cuda", function=False)
def cuda(x, device=None):
    _check_device("cuda")


@front_door("type", function=False)
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
    front_door(_name, function=False)(_converter(_dtype))


# ---------------------------------------------------------------- repeat, flip
@formula_helper
def repeat_backward(grad, repeats, sizes):
    """Each input element was copied once per tile: view grad as (r0, s0, r1, s1, ...) and sum over the r's."""
    padded = (1,) * (len(repeats) - len(sizes)) + tuple(sizes)
    tiled = [n for pair in zip(repeats, padded) for n in pair]
    return grad.reshape(tiled).sum(dim=tuple(range(0, len(tiled), 2))).reshape(sizes)


REPEAT = row("repeat", "RepeatBackward0", lambda self, repeats: np.tile(self, repeats), "self",
             self=("repeat_backward(grad, repeats, self.shape)",
                   lambda grad, self_shape, repeats: repeat_backward(grad, repeats, self_shape)))
FLIP = row("flip", "FlipBackward0", lambda self, dims: np.flip(self, dims).copy(), "self",
           self=("grad.flip(dims)", lambda grad, dims: flip(grad, dims)))


@front_door("repeat", function=False)
def repeat(x, *repeats):
    repeats = _size_args(repeats)
    if len(repeats) < x.ndim:
        raise errors.GradcliError("Number of dimensions of repeat dims can not be smaller than number of "
                                  "dimensions of tensor")
    padded = (1,) * (len(repeats) - x.ndim) + tuple(x.shape)
    limits.check_numel([r * n for r, n in zip(repeats, padded)], "the result")
    return apply(REPEAT, x, repeats=repeats)


@front_door("flip")
def flip(x, *dims):
    """flip(x, [0, 1]), x.flip(0, 1) and x.flip(0) name the dims to reverse."""
    if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
        dims = dims[0]
    return apply(FLIP, x, dims=tuple(wrap_dim(d, x.ndim) for d in dims))


# ---------------------------------------------------------------- triangles and diagonals
TRIL = row("tril", "TrilBackward0", lambda self, diagonal: np.tril(self, diagonal), "self",
           self=("grad.tril(diagonal)", lambda grad, diagonal: tril(grad, diagonal)))
TRIU = row("triu", "TriuBackward0", lambda self, diagonal: np.triu(self, diagonal), "self",
           self=("grad.triu(diagonal)", lambda grad, diagonal: triu(grad, diagonal)))


@front_door("tril")
def tril(x, diagonal=0):
    _check_matrix(x, "tril")
    return apply(TRIL, x, diagonal=diagonal)


@front_door("triu")
def triu(x, diagonal=0):
    _check_matrix(x, "triu")
    return apply(TRIU, x, diagonal=diagonal)


def _check_matrix(x, name):
    if x.ndim < 2:
        raise errors.GradcliError("%s: input tensor must have at least 2 dimensions" % name)


def _diagonal_into(grad_output, input_sizes, offset):
    """A matrix of `input_sizes`, zero but for grad_output on its `offset` diagonal."""
    out = np.zeros(input_sizes, dtype=grad_output.dtype)
    rows = np.arange(grad_output.shape[0]) + max(-offset, 0)
    out[rows, rows + offset] = grad_output
    return out


@formula_helper
def diagonal_backward(grad, input_sizes, offset):
    """The gradient of a matrix's diagonal: zeros with grad on that diagonal."""
    return apply(DIAGONAL_BACKWARD, grad, input_sizes=input_sizes, offset=offset)


def diagonal_copy(x, offset):
    return apply(DIAGONAL, x, offset=offset)


# torch.diag is diagonal (of a matrix) or diag_embed (of a vector); torch 2.13 names the first node with its
# functionalization suffix
DIAGONAL = row("diagonal_copy", "DiagonalBackward0_copy", lambda self, offset: np.diagonal(self, offset).copy(), "self",
               self=("diagonal_backward(grad, self.shape, offset)",
                     lambda grad, self_shape, offset: diagonal_backward(grad, self_shape, offset)))
DIAGONAL_BACKWARD = row("diagonal_backward", "DiagonalBackwardBackward0", _diagonal_into, "grad_output",
                        grad_output=("torch.diag(grad, offset)", lambda grad, offset: diagonal_copy(grad, offset)))
DIAG_EMBED = row("diag_embed", "DiagEmbedBackward0", lambda self, offset: np.diag(self, offset), "self",
                 self=("torch.diag(grad, offset)", lambda grad, offset: diagonal_copy(grad, offset)))


@front_door("diag")
def diag(x, diagonal=0):
    if x.ndim == 1:
        n = x.shape[0] + abs(diagonal)
        limits.check_numel((n, n), "the result")
        return apply(DIAG_EMBED, x, offset=diagonal)
    if x.ndim == 2:
        return apply(DIAGONAL, x, offset=diagonal)
    raise errors.GradcliError("diag(): Supports 1D or 2D tensors. Got %dD" % x.ndim)


# ---------------------------------------------------------------- compositions of the above, as torch composes them
@front_door("numel", method=False)
def numel(x):
    return x.numel()


@front_door("broadcast_to")
def broadcast_to(x, size):
    return expand(x, *size)


@front_door("tile")
def tile(x, dims):
    """repeat, with the dims padded by leading 1s to the tensor's rank."""
    dims = tuple(dims)
    return repeat(x, *((1,) * (x.ndim - len(dims)) + dims))


@front_door("vstack", method=False)
def vstack(tensors):
    return cat([t.unsqueeze(0) if t.ndim == 1 else t for t in tensors], 0)


@front_door("hstack", method=False)
def hstack(tensors):
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


@front_door("diff")
def diff(x, n=1, dim=-1):
    """x[1:] - x[:-1] along dim (SubBackward0 over two SliceBackward0), n times."""
    for _ in range(n):
        length = x.shape[wrap_dim(dim, x.ndim)]
        x = x.narrow(dim, 1, length - 1) - x.narrow(dim, 0, length - 1)
    return x


@formula_helper
def negated(shifts):
    """-shifts, for one shift or a tuple of them."""
    return tuple(-s for s in shifts) if isinstance(shifts, tuple) else -shifts


ROLL = row("roll", "RollBackward0", lambda self, shifts, dims: np.roll(self, shifts, axis=dims), "self",
           self=("grad.roll(negated(shifts), dims)",
                 lambda grad, shifts, dims: apply(ROLL, grad, shifts=negated(shifts), dims=dims)))


@front_door("roll")
def roll(x, shifts, dims=None):
    """Elements shifted along dims (wrapping around); without dims, over the flattened tensor."""
    if isinstance(shifts, (list, tuple)):
        shifts = tuple(shifts)
    if isinstance(dims, (list, tuple)):
        dims = tuple(wrap_dim(d, x.ndim) for d in dims)
    elif dims is not None:
        dims = wrap_dim(dims, x.ndim)
    return apply(ROLL, x, shifts=shifts, dims=dims)
