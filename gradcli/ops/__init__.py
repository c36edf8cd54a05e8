"""The op table's machinery: Op rows, the graph nodes they make, and `apply`, the single bind point.

An Op is one row per torch overload, as in PyTorch's derivatives.yaml: the grad_fn name as torch spells it,
the numpy forward, and per differentiable input a gradient formula with the saved values it uses. Formulas are
written in gradcli's own tensor ops, so a backward run with create_graph=True records a graph of its own and
higher derivatives come for free.

What a node saves follows torch: only the values that the formulas of the inputs needing grad use. That decides
when a second backward without retain_graph fails (x*3 saves 3; x+3 saves nothing) and which in-place changes
the version check catches.
"""

import numpy as np

from .. import dtypes, errors, grad_mode, limits
from ..graph import AccumulateGrad, Node
from ..tensor import Tensor, VersionCounter, to_numpy_dtype

FUNCTIONS = {}  # torch.<name> -> function
METHODS = {}    # Tensor.<name> -> function taking the tensor first


def export(*names, function=True, method=True):
    """Register a front door under torch.<name> and/or Tensor.<name>."""
    def register(fn):
        for name in names or (fn.__name__,):
            if function:
                FUNCTIONS[name] = fn
            if method:
                METHODS[name] = fn
        return fn
    return register


class Grad:
    """A gradient formula for one input: `fn(g, *uses, **params)`; `uses` names saved inputs, `ans` (the
    output) or metadata such as `x.shape` (kept without saving a tensor)."""

    __slots__ = ("uses", "fn")

    def __init__(self, uses, fn):
        self.uses = tuple(uses.split())
        self.fn = fn


class Op:
    """One row of the op table."""

    __slots__ = ("name", "forward", "inputs", "grads", "promote", "promoted")

    def __init__(self, name, forward, inputs, grads=(), promote=None, promoted=None):
        self.name = name              # torch's grad_fn class name, e.g. "MulBackward0"
        self.forward = forward        # numpy: forward(*arrays, **params) -> ndarray
        self.inputs = tuple(inputs.split())  # names of the operands (tensors or python numbers)
        self.grads = tuple(grads)     # one Grad (or None: not differentiable) per input; () for none at all
        self.promote = promote        # None | "common" (torch's result_type) | "float" (ints become float32)
        # which operands take part in promotion (all by default; where's condition does not)
        names = self.inputs if promoted is None else tuple(promoted.split())
        self.promoted = tuple(i for i, name in enumerate(self.inputs) if name in names)


class OpNode(Node):
    """The grad_fn of one application of an Op."""

    __slots__ = ("op", "params", "saved")

    def __init__(self, op, next_functions, input_meta, params):
        super().__init__(next_functions, input_meta)
        self.op = op
        self.params = params
        self.saved = {}  # name -> (value, version when saved); None once released

    def name(self):
        return self.op.name

    def release(self):
        if self.saved:
            self.saved = None

    def unpack(self, name):
        """A saved value, checked against in-place changes since it was saved."""
        if name.endswith((".shape", ".dtype")):
            base, attribute = name.rsplit(".", 1)
            shape, dtype = self.input_meta[self.op.inputs.index(base)]
            return shape if attribute == "shape" else dtype
        value, version = self.saved[name]
        if name == "ans":  # the output is kept as its array, so that node and output form no cycle
            array, counter = value
            if counter.value != version:
                raise _modified_error(array, counter.value, version, self)
            return Tensor._make(array, grad_fn=self, version=counter)
        if isinstance(value, Tensor) and value._version.value != version:
            raise _modified_error(value.array, value._version.value, version, value.grad_fn)
        return value

    def apply(self, grad_outputs, create_graph):
        if self.saved is None:
            raise errors.GradcliError(errors.SECOND_BACKWARD)
        g = grad_outputs[0]
        grads = []
        for (child, _), rule in zip(self.next_functions, self.op.grads):
            if child is None or rule is None:
                grads.append(None)
            else:
                grads.append(rule.fn(g, *[self.unpack(u) for u in rule.uses], **self.params))
        return grads


