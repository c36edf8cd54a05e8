"""torch.autograd.functional: jacobian and hessian (a backward pass per output element, as torch's unvectorized
ones), and the products vjp, jvp, vhp and hvp as torch computes them (jvp and hvp through the double-backward
trick: the gradient of a backward pass with respect to its own grad_outputs).

Each product returns (the function's output, the product), detached unless create_graph; a tensor where the inputs (or
outputs) were given as one tensor, a tuple where they were a tuple.
"""

import numpy as np

from ...base import errors, grad_mode
from ...core.backward import grad
from ...ops import FUNCTIONS
from ...core.tensor import Tensor


def _as_tuple(value, what, fn_name):
    """(was it a tuple, the tensors as a tuple); torch's TypeError for anything but tensors."""
    is_tuple = isinstance(value, tuple)
    values = value if is_tuple else (value,)
    for i, v in enumerate(values):
        if not isinstance(v, Tensor):
            where = "the value at index %d" % i if is_tuple else "the given %s" % what
            raise errors.type_error("The %s given to %s must be either a Tensor or a tuple of Tensors but %s has "
                                    "type %s." % (what, fn_name, where, _type_name(v)))
    return is_tuple, values


def _type_name(value):
    return "<class '%s'>" % type(value).__name__


def _prepared(tensors, create_graph, need_graph):
    """torch's _grad_preprocess: fresh leaves (or, under create_graph, views that keep the inputs' history)."""
    return tuple(t.view_as(t) if create_graph and t.requires_grad else t.detach().requires_grad_(need_graph)
                 for t in tensors)


def _validate_v(v, other, other_is_tuple):
    if len(other) != len(v):
        if other_is_tuple:
            raise errors.GradcliError("v is a tuple of invalid length: should be %d but got %d." % (len(other), len(v)))
        raise errors.GradcliError("The given v should contain a single Tensor.")
    for i, (a, b) in enumerate(zip(v, other)):
        if a.shape != b.shape:
            raise errors.GradcliError("%sv has invalid size: should be %r but got %r." % (
                "Entry %d in " % i if other_is_tuple else "", b.shape, a.shape))


_V_OF_INPUTS = "the input to the user-provided function is a single Tensor with a single element"
_V_OF_OUTPUTS = "the user-provided function returns a single Tensor with a single element"


def _checked_v(v, reference, reference_is_tuple, create_graph, fn_name, when_none):
    """v as a tuple checked against `reference`, or None where torch allows it (`reference` one element)."""
    if v is not None:
        _, v = _as_tuple(v, "v", fn_name)
        v = _prepared(v, create_graph, need_graph=False)
        _validate_v(v, reference, reference_is_tuple)
        return v
    if len(reference) != 1 or reference[0].numel() != 1:
        raise errors.GradcliError("The vector v can only be None if %s." % when_none)
    return None


def _autograd_grad(outputs, inputs, grad_outputs=None, create_graph=False):
    """autograd.grad over the outputs that require grad (None for every input when none does)."""
    grad_outputs = grad_outputs if grad_outputs is not None else (None,) * len(outputs)
    kept = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not kept:
        return (None,) * len(inputs)
    return grad(tuple(o for o, _ in kept), inputs, tuple(g for _, g in kept), create_graph=create_graph,
                allow_unused=True)


def _zeros_for_none(grads, references):
    return tuple(g if g is not None else Tensor._make(np.zeros_like(r.array)) for g, r in zip(grads, references))


def _finished(values, create_graph, as_tuple):
    values = tuple(v if create_graph else v.detach() for v in values)
    return values if as_tuple else values[0]


def _no_strict(strict, fn_name):
    if strict:
        raise errors.GradcliError("gradcli's torch.autograd.functional.%s does not take strict=True" % fn_name,
                                  "NotImplementedError")


