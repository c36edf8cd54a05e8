"""In-place ops: how an in-place change rewrites history, as torch's autograd does.

The one policy: `x.name_(...)` is the out-of-place front door `name`, its result written into x, which takes the
result's node as its grad_fn (the old grad_fn becomes the new node's first next_function) — `inplace_variant`,
which the installer applies to every front door registered with `inplace=True`. Only ops that exist in place
alone (zero_, fill_, copy_, the random fills) or change x's geometry (unsqueeze_, t_: `restride_inplace`) are
written by hand, through the same `rewrite_inplace`. Formulas that need the original `self` get a snapshot of it,
as torch's generated code saves `original_self`; formulas that use the output see `self` itself, so a later
in-place change of it is caught by the version check.

A view (bind.ViewInfo) shares its base's memory and version counter. An in-place op on a view rewrites the base's
history with a CopySlices node that wraps the op's node, and the view's with an AsStridedBackward0 over it; other
views of the base renew their grad_fn lazily, when they see that the version changed (Tensor.grad_fn).
"""

import numpy as np

from .bind import OpNode, ViewInfo, apply, grad_edge, inplace_origin_name
from .table import row
from ..base import errors, grad_mode
from ..autograd.graph import Node
from ..base.return_types import ReturnTypes
from ..core.meta import MetaArray
from ..core.tensor import Tensor


def refresh_view(view):
    """A view whose base changed in place since its grad_fn was made: AsStridedBackward0 over the base's history."""
    info = view._view
    info.version = view._version.value
    edge = grad_edge(info.base)
    if edge[0] is not None:
        view._grad_fn = AsStridedBackward0(edge, info)
        view._output_nr = 0


# ---------------------------------------------------------------- the in-place protocol
def check_inplace(target):
    """torch's errors for an in-place change of a leaf that requires grad, or of a view of one."""
    if not grad_mode.is_grad_enabled():
        return
    info = target._view
    if info is not None:
        base = info.base
        if info.no_grad and (base._requires_grad or base._grad_fn is not None):
            raise errors.GradcliError(errors.NO_GRAD_VIEW_INPLACE)
        if base._grad_fn is None and base._requires_grad:
            raise errors.GradcliError(errors.VIEW_OF_LEAF_INPLACE)
    elif target._grad_fn is None and target._requires_grad:
        raise errors.GradcliError(errors.LEAF_INPLACE)


def rewrite_inplace(target, compute):
    """Run `compute()` (the out-of-place op on target) and make its result target's value and history."""
    check_inplace(target)
    array = target.array
    meta = array.__class__ is MetaArray  # (no values to write: shape, dtype and history change as on the CPU)
    if not meta and 0 in array.strides and array.size > 1 and any(
            stride == 0 and size > 1 for stride, size in zip(array.strides, array.shape)):
        raise errors.GradcliError(errors.OVERLAPPING_INPLACE)
    old_edge = grad_edge(target)
    result = compute()
    if result.array.shape != array.shape and not _broadcasts_to(result.array.shape, array.shape):
        raise errors.GradcliError("output with shape %s doesn't match the broadcast shape %s"
                                  % (list(array.shape), list(result.array.shape)))
    if result.dtype is not target.dtype and not can_cast(result.dtype, target.dtype):
        raise errors.GradcliError("result type %s can't be cast to the desired output type %s"
                                  % (result.dtype.short_name, target.dtype.short_name))
    node = result._grad_fn
    info = target._view
    if node is not None and info is not None and info.several:
        raise errors.GradcliError(errors.MULTI_OUTPUT_VIEW_INPLACE % (
            info.output_nr, inplace_origin_name(info.creator)))
    if isinstance(node, OpNode) and node.saved:
        _snapshot_self(node, target, old_edge)
    if not meta:
        np.copyto(target.array, result.array, casting="unsafe")
    target._version.value += 1
    if node is None:
        return target
    if info is None:
        _set_history(target, node)
    else:
        base = info.base
        _set_history(base, CopySlices(grad_edge(base), (base.array.shape, base.dtype), node, info))
        _set_history(target, AsStridedBackward0((base._grad_fn, 0), info))
        info.version = target._version.value
    if "result" in node.saved:  # the formula reads the output: that is now target itself, with target's history
        node.saved["result"] = ((target.array, target._version, target._grad_fn, 0), target._version.value)
    return target


