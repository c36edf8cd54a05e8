"""Joining and splitting: cat, stack, split, chunk, unbind, vstack/hstack, meshgrid, broadcast_tensors."""

import numpy as np

from ..bind import apply
from ..table import formula_helper, front_door, row
from ...base import errors
from ...core import limits
from ...core.tensor import Tensor, shape_text, wrap_dim


# each operand's gradient is the part of grad it became (i: the operand's position)
CAT = row("cat", "CatBackward0", lambda *tensors, dim, sizes: np.concatenate(tensors, axis=dim), "*tensors",
          promote="common", tensors="grad.narrow(dim, sum(sizes[:i]), sizes[i])")
STACK = row("stack", "StackBackward0", lambda *tensors, dim: np.stack(tensors, axis=dim), "*tensors",
            promote="common", tensors="grad.select(dim, i)")


def _tensor_list(name, tensors):
    """The tensors of a `tuple of Tensors` argument, as torch's parser takes them: a list or tuple of tensors."""
    if not isinstance(tensors, (list, tuple)):
        raise errors.type_error("%s(): argument 'tensors' (position 1) must be tuple of Tensors, not %s"
                                % (name, type(tensors).__name__))
    for i, x in enumerate(tensors):
        if not isinstance(x, Tensor):
            raise errors.type_error("expected Tensor as element %d in argument 0, but got %s"
                                    % (i, type(x).__name__))
    return list(tensors)


@front_door("cat", "concat", "concatenate", method=False)
def cat(tensors, dim=0):
    tensors = _tensor_list("cat", tensors)
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
    limits.check_numel((sum(x.numel() for x in tensors),), "the result", max(x.array.itemsize for x in tensors))
    return apply(CAT.with_arity(len(tensors)), *tensors, dim=dim, sizes=tuple(x.shape[dim] for x in tensors))


@front_door("stack", method=False)
def stack(tensors, dim=0):
    tensors = _tensor_list("stack", tensors)
    if not tensors:
        raise errors.GradcliError("stack expects a non-empty TensorList")
    for i, x in enumerate(tensors[1:], 1):
        if x.shape != tensors[0].shape:
            raise errors.GradcliError("stack expects each tensor to be equal size, but got %s at entry 0 and %s at "
                                      "entry %d" % (shape_text(tensors[0].shape), shape_text(x.shape), i))
    limits.check_numel((sum(x.numel() for x in tensors),), "the result", max(x.array.itemsize for x in tensors))
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


@front_door("vstack", method=False)
def vstack(tensors):
    tensors = _tensor_list("vstack", tensors)
    return cat([t.unsqueeze(0) if t.ndim == 1 else t for t in tensors], 0)


@front_door("hstack", method=False)
def hstack(tensors):
    tensors = _tensor_list("hstack", tensors)
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


# ---------------------------------------------------------------- broadcasting and grids
@front_door("broadcast_shapes", method=False)
def broadcast_shapes(*shapes):
    """The shape that tensors of these shapes broadcast to (torch.Size), as torch._refs._broadcast_shapes finds
    it: each shape merged from the right into the common one, the first mismatch reported in its words."""
    from ...core.tensor import Size
    shapes = [(shape,) if isinstance(shape, int) else shape for shape in shapes]
    common = [1] * max([len(shape) for shape in shapes] + [0])
    for index, shape in enumerate(shapes):
        for dim in range(-1, -1 - len(shape), -1):
            if shape[dim] == common[dim]:
                continue
            if common[dim] == 1:
                if shape[dim] < 0:
                    raise errors.value_error("Attempting to broadcast a dimension with negative length!")
                common[dim] = shape[dim]
            elif shape[dim] != 1:
                raise errors.GradcliError("Attempting to broadcast a dimension of length %d at %d! Mismatching "
                                          "argument at index %d had %r; but expected shape should be broadcastable "
                                          "to %s" % (shape[dim], dim, index, shape, common))
    return Size(common)


@front_door("broadcast_tensors", method=False)
def broadcast_tensors(*tensors):
    """Each tensor expanded to the shape they broadcast to (views)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    shape = broadcast_shapes(*(t.shape for t in tensors))
    return tuple(t.expand(*shape) for t in tensors)


@front_door("meshgrid", method=False)
def meshgrid(*tensors, indexing=None):
    """Coordinate grids: each 1-D tensor viewed along its own dim and expanded ('ij'); 'xy' swaps the first two."""
    from ...base.errors import warn
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warn("torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument. (Triggered "
             "internally at /__w/pytorch/pytorch/aten/src/ATen/native/TensorShape.cpp:4215.)")
        indexing = "ij"
    if indexing not in ("ij", "xy"):
        raise errors.GradcliError("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: %s"
                                  % indexing)
    for t in tensors:
        if t.ndim > 1:
            raise errors.GradcliError("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: %s" % t)
    # 'xy' swaps the roles of the first two dims: the first tensor runs along dim 1, the second along dim 0
    position = list(range(len(tensors)))
    if indexing == "xy" and len(tensors) >= 2:
        position[0], position[1] = 1, 0
    shape = [0] * len(tensors)
    for t, p in zip(tensors, position):
        shape[p] = t.numel()
    grids = []
    for t, p in zip(tensors, position):
        view = [1] * len(tensors)
        view[p] = -1
        grids.append(t.view(*view).expand(*shape))
    return tuple(grids)


# unsafe_split / unsafe_chunk: split's pieces as tensors of their own (no views: torch's RNN cells change them in
# place), joined back the same way
UNSAFE_SPLIT = row("unsafe_split.Tensor", "UnsafeSplitBackward0",
                   lambda self, dim, sizes: tuple(p.copy() for p in _split_forward(self, dim, sizes)), "self",
                   self=_JOINED_BACK)


@front_door("unsafe_chunk")
def unsafe_chunk(x, chunks, dim=0):
    """chunk's pieces, not views of x."""
    d = wrap_dim(dim, x.ndim)
    size = -(-x.shape[d] // chunks)
    sizes = [min(size, x.shape[d] - start) for start in range(0, x.shape[d], size)]
    return apply(UNSAFE_SPLIT, x, dim=d, sizes=tuple(sizes))
