"""Views and shape changes, copies and dtype conversion.

View rows are marked `view=True`: their outputs share the input's memory and version counter and know how they
were cut from their base (bind.ViewInfo). Indexing lives in indexing.py.
"""

import numpy as np

from ..bind import apply
from ..fastpath import broadcast_view, formula_arrays
from ..inplace import restride_inplace, rewrite_inplace
from ..table import formula_helper, front_door, row, variant
from ...base import dtypes, errors, grad_mode
from ...core import limits
from ...core.meta import meta_array, refuse_copy_out
from ...core.tensor import Device, Tensor, require_cpu, shape_text, to_numpy_dtype, wrap_dim


def int_list(given, function, parameter="size", position=2):
    """The ints of a `tuple of ints` argument, given one by one (`f(2, 3)`) or as one sequence (`f((2, 3))`), or
    torch's parser's refusal. It checks a sequence's first element only, then unpacks the rest (`(2, 'a')`
    "failed to unpack the object at pos 2", counted from 1), and takes sizes one by one after an int.
    `position` is the argument's (a function's numbering: a method's call says one less), None for a keyword."""
    values = given[0] if len(given) == 1 and isinstance(given[0], (tuple, list)) else given
    for value in values:  # the common case, plain ints, passes every check as it is
        if value.__class__ is not int:
            break
    else:
        return tuple(values)
    where = "argument '%s'%s" % (parameter, " (position %d)" % position if position else "")
    if len(given) == 1 and isinstance(given[0], (tuple, list)):
        values = tuple(given[0])
        if values and not _index(values[0], first=True):
            raise errors.type_error("%s(): %s must be tuple of ints, %s" % (function, where, "not tuple" if not position
                                    else "but found element of type %s at pos 0" % type(values[0]).__name__))
    elif len(given) > 1 and not _index(given[0], first=True):  # (Python's refusal: lang.sandbox.arguments words it)
        raise TypeError("%s() takes 1 positional argument but %d were given" % (function, len(given)))
    elif given and not _index(given[0], first=True):
        raise errors.type_error("%s(): %s must be tuple of ints, not %s" % (function, where, type(given[0]).__name__))
    else:
        values = tuple(given)
    for i, value in enumerate(values):
        if not _index(value, first=False):
            raise errors.type_error('%s(): argument \'%s\' failed to unpack the object at pos %d with error "type '
                                    'must be tuple of ints,but got %s"' % (function, parameter, i + 1,
                                                                           type(value).__name__))
    return tuple(int(np.asarray(v)) if hasattr(type(v), "__array__") else int(v) for v in values)


def _index(value, first):
    """An int to torch's parser: a Python or numpy int, a 0-d integral tensor or numpy array (a bool too, but
    not first)."""
    if isinstance(value, Tensor):
        return value.ndim == 0 and not value.dtype.is_floating_point
    if hasattr(type(value), "__array__") and not isinstance(value, np.generic):  # (numpy's __index__ for 0-d)
        array = np.asarray(value)
        return array.ndim == 0 and array.dtype.kind in "iu"
    return isinstance(value, (int, np.integer)) and not (first and isinstance(value, (bool, np.bool_)))


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
    return apply(VIEW, x, size=_infer_shape(int_list(shape, "view"), x.numel()))


@front_door("reshape")
def reshape(x, *shape):
    """torch's names follow the memory layout: a view of contiguous memory, an alias of strided memory that
    can still be viewed, or else a copy (CloneBackward0 under UnsafeViewBackward0)."""
    shape = _infer_shape(int_list(shape, "reshape", "shape"), x.numel())
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


@front_door("unflatten")
def unflatten(x, dim, sizes):
    """Dim `dim` viewed as the shape `sizes` (one of them may be -1)."""
    d = wrap_dim(dim, x.ndim)
    sizes = tuple(int(s) for s in sizes)
    if not sizes:
        raise errors.GradcliError("unflatten: sizes must be non-empty")
    inner = _infer_shape(sizes, x.shape[d]) if -1 in sizes else sizes
    if int(np.prod(inner)) != x.shape[d]:
        raise errors.GradcliError("unflatten: Provided sizes %s don't multiply up to the size of dim %d (%d) in "
                                  "the input tensor" % (shape_text(sizes), dim, x.shape[d]))
    return view(x, x.shape[:d] + inner + x.shape[d + 1:])


def _expand_shape(x, sizes):
    sizes = int_list(sizes, "expand")
    x_shape = x.array.shape
    lead = len(sizes) - len(x_shape)
    if lead < 0:
        raise errors.GradcliError(
            "expand(%s{%s}, size=%s): the number of sizes provided (%d) must be greater or equal to the number "
            "of dimensions in the tensor (%d)" % (x.dtype.legacy_name, shape_text(x.shape), shape_text(sizes), len(sizes),
                                                  x.ndim))
    if x_shape == sizes[lead:] and -1 not in sizes:  # new leading dims only (a 0-d tensor's): nothing to check
        limits.check_numel(sizes)
        return sizes
    shape = []
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
                self="grad.squeeze(dim)")
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
                view=True, self="grad.transpose(dim0, dim1)")


def _t_backward(grad):
    """grad.t(); in a formula without create_graph, the transposed array itself (fastpath 5)."""
    arrays = formula_arrays(grad)
    return grad.t() if arrays is None else Tensor._make(arrays[0].T)


T = row("t", "TBackward0", lambda self: self.T, "self", view=True, self=("grad.t()", _t_backward))


@formula_helper
def permute_backwards(grad, dims):
    """The gradient of permute(dims): grad permuted back by the inverse permutation."""
    return grad.permute(*np.argsort(dims).tolist())


