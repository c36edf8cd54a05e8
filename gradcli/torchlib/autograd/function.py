"""torch.autograd.Function: autograd operations defined by the user's own forward and backward.

A subclass gets its grad_fn class as torch makes it (`MyReLU` -> `MyReLUBackward`, printed as
`<torch.autograd.function.MyReLUBackward object at ...>`), and that node is also the `ctx` both static methods
receive: `ctx.save_for_backward`, `ctx.saved_tensors`, `ctx.needs_input_grad`, `ctx.mark_dirty`,
`ctx.mark_non_differentiable`, `ctx.set_materialize_grads`, and any attribute the user stores on it.
`apply` runs forward without recording, then makes the node the outputs' grad_fn when grad mode is on and an input
needs a gradient. The engine runs the node like any other (it `runs_user_code`, so it is handed ordinary tensors):
backward runs with grad mode on exactly under create_graph, so a backward written with differentiable operations
is itself differentiable (higher order), as in torch. Checks and messages are torch's.
"""

import numpy as np

from ...base import errors, grad_mode
from ...autograd.graph import Node, _sequence
from ...ops.bind import grad_edge, modified_error
from ...base.subclassable import subclassable
from ...core.tensor import Tensor

# what a script may use on a ctx (besides the attributes it stores there)
CTX_MEMBERS = frozenset(("save_for_backward", "saved_tensors", "saved_variables", "needs_input_grad", "mark_dirty",
                         "mark_non_differentiable", "set_materialize_grads", "materialize_grads"))


class FunctionCtx(Node):
    """The grad_fn of one application of a custom Function, and the `ctx` of its forward and backward. Each
    Function subclass gets its own subclass of this, named as torch names it."""

    _forward_cls = None
    runs_user_code = True

    def __init__(self, args, needs_input_grad):
        self.next_functions, self.input_meta = (), ()
        self.sequence_nr, self.retained, self.hooks = next(_sequence), None, None
        self.needs_input_grad = needs_input_grad
        self.tensor_inputs = tuple(i for i, a in enumerate(args) if isinstance(a, Tensor))
        self.arg_count = len(args)
        self.to_save = None        # what save_for_backward got, until apply saves it
        self.saved = ()            # (tensor or its parts, version) per saved value; None once released
        self.dirty = ()
        self.non_differentiable = ()
        self.materialize_grads = True
        self.outputs = ()          # (shape, dtype) of each output, for gradients that never arrive
        self.attributes = {}       # what the user stores on ctx

    def name(self):
        return type(self).__name__

    def __repr__(self):
        return "<torch.autograd.function.%s object at %#x>" % (self.name(), id(self))

    __str__ = __repr__

    # ------------------------------------------------------------ what forward calls
    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise errors.type_error("save_for_backward can only save variables, but argument %d is of type %s"
                                        % (i, type(t).__name__))
        self.to_save = tensors

    def mark_dirty(self, *tensors):
        self.dirty = tensors

    def mark_non_differentiable(self, *tensors):
        self.non_differentiable = tensors

    def set_materialize_grads(self, value):
        self.materialize_grads = bool(value)

    @property
    def saved_tensors(self):
        if self.saved is None:
            raise errors.GradcliError(errors.SECOND_BACKWARD)
        return tuple(self._unpack(entry) for entry in self.saved)

    @property
    def saved_variables(self):
        """The Variable era's name of saved_tensors (deprecated, with torch's warning)."""
        errors.warn("'saved_variables' is deprecated; use 'saved_tensors'", "DeprecationWarning")
        return self.saved_tensors

    def _unpack(self, entry):
        value, version = entry
        if value is None:
            return None
        if isinstance(value, tuple):  # an output of this node, kept as its parts (node and output form no cycle)
            array, counter, output_nr = value
            if counter.value != version:
                raise modified_error(array, counter.value, version, self)
            return Tensor._make(array, self, counter, output_nr)
        if value._version.value != version:
            raise modified_error(value.array, value._version.value, version, value.grad_fn)
        return value

    def release(self):
        self.saved = None

    # ------------------------------------------------------------ backward
    def apply(self, grad_outputs, create_graph):
        grads = list(grad_outputs) + [None] * (len(self.outputs) - len(grad_outputs))
        if self.materialize_grads:
            grads = [Tensor._make(np.zeros(shape, dtype)) if g is None and shape is not None else g
                     for g, (shape, dtype) in zip(grads, self.outputs)]
        previous = grad_mode.is_grad_enabled()
        grad_mode.set_grad_enabled(create_graph)
        try:
            result = self._forward_cls.backward(self, *grads)
        finally:
            grad_mode.set_grad_enabled(previous)
        return self._check_gradients(result if isinstance(result, tuple) else (result,))

    def _check_gradients(self, result):
        """torch's checks of what backward returned; the gradients of the tensor inputs, in order."""
        name = self.name()
        if len(result) != self.arg_count:
            if len(result) > self.arg_count and all(g is None for g in result[self.arg_count:]):
                result = result[:self.arg_count]
            else:
                raise errors.GradcliError("function %s returned an incorrect number of gradients (expected %d, "
                                          "got %d)" % (name, self.arg_count, len(result)))
        grads = []
        for i, grad in enumerate(result):
            if i not in self.tensor_inputs:
                if grad is not None:
                    raise errors.GradcliError(
                        "function %s returned a gradient different than None at position %d, but the "
                        "corresponding forward input was not a Variable" % (name, i + 1))
                continue
            if grad is not None and not isinstance(grad, Tensor):
                raise errors.type_error("expected Variable or None (got %s)" % type(grad).__name__)
            meta = self.input_meta[len(grads)]
            if grad is not None and meta is not None and grad.array.shape != meta[0] and not _reducible(
                    meta[0], grad.array.shape):
                raise errors.GradcliError(
                    "Function %s returned an invalid gradient at index %d - got %s but expected shape compatible "
                    "with %s" % (name, len(grads), list(grad.array.shape), list(meta[0])))
            grads.append(grad)
        return grads