def _modified_error(array, version, expected, grad_fn):
    dtype = dtypes.by_name(array.dtype.name)
    shape = "[" + ", ".join(str(d) for d in array.shape) + "]"
    origin = ""
    if grad_fn is not None:
        origin = ", which is output 0 of %s," % inplace_origin_name(grad_fn.name())
    return errors.GradcliError(errors.MODIFIED_INPLACE % (dtype.legacy_name, shape, origin, version, expected))


def inplace_origin_name(node_name):
    """torch's name for the op that produced a tensor: MulBackward0 -> Mul, ClampBackward1 -> Clamp1."""
    if node_name in ("CopySlices", "CopyBackwards"):
        return "torch::autograd::" + node_name
    stem, _, number = node_name.rpartition("Backward")
    return stem if number in ("", "0") else stem + number


# ---------------------------------------------------------------- binding
def grad_edge(tensor):
    """The (node, output_nr) edge through which a gradient reaches `tensor`, or (None, 0)."""
    if tensor.grad_fn is not None:
        return (tensor.grad_fn, tensor._output_nr)
    if tensor._requires_grad:
        return (grad_accumulator(tensor), 0)
    return (None, 0)


def grad_accumulator(tensor):
    """The leaf's one AccumulateGrad node (the same object each time, as in torch)."""
    ref = tensor._accumulator
    node = ref() if ref is not None else None
    if node is None:
        import weakref
        node = AccumulateGrad(tensor)
        tensor._accumulator = weakref.ref(node)
    return node


def result_dtype(inputs):
    """torch's result_type of tensors and python numbers."""
    operands = []
    for x in inputs:
        if isinstance(x, Tensor):
            operands.append((x.dtype, "tensor" if x.array.ndim else "zerodim"))
        elif isinstance(x, bool):
            operands.append((dtypes.bool_, "number"))
        elif isinstance(x, int):
            operands.append((dtypes.int64, "number"))
        elif isinstance(x, float):
            operands.append((dtypes.float64, "number"))
    return dtypes.result_type(operands)


def apply(op, *inputs, **params):
    """Run `op` forward on numpy and, when grad mode is on and an input requires grad, record its node."""
    arrays = [x.array if isinstance(x, Tensor) else x for x in inputs]
    if op.promote is not None:
        _promote(op, inputs, arrays)
    limits.check_broadcast(arrays)  # before numpy allocates the result
    try:
        out = op.forward(*arrays, **params)
    except ValueError as exc:
        if "broadcast" in str(exc):
            raise broadcast_error([a.shape for a in arrays if isinstance(a, np.ndarray)]) from None
        raise
    if not isinstance(out, np.ndarray):
        out = np.asarray(out)
    if not op.grads or not grad_mode._enabled or not any(
            isinstance(x, Tensor) and (x.grad_fn is not None or x._requires_grad) for x in inputs):
        return Tensor._make(out)
    edges = tuple(grad_edge(x) if isinstance(x, Tensor) else (None, 0) for x in inputs)
    meta = tuple((x.array.shape, x.dtype) if isinstance(x, Tensor) else None for x in inputs)
    node = OpNode(op, edges, meta, params)
    result = Tensor._make(out, grad_fn=node)
    for (child, _), rule in zip(edges, op.grads):
        if child is None or rule is None:
            continue
        for name in rule.uses:
            if name in node.saved or "." in name:
                continue
            if name == "ans":
                node.saved[name] = ((out, result._version), 0)
            else:
                value = inputs[op.inputs.index(name)]
                node.saved[name] = (value, value._version.value if isinstance(value, Tensor) else 0)
    return result