def _broadcasts_to(shape, target):
    """Whether a value of `shape` can be written into `target` (copy_'s source broadcasts; an op's result that
    is larger than its self cannot)."""
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False


def restride_inplace(target, op, **params):
    """An in-place change of shape (unsqueeze_, t_, ...): target becomes op's view of its own memory, with op's
    node as its history. (Other views already cut from target keep their old geometry, so they go out of step:
    torch renews them through as_strided; gradcli leaves that case out.)"""
    check_inplace(target)
    result = apply(op, target, **params)
    target.array = result.array
    target._version.value += 1
    info = target._view
    if info is not None:  # its place within its base is now one view step further
        target._view = ViewInfo(info.base, info, op.forward, params, 0, False, op.name, target._version.value)
    if result._grad_fn is not None:
        _set_history(target, result._grad_fn)
    return target


def apply_inplace(op, target, *others, **params):
    """An op that exists in place only: `op(target, *others)` written into target, whose history it becomes."""
    return rewrite_inplace(target, lambda: apply(op, target, *others, **params))


def inplace_variant(function):
    """`x.exp_()` from `exp`: the same front door, its result written into x."""
    def method(target, *args, **kwargs):
        return rewrite_inplace(target, lambda: function(target, *args, **kwargs))
    method.__name__ = function.__name__ + "_"
    method.__doc__ = "In-place form of %s." % function.__name__
    return method


# ---------------------------------------------------------------- out=
OUT_RESIZED = ("An output with one or more elements was resized since it had shape %s, which does not match the "
               "required output shape %s. This behavior is deprecated, and in a future PyTorch release outputs will "
               "not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing "
               "it, inplace, to zero elements with t.resize_(0). (Triggered internally at "
               "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)")


def write_out(name, result, out):
    """`torch.name(..., out=out)`: the result written into out (a tensor, or a tuple of them for a function of
    several results), as torch's out= variants write it; returns out. out= does not record history: torch
    refuses it where the result or out would need a gradient."""
    results, outs = (result, out) if isinstance(result, tuple) else ((result,), (out,))
    if not isinstance(outs, (tuple, list)) or len(outs) != len(results) or not all(
            isinstance(o, Tensor) for o in outs):
        raise errors.type_error("%s(): argument 'out' must be %s" % (
            name, "Tensor" if len(results) == 1 else "tuple of %d Tensors" % len(results)))
    if grad_mode.is_grad_enabled() and any(t.requires_grad for t in results + tuple(outs)):
        raise errors.GradcliError("%s(): functions with out=... arguments don't support automatic differentiation, "
                                  "but one of the arguments requires grad." % name)
    for value, target in zip(results, outs):
        if value.dtype is not target.dtype and not can_cast(value.dtype, target.dtype):
            raise errors.GradcliError("result type %s can't be cast to the desired output type %s"
                                      % (value.dtype.short_name, target.dtype.short_name))
        if target.array.shape == value.array.shape:
            np.copyto(target.array, value.array, casting="unsafe")
        else:  # torch gives out new memory of the result's shape (warning when out held elements)
            if target.array.size:
                errors.warn(OUT_RESIZED % (list(target.array.shape), list(value.array.shape)))
            target.array = value.array.astype(target.array.dtype, copy=True)
            target._view = None
        target._version.value += 1
    if isinstance(result, ReturnTypes):  # torch.return_types.max_out(values=..., indices=...)
        return ReturnTypes(result.kind + "_out", *outs, names=result.names)
    return out


def _snapshot_self(node, target, old_edge):
    """A formula that uses the original self gets a copy of it (with self's old history), as torch saves it."""
    name = node.op.inputs[0]
    entry = node.saved.get(name)
    if entry is not None and entry[0] is target:
        node.saved[name] = (Tensor._make(target.array.copy(), old_edge[0], None, old_edge[1]), 0)