PERMUTE = row("permute", "PermuteBackward0", lambda self, dims: np.transpose(self, dims), "self", view=True,
              self="permute_backwards(grad, dims)")


@front_door("transpose", "swapaxes")
def transpose(x, dim0, dim1):
    return apply(TRANSPOSE, x, dim0=wrap_dim(dim0, x.ndim), dim1=wrap_dim(dim1, x.ndim))


@front_door("t")
def t(x):
    if x.array.ndim > 2:
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
    dims = tuple(wrap_dim(d, x.ndim) for d in int_list(dims, "permute", "dims"))
    if len(dims) != x.ndim:
        raise errors.GradcliError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
            "desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d" % (x.ndim, len(dims)))
    if len(set(dims)) != len(dims):
        raise errors.GradcliError("permute(): duplicate dims are not allowed.")
    return apply(PERMUTE, x, dims=dims)


@front_door("movedim", "moveaxis")
def movedim(x, source, destination):
    """The dims at `source` moved to `destination`, the others keeping their order (a permute)."""
    source = (source,) if isinstance(source, int) else tuple(source)
    destination = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(source) != len(destination):
        raise errors.GradcliError("movedim: Invalid source or destination dims: source (%s dims) should contain the "
                                  "same number of dims as destination (%s dims)" % (list(source), list(destination)))
    source = [wrap_dim(d, x.ndim) for d in source]
    destination = [wrap_dim(d, x.ndim) for d in destination]
    order = [None] * x.ndim
    for s, d in zip(source, destination):
        order[d] = s
    rest = iter(d for d in range(x.ndim) if d not in source)
    return x.permute(*[o if o is not None else next(rest) for o in order])


# ---------------------------------------------------------------- copies and conversions
COPY = row("copy_", "CopyBackwards", lambda self, src: np.broadcast_to(src, self.shape).astype(self.dtype),
           "self src", self=("zeros_like(grad)", lambda grad: grad * 0), src="grad")


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
            self="grad")
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


@front_door("to", function=False)
def to(x, *args, dtype=None, copy=False, device=None, **_):
    for a in args:
        if isinstance(a, dtypes.DType):
            dtype = a
        elif isinstance(a, Tensor):
            dtype, device = a.dtype, a.device
        elif isinstance(a, (str, Device)):
            device = a
    if device is not None and Device(device) != x.device:
        x = _moved(x, Device(device))
    if dtype is None or (dtype is x.dtype and not copy):
        return x
    if x.requires_grad and not dtype.is_floating_point:
        with grad_mode.no_grad():
            return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))
    return apply(TO_COPY, x, dtype=to_numpy_dtype(dtype))


def _moved(x, device):
    """x on another device: to `meta` its shape and dtype (ToCopyBackward0 as torch records it); off `meta` there
    are no values to copy."""
    if device.type == "meta":
        if not x.requires_grad:
            return Tensor._make(meta_array(x.array.shape, x.array.dtype))
        moved = apply(TO_COPY, x, dtype=x.array.dtype)  # (its node; the copy, of x's size, is let go)
        moved.array = meta_array(x.array.shape, x.array.dtype)
        return moved
    require_cpu(device)
    if x.is_meta:
        refuse_copy_out()
    return x


@front_door("cpu", function=False)
def cpu(x):
    if x.is_meta:
        refuse_copy_out()
    return x


@front_door("cuda", function=False)
def cuda(x, device=None):
    require_cpu("cuda")


@front_door("type", function=False)
def type_(x, dtype=None):
    """x.type(): its legacy type name; x.type(dtype), x.type('torch.DoubleTensor') or x.type(torch.DoubleTensor):
    x converted."""
    if dtype is None:
        return x.dtype.legacy_name
    if isinstance(dtype, str):
        named = next((d for d in dtypes.ALL if d.legacy_name == dtype), None)
        if named is None:
            if dtype.startswith("torch.cuda."):
                require_cpu("cuda")
            raise errors.value_error("invalid type: '%s'" % dtype)
        dtype = named
    elif not isinstance(dtype, dtypes.DType):
        dtype = getattr(dtype, "dtype", dtype)  # a legacy constructor (torch.DoubleTensor)
    return to(x, dtype)


def _converter(dtype):
    def convert(x):
        return to(x, dtype)
    return convert


for _name, _dtype in (("float", dtypes.float32), ("double", dtypes.float64), ("half", dtypes.float16),
                      ("long", dtypes.int64), ("int", dtypes.int32), ("short", dtypes.int16),
                      ("bool", dtypes.bool_), ("byte", dtypes.uint8), ("char", dtypes.int8)):
    front_door(_name, function=False)(_converter(_dtype))


@front_door("result_type", method=False)
def result_type(tensor, other):
    """The dtype torch's promotion gives tensor and other (a tensor or a Python number)."""
    from ..bind import result_dtype
    numbers = (bool, int, float, complex)  # (result_type(Number scalar1, Number scalar2) is torch's too)
    if not all(isinstance(value, (Tensor,) + numbers) for value in (tensor, other)):
        raise TypeError("result_type() takes tensors and numbers")  # (the sandbox says it in torch's words)
    return result_dtype([tensor, other])


@front_door("type_as", function=False)
def type_as(x, other):
    """x converted to other's dtype (x itself when they share it)."""
    if not isinstance(other, Tensor):
        raise errors.type_error("type_as(): argument 'other' (position 1) must be Tensor, not %s"
                                % type(other).__name__)
    return to(x, other.dtype)


@front_door("numel", method=False)
def numel(x):
    return x.numel()


@front_door("broadcast_to")
def broadcast_to(x, size):
    return expand(x, *size)