def _reducible(shape, grad_shape):
    """Whether a gradient of grad_shape sums down to shape (torch's is_expandable_to)."""
    if len(shape) > len(grad_shape):
        return False
    return all(s == 1 or s == g for s, g in zip(reversed(shape), reversed(grad_shape)))


@subclassable(members=("apply", "forward", "backward", "setup_context"))
class Function:
    """torch.autograd.Function: subclass it with static `forward(ctx, *args)` and `backward(ctx, *grads)` (or
    `forward(*args)` with `setup_context(ctx, inputs, output)`), and call `.apply(*args)`."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._backward_cls = type(cls.__name__ + "Backward", (FunctionCtx,), {
            "_forward_cls": cls, "__module__": "torch.autograd.function", "__qualname__": cls.__name__ + "Backward"})

    def __call__(self, *args, **kwargs):
        raise errors.GradcliError(
            "Legacy autograd function with non-static forward method is deprecated. Please use new-style autograd "
            "function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html"
            "#torch.autograd.Function)")

    @staticmethod
    def forward(*args, **kwargs):
        raise errors.GradcliError("You must implement the forward function for custom autograd.Function.",
                                  "NotImplementedError")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise errors.GradcliError("setup_context is not implemented.", "NotImplementedError")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise errors.GradcliError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.", "NotImplementedError")

    @classmethod
    def apply(cls, *args, **kwargs):
        if cls is Function:
            raise errors.GradcliError("You must implement the forward function for custom autograd.Function.",
                                      "NotImplementedError")
        executable = grad_mode.is_grad_enabled() and any(isinstance(a, Tensor) and a.requires_grad for a in args)
        ctx = cls._backward_cls(args, tuple(executable and isinstance(a, Tensor) and a.requires_grad
                                            for a in args))
        with grad_mode.no_grad():
            if cls.setup_context is not Function.setup_context:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, output)
            else:
                output = cls.forward(ctx, *args, **kwargs)
        outputs = _wrap_outputs(ctx, args, output if isinstance(output, tuple) else (output,), executable)
        return outputs if isinstance(output, tuple) else outputs[0]


def _wrap_outputs(ctx, args, outputs, executable):
    """The outputs as apply returns them: an input returned unchanged becomes a new tensor on the same memory;
    with a graph, each tensor output (but those marked non-differentiable) gets ctx as its grad_fn, an input
    marked dirty included (its history is rewritten, as by an in-place op)."""
    inputs = {id(a): a for a in args if isinstance(a, Tensor)}
    dirty = {id(t) for t in ctx.dirty}
    non_differentiable = {id(t) for t in ctx.non_differentiable}
    if executable:
        edges = [grad_edge(args[i]) for i in ctx.tensor_inputs]
        ctx.next_functions = tuple(edges)
        ctx.input_meta = tuple((args[i].array.shape, args[i].dtype) if edge[0] is not None else None
                               for i, edge in zip(ctx.tensor_inputs, edges))
    wrapped, metas = [], []
    for nr, out in enumerate(outputs):
        if not isinstance(out, Tensor):
            wrapped.append(out)
            metas.append((None, None))
            continue
        metas.append((out.array.shape, out.array.dtype))
        if id(out) in inputs and id(out) not in dirty:
            out = Tensor._make(out.array, None, out._version)
        if id(out) in dirty:
            if executable and out._grad_fn is None and out._requires_grad:
                raise errors.GradcliError("a leaf Variable that requires grad has been used in an in-place "
                                          "operation.")
            out._version.value += 1
        if executable and id(out) not in non_differentiable:
            out._grad_fn, out._output_nr = ctx, nr
        wrapped.append(out)
    ctx.outputs = tuple(metas)
    _save(ctx, wrapped, outputs)
    return tuple(wrapped)


def _save(ctx, wrapped, returned):
    """What save_for_backward got, with the versions it has now; an output is kept as its parts."""
    if not ctx.to_save:
        return
    output_nr = {id(o): nr for nr, o in enumerate(returned) if isinstance(o, Tensor)}
    output_nr.update({id(o): nr for nr, o in enumerate(wrapped) if isinstance(o, Tensor)})
    saved = []
    for t in ctx.to_save:
        if t is None:
            saved.append((None, 0))
        elif id(t) in output_nr and t._grad_fn is ctx:
            saved.append(((t.array, t._version, output_nr[id(t)]), t._version.value))
        else:
            saved.append((t, t._version.value))
    ctx.saved, ctx.to_save = tuple(saved), None


# ---------------------------------------------------------------- once_differentiable
class DelayedError(Node):
    """The grad_fn that once_differentiable gives a backward's results under create_graph: differentiating them
    again is torch's error."""

    __slots__ = ()

    def name(self):
        return "torch::autograd::DelayedError"

    def apply(self, grad_outputs, create_graph):
        raise errors.GradcliError("trying to differentiate twice a function that was marked with "
                                  "@once_differentiable")


def once_differentiable(backward):
    """A backward that cannot itself be differentiated: it runs without recording, and under create_graph its
    results lead to DelayedError."""
    def wrapper(ctx, *grads):
        with grad_mode.no_grad():
            outputs = backward(ctx, *grads)
        if not grad_mode.is_grad_enabled() or not any(isinstance(g, Tensor) and g.requires_grad for g in grads):
            return outputs
        several = isinstance(outputs, tuple)
        results = outputs if several else (outputs,)
        node = DelayedError(tuple(grad_edge(g) if isinstance(g, Tensor) else (None, 0) for g in grads),
                            tuple((g.array.shape, g.dtype) if isinstance(g, Tensor) else None for g in grads))
        delayed = tuple(None if r is None else Tensor._make(r.array, node, r._version, i)
                        for i, r in enumerate(results))
        return delayed if several else delayed[0]
    wrapper.__name__ = getattr(backward, "__name__", "backward")
    return wrapper