def _set_history(tensor, node):
    if tensor._retains_grad:  # torch moves the retain_grad hook to the new grad_fn
        tensor._grad_fn.retained.pop(tensor._output_nr, None)
        tensor._retains_grad = False
        tensor._grad_fn, tensor._output_nr = node, 0
        tensor.retain_grad()
    tensor._grad_fn, tensor._output_nr = node, 0


def can_cast(source, target):
    return source.category <= target.category


# ---------------------------------------------------------------- nodes of in-place changes through views
class CopySlices(Node):
    """The base's history after an in-place op on one of its views: the gradient outside the view passes to the
    base's old history; inside, it goes through the wrapped op's node."""

    __slots__ = ("fn", "view")

    def __init__(self, base_edge, base_meta, fn, view):
        super().__init__((base_edge,) + tuple(fn.next_functions[1:]), (base_meta,) + tuple(fn.input_meta[1:]))
        self.fn = fn
        self.view = view

    def apply(self, grad_outputs, create_graph):
        g = grad_outputs[0]
        index = self.view.index_map()
        grads = list(self.fn.apply([take_flat(g, index)], create_graph))
        inside = grads[0]
        if inside is not None and inside.dtype is not g.dtype:
            inside = inside.to(g.dtype)
        if self.next_functions[0][0] is None:
            grads[0] = None
        else:
            grads[0] = put_flat(g, index, inside if inside is not None else g.detach() * 0)
        return grads

    def release(self):
        self.fn.release()


class AsStridedBackward0(Node):
    """The history of a view whose base changed in place: the gradient lands in the view's part of the base."""

    __slots__ = ("view",)

    def __init__(self, base_edge, view):
        base = view.base
        super().__init__((base_edge,), ((base.array.shape, base.dtype),))
        self.view = view

    def apply(self, grad_outputs, create_graph):
        shape, _ = self.input_meta[0]
        return [scatter_flat(grad_outputs[0], self.view.index_map(), shape)]


# ---------------------------------------------------------------- flat gathers and scatters (the view nodes' formulas)
def _put_forward(self, source, index, accumulate=False):
    out = np.array(self, order="C")  # C order, so that reshape(-1) is a view to write through
    if accumulate:
        np.add.at(out.reshape(-1), index, source)
    else:
        out.reshape(-1)[index] = source
    return out


def _scatter_forward(self, index, shape):
    out = np.zeros(int(np.prod(shape)), dtype=self.dtype)
    np.add.at(out, index, self)
    return out.reshape(shape)


# torch.take and Tensor.put, on flat positions; here also the nodes' formulas of in-place changes through views,
# `index` then being the flat position in the base of each element of the view (ViewInfo.index_map)
TAKE = row("take", "TakeBackward0", lambda self, index: np.asarray(self).reshape(-1)[index], "self",
           self=("zeros(self.shape).put(index, grad, accumulate=True)",
                 lambda grad, self_shape, index: scatter_flat(grad, index, self_shape)))
PUT = row("put", "PutBackward0", _put_forward, "self source", promote="common",
          self=("grad if accumulate else grad.put(index, zeros_like(source))",
                lambda grad, index, accumulate=False: grad if accumulate else put_flat(grad, index, 0.0)),
          source=("grad.take(index)", lambda grad, index: take_flat(grad, index)))
SCATTER = row("as_strided_scatter", "AsStridedScatterBackward0", _scatter_forward, "self",
              self=("grad.take(index)", lambda grad, index: take_flat(grad, index)))


def take_flat(g, index):
    """g's elements at the flat positions `index` (shaped like index)."""
    return apply(TAKE, g, index=index)


def put_flat(g, index, part):
    """A copy of g with the flat positions `index` set to part."""
    return apply(PUT, g, part, index=index)


def scatter_flat(g, index, shape):
    """Zeros of `shape` with g added at the flat positions `index` (repeated positions add up)."""
    return apply(SCATTER, g, index=index, shape=shape)