def _single_output(outputs, outputs_tuple, fn_name):
    if outputs_tuple or not isinstance(outputs[0], Tensor):
        raise errors.GradcliError("The function given to %s should return a single Tensor" % fn_name)
    if outputs[0].numel() != 1:
        raise errors.GradcliError("The Tensor returned by the function given to %s should contain a single element"
                                  % fn_name)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """torch.autograd.functional.vjp: (func(*inputs), v^T J)."""
    _no_strict(strict, "vjp")
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _prepared(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", "vjp")
        v = _checked_v(v, outputs, outputs_tuple, create_graph, "vjp", _V_OF_OUTPUTS)
    with grad_mode.set_grad_enabled(create_graph or grad_mode.is_grad_enabled()):
        product = _zeros_for_none(_autograd_grad(outputs, inputs, v, create_graph), inputs)
    return _finished(outputs, create_graph, outputs_tuple), _finished(product, create_graph, inputs_tuple)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """torch.autograd.functional.jvp: (func(*inputs), J v), by the double-backward trick as torch computes it."""
    _no_strict(strict, "jvp")
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _prepared(inputs, create_graph, need_graph=True)
        v = _checked_v(v, inputs, inputs_tuple, create_graph, "jvp", _V_OF_INPUTS)
        outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", "jvp")
        # backward is linear in its grad_outputs: their value does not matter, only that they are finite
        grad_outputs = tuple(Tensor._make(np.zeros_like(o.array)).requires_grad_() for o in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
    with grad_mode.set_grad_enabled(create_graph or grad_mode.is_grad_enabled()):
        product = _zeros_for_none(_autograd_grad(grad_inputs, grad_outputs, v, create_graph), outputs)
    return _finished(outputs, create_graph, outputs_tuple), _finished(product, create_graph, outputs_tuple)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """torch.autograd.functional.vhp: (func(*inputs), v^T H) for a function with one output element."""
    return _hessian_product("vhp", func, inputs, v, create_graph, strict)


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """torch.autograd.functional.hvp: (func(*inputs), H v), by the double-backward trick as torch computes it."""
    return _hessian_product("hvp", func, inputs, v, create_graph, strict)


def _hessian_product(fn_name, func, inputs, v, create_graph, strict):
    _no_strict(strict, fn_name)
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
        inputs = _prepared(inputs, create_graph, need_graph=True)
        v = _checked_v(v, inputs, inputs_tuple, create_graph, fn_name, _V_OF_INPUTS)
        outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", fn_name)
        _single_output(outputs, outputs_tuple, fn_name)
        jac = _autograd_grad(outputs, inputs, create_graph=True)
        if fn_name == "hvp":
            grad_jac = tuple(Tensor._make(np.zeros_like(x.array)).requires_grad_() for x in inputs)
            jac, wrt = _autograd_grad(jac, inputs, grad_jac, create_graph=True), grad_jac
        else:
            wrt = inputs
    with grad_mode.set_grad_enabled(create_graph or grad_mode.is_grad_enabled()):
        product = _zeros_for_none(_autograd_grad(jac, wrt, v, create_graph), inputs)
    return _finished(outputs, create_graph, outputs_tuple), _finished(product, create_graph, inputs_tuple)


# ---------------------------------------------------------------- jacobian and hessian
def _fresh_inputs(inputs):
    """The inputs as new leaves that require grad, sharing memory (torch differentiates detached copies)."""
    return tuple(x.detach().requires_grad_() for x in (inputs if isinstance(inputs, tuple) else tuple(inputs) if isinstance(inputs, list) else (inputs,)))


def _jacobian_of(outputs, inputs, create_graph):
    """For each output, a tuple over the inputs of d output / d input, shaped output.shape + input.shape:
    one backward pass per output element, as torch's (unvectorized) jacobian does."""
    from ...core.limits import check_numel
    result = []
    for out in outputs:
        for x in inputs:  # each row is a backward pass: the whole jacobian's size is known before the first
            check_numel(tuple(out.shape) + tuple(x.shape), "the jacobian")
        flat = out.reshape(-1)
        rows = [[] for _ in inputs]
        for k in range(flat.shape[0]):
            grads = (grad(flat[k], inputs, retain_graph=True, create_graph=create_graph, allow_unused=True)
                     if flat.requires_grad else (None,) * len(inputs))
            for row, x, g in zip(rows, inputs, grads):
                row.append(g if g is not None else Tensor._make(np.zeros_like(x.array)))
        result.append(tuple(FUNCTIONS["stack"](row).reshape(tuple(out.shape) + tuple(x.shape)) if row else
                            Tensor._make(np.zeros(tuple(out.shape) + tuple(x.shape), x.array.dtype))
                            for row, x in zip(rows, inputs)))
    return result


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """torch.autograd.functional.jacobian: a tensor for one input and one output, tuples where they are tuples."""
    fresh = _fresh_inputs(inputs)
    outputs = func(*fresh)
    rows = _jacobian_of(outputs if isinstance(outputs, (tuple, list)) else (outputs,), fresh, create_graph)
    per_output = [row if isinstance(inputs, (tuple, list)) else row[0] for row in rows]
    return tuple(per_output) if isinstance(outputs, (tuple, list)) else per_output[0]


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"):
    """torch.autograd.functional.hessian: the jacobian of the gradient of a function with one output element."""
    fresh = _fresh_inputs(inputs)
    out = func(*fresh)
    if not isinstance(out, Tensor):
        raise errors.GradcliError(errors.HESSIAN_NOT_TENSOR)
    if out.array.size != 1:
        raise errors.GradcliError(errors.HESSIAN_NOT_SCALAR)
    first = grad(out, fresh, create_graph=True, allow_unused=True)
    first = [g if g is not None else Tensor._make(np.zeros_like(x.array)) for x, g in zip(fresh, first)]
    rows = _jacobian_of(first, fresh, create_graph)
    return tuple(rows) if isinstance(inputs, (tuple, list)) else rows[0][0]
