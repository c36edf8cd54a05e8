"""torch.autograd's front doors: backward and grad only normalise their arguments and call the engine."""

import contextvars

import numpy as np

from ..base import errors, grad_mode
from ..autograd.engine import run_backward
from ..autograd.graph import accumulate_into
from ..ops import grad_edge
from ..ops.rows.creation import filled_with_ones
from .meta import is_meta, meta_array
from ..ops.fastpath import materialized
from .tensor import Tensor


# Whoever watches every backward pass of a run (`gradcli run --explain`): a callable that takes over each
# backward / grad call made without an observer, `watcher(front_door, arguments)`, and calls the front door back
# with an observer of its own. One lookup per call; nothing per node.
WATCHER = contextvars.ContextVar("gradcli_backward_watcher", default=None)


def _as_tuple(value):
    if value is None:
        return ()
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _root_grads(outputs, grad_outputs):
    grads = []
    grad_outputs = _as_tuple(grad_outputs) or (None,) * len(outputs)
    for i, (out, g) in enumerate(zip(outputs, grad_outputs)):
        if g is None:
            if out.array.size != 1:
                raise errors.GradcliError(errors.IMPLICIT_GRAD_SCALAR)
            ones = (meta_array if is_meta(out.array) else filled_with_ones)(out.array.shape, out.array.dtype)
            grads.append(Tensor._make(ones))
            continue
        if not isinstance(g, Tensor):
            raise errors.type_error(errors.GRADIENT_TYPE % type(g).__name__)
        elif g.array.shape != out.array.shape:
            raise errors.GradcliError(errors.GRAD_SHAPE_MISMATCH % (i, g.shape, i, out.shape))
        grads.append(g if g.dtype is out.dtype else g.to(out.dtype))
    return grads


def _roots(outputs):
    roots = []
    for i, out in enumerate(outputs):
        edge = grad_edge(out)
        if edge[0] is None:
            raise errors.GradcliError(errors.NO_GRAD_FN % i)
        roots.append(edge)
    return roots


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None, observer=None):
    """torch.autograd.backward / Tensor.backward: accumulate gradients into the leaves' .grad (or, with
    `inputs`, into those tensors' .grad only). `observer` is passed to the engine (see run_backward)."""
    if observer is None and WATCHER.get() is not None:
        return WATCHER.get()(backward, dict(tensors=tensors, grad_tensors=grad_tensors, retain_graph=retain_graph,
                                            create_graph=create_graph, inputs=inputs))
    outputs = _as_tuple(tensors)
    if retain_graph is None:
        retain_graph = create_graph
    if inputs is not None:
        inputs = _as_tuple(inputs)
        if not inputs:
            raise errors.GradcliError(errors.INPUTS_EMPTY % "backward")
        for x in inputs:
            if not x.requires_grad:
                raise errors.GradcliError(errors.RETAIN_GRAD_NO_GRAD)
    if create_graph:
        errors.warn(errors.CREATE_GRAPH_WARNING)
    roots = _roots(outputs)
    grads = _root_grads(outputs, grad_tensors)
    with grad_mode.set_grad_enabled(create_graph):
        if inputs is None:
            run_backward(roots, grads, retain_graph, create_graph, observer=observer, hand_over=materialized)
            return
        captured = run_backward(roots, grads, retain_graph, create_graph, [grad_edge(x) for x in inputs],
                                observer, materialized)
        for x, g in zip(inputs, captured):
            if g is not None:
                accumulate_into(x, g, create_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=None,
         materialize_grads=False, observer=None):
    """torch.autograd.grad: the gradients of outputs with respect to inputs, as a tuple; .grad is untouched."""
    if observer is None and WATCHER.get() is not None:
        return WATCHER.get()(grad, dict(outputs=outputs, inputs=inputs, grad_outputs=grad_outputs,
                                        retain_graph=retain_graph, create_graph=create_graph,
                                        allow_unused=allow_unused, materialize_grads=materialize_grads))
    if materialize_grads and allow_unused is False:
        raise errors.value_error(errors.MATERIALIZE_UNUSED)
    outputs, inputs = _as_tuple(outputs), _as_tuple(inputs)
    if not inputs:
        raise errors.GradcliError(errors.INPUTS_EMPTY % "grad")
    if retain_graph is None:
        retain_graph = create_graph
    for x in inputs:
        if not x.requires_grad:
            raise errors.GradcliError(errors.INPUT_NOT_REQUIRING_GRAD)
    roots = _roots(outputs)
    grads = _root_grads(outputs, grad_outputs)
    with grad_mode.set_grad_enabled(create_graph):
        captured = run_backward(roots, grads, retain_graph, create_graph, [grad_edge(x) for x in inputs],
                                observer, materialized)
    result = []
    for i, (x, g) in enumerate(zip(inputs, captured)):
        if g is None:
            if materialize_grads:
                g = Tensor._make(np.zeros_like(x.array))
            elif not allow_unused:
                raise errors.GradcliError(errors.UNUSED_INPUT % i)
        result.append(g)
    return tuple(result)