def _promote(op, inputs, arrays):
    """Cast the operands to torch's result dtype (numpy's own promotion differs: int64 + 0.5 is float32 in torch)."""
    operands = [inputs[i] for i in op.promoted]
    dtype = result_dtype(operands)
    if op.promote == "float" and not dtype.is_floating_point:
        dtype = dtypes.default_float
    np_dtype = to_numpy_dtype(dtype)
    for i in op.promoted:  # python numbers stay: numpy treats them as weakly typed, as torch does
        a = arrays[i]
        if isinstance(a, np.ndarray) and a.dtype != np_dtype:
            arrays[i] = a.astype(np_dtype)


def broadcast_error(shapes):
    """torch's message for the first dimension (from the right) where two shapes cannot broadcast."""
    a, b = shapes[0], shapes[1]
    for i in range(1, min(len(a), len(b)) + 1):
        if a[-i] != b[-i] and a[-i] != 1 and b[-i] != 1:
            return errors.GradcliError(errors.BROADCAST % (a[-i], b[-i], max(len(a), len(b)) - i))
    return errors.GradcliError("shapes %s and %s cannot be broadcast" % (list(a), list(b)))


def apply_inplace(op, target, *others, **params):
    """An in-place op: the result of `op(target, *others)` written into target, whose history it becomes."""
    check_inplace(target)
    result = apply(op, target, *others, **params)
    if result.dtype is not target.dtype and not can_cast(result.dtype, target.dtype):
        raise errors.GradcliError("result type %s can't be cast to the desired output type %s"
                                  % (result.dtype.short_name, target.dtype.short_name))
    np.copyto(target.array, result.array, casting="unsafe")
    target._version.value += 1
    if result.grad_fn is not None:
        target.grad_fn, target._output_nr = result.grad_fn, 0
    return target


def check_inplace(target):
    if grad_mode._enabled and target.grad_fn is None and target._requires_grad:
        raise errors.GradcliError(errors.LEAF_INPLACE)


def can_cast(source, target):
    return source.category <= target.category


def as_tensor(value, dtype=None):
    """A Tensor from a tensor or python number (for ops that take either)."""
    if isinstance(value, Tensor):
        return value
    return Tensor._make(np.asarray(value, dtype=to_numpy_dtype(dtype or result_dtype([value]))))


# ---------------------------------------------------------------- the table itself
from . import linalg, nn, pointwise, reduce, shape  # noqa: E402  (each registers its front doors)

_OPERATORS = {
    "__add__": pointwise.add, "__radd__": pointwise.add, "__sub__": pointwise.sub, "__rsub__": pointwise.rsub,
    "__mul__": pointwise.mul, "__rmul__": pointwise.mul, "__truediv__": pointwise.div,
    "__rtruediv__": pointwise.rdiv, "__floordiv__": pointwise.floor_divide,
    "__rfloordiv__": lambda x, y: pointwise.floor_divide(y, x), "__mod__": pointwise.remainder,
    "__rmod__": lambda x, y: pointwise.remainder(y, x), "__pow__": pointwise.pow, "__rpow__": pointwise.rpow,
    "__matmul__": linalg.matmul, "__rmatmul__": lambda x, y: linalg.matmul(y, x), "__neg__": pointwise.neg,
    "__pos__": lambda x: x, "__abs__": pointwise.abs, "__eq__": pointwise.eq, "__ne__": pointwise.ne,
    "__lt__": pointwise.lt, "__le__": pointwise.le, "__gt__": pointwise.gt, "__ge__": pointwise.ge,
    "__and__": pointwise.logical_and, "__or__": pointwise.logical_or, "__invert__": pointwise.logical_not,
    "__iadd__": pointwise.add_, "__isub__": pointwise.sub_, "__imul__": pointwise.mul_,
    "__itruediv__": pointwise.div_, "__getitem__": shape.getitem, "__setitem__": shape.setitem,
}
for _name, _fn in {**METHODS, **_OPERATORS}.items():
    if _name not in Tensor.__dict__:
        setattr(Tensor, _name, _fn)
