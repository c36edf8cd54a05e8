"""The op table's machinery: Op rows, the graph nodes they make, and `apply`, the single bind point.

An Op is one row per torch overload, as in PyTorch's derivatives.yaml: the grad_fn name as torch spells it,
the numpy forward, and per differentiable input a gradient formula with the saved values it uses. Formulas are
written in gradcli's own tensor ops, so a backward run with create_graph=True records a graph of its own and
higher derivatives come for free.

What a node saves follows torch: only the values that the formulas of the inputs needing grad use. That decides
when a second backward without retain_graph fails (x*3 saves 3; x+3 saves nothing) and which in-place changes
the version check catches.
"""

import warnings
import weakref

import numpy as np

# torch gives inf and nan silently (log(0), 0/0, mean of nothing): numpy must not print warnings about them
np.seterr(all="ignore")
warnings.filterwarnings("ignore", category=RuntimeWarning, module="numpy")

from .. import dtypes, errors, grad_mode, limits, memory
from ..graph import AccumulateGrad, Node, _sequence
from ..tensor import Tensor, shape_text, to_numpy_dtype

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
    output) or metadata such as `x.shape` (kept without saving a tensor). For an op with several outputs, `g`
    is the tuple of their gradients (zeros where none arrived)."""

    __slots__ = ("uses", "fn", "saves")

    def __init__(self, uses, fn):
        self.uses = tuple(uses.split())
        self.fn = fn
        self.saves = tuple(u for u in self.uses if "." not in u)  # what must be kept alive for this formula


class Op:
    """One row of the op table."""

    __slots__ = ("name", "forward", "inputs", "grads", "promote", "promoted", "view", "position", "edges", "rules")

    def __init__(self, name, forward, inputs, grads=(), promote=None, promoted=None, view=False):
        self.name = name              # torch's grad_fn class name, e.g. "MulBackward0"
        self.forward = forward        # numpy: forward(*arrays, **params) -> ndarray (or a tuple: one per output)
        self.inputs = tuple(inputs.split())  # names of the operands (tensors or python numbers)
        self.grads = tuple(grads)     # one Grad (or None: not differentiable) per input; () for none at all
        self.promote = promote        # None | "common" (torch's result_type) | "float" (ints become float32)
        # which operands take part in promotion (all by default; where's condition does not)
        names = self.inputs if promoted is None else tuple(promoted.split())
        self.promoted = tuple(i for i, name in enumerate(self.inputs) if name in names)
        self.view = view              # the output shares the first input's memory (and version counter)
        self.position = {name: i for i, name in enumerate(self.inputs)}
        # torch's next_functions hold one edge per differentiable input (where's condition, pow's python
        # exponent have none): the positions of those inputs and their formulas, in order
        self.edges = tuple(i for i, rule in enumerate(self.grads) if rule is not None)
        self.rules = tuple(self.grads[i] for i in self.edges)


_NO_PARAMS = {}
_NO_EDGE = (None, 0)


class OpNode(Node):
    """The grad_fn of one application of an Op."""

    __slots__ = ("op", "params", "saved", "outputs")

    def __init__(self, op, next_functions, input_meta, params, outputs=None):
        # Node's fields set here directly: one call less for every recorded op
        self.next_functions = next_functions
        self.input_meta = input_meta
        self.sequence_nr = next(_sequence)
        self.retained = None
        self.hooks = None
        self.op = op
        self.params = params or _NO_PARAMS
        self.saved = {}        # name -> (value, version when saved); None once released
        self.outputs = outputs  # for an op with several outputs: their (shape, numpy dtype)

    def name(self):
        return self.op.name

    def release(self):
        if self.saved:
            self.saved = None

    def unpack(self, name):
        """A saved value, checked against in-place changes since it was saved."""
        if "." in name:
            base, attribute = name.split(".")
            shape, dtype = self.input_meta[self.op.position[base]]
            return shape if attribute == "shape" else dtype
        value, version = self.saved[name]
        if name == "ans":  # the output is kept as its parts, so that node and output form no cycle
            array, counter, grad_fn = value
            if counter.value != version:
                raise modified_error(array, counter.value, version, self)
            return Tensor._make(array, grad_fn or self, counter)
        if isinstance(value, Tensor) and value._version.value != version:
            raise modified_error(value.array, value._version.value, version, value.grad_fn)
        return value

    def apply(self, grad_outputs, create_graph):
        if self.saved is None:
            raise errors.GradcliError(errors.SECOND_BACKWARD)
        if self.outputs is None:
            g = grad_outputs[0]
        else:
            grad_outputs = list(grad_outputs) + [None] * (len(self.outputs) - len(grad_outputs))
            g = tuple(Tensor._make(np.zeros(shape, dtype)) if grad is None else grad
                      for grad, (shape, dtype) in zip(grad_outputs, self.outputs))
        grads = []
        for (child, _), rule in zip(self.next_functions, self.op.rules):
            if child is None:
                grads.append(None)
            elif rule.uses:
                grads.append(rule.fn(g, *[self.unpack(u) for u in rule.uses], **self.params))
            else:
                grads.append(rule.fn(g, **self.params))
        return grads


def modified_error(array, version, expected, grad_fn):
    """torch's version-counter error; `grad_fn` names the op that produced the saved tensor (None: a leaf or
    a tensor without history)."""
    dtype = dtypes.by_name(array.dtype.name)
    origin = ""
    if grad_fn is not None:
        origin = ", which is output 0 of %s," % inplace_origin_name(grad_fn.name())
    return errors.GradcliError(errors.MODIFIED_INPLACE % (dtype.legacy_name, shape_text(array.shape), origin, version, expected))


def inplace_origin_name(node_name):
    """torch's name for the op that produced a tensor: MulBackward0 -> Mul, ClampBackward1 -> Clamp1."""
    if node_name in ("CopySlices", "CopyBackwards"):
        return "torch::autograd::" + node_name
    stem, _, number = node_name.rpartition("Backward")
    return stem if number in ("", "0") else stem + number


# ---------------------------------------------------------------- binding
def grad_edge(tensor):
    """The (node, output_nr) edge through which a gradient reaches `tensor`, or (None, 0)."""
    node = tensor._grad_fn if tensor._view is None else tensor.grad_fn  # a view's history may need renewing
    if node is not None:
        return (node, tensor._output_nr)
    if tensor._requires_grad:
        return (grad_accumulator(tensor), 0)
    return _NO_EDGE


def grad_accumulator(tensor, keep=False):
    """The leaf's one AccumulateGrad node (the same object each time, as in torch). Held weakly, unless `keep`:
    a node carrying the leaf's hooks must outlive the graphs that use it."""
    ref = tensor._accumulator
    node = ref() if ref is not None else None
    if node is None:
        node = AccumulateGrad(tensor)
        tensor._accumulator = weakref.ref(node)
    if keep:
        tensor._accumulator = _Held(node)
    return node


class _Held:
    """A strong reference that is called like a weakref."""

    __slots__ = ("node",)

    def __init__(self, node):
        self.node = node

    def __call__(self):
        return self.node


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


_OPERANDS = (np.ndarray, np.generic, bool, int, float, complex, type(None))  # None: an absent bound (clamp)


def _operand_error(op, i, value):
    """torch's TypeError for an operand that is neither a tensor nor a number (the function's name from the
    grad_fn's: MinBackward1 -> min)."""
    name = (op.name or "op").split("Backward")[0].lower()
    return errors.type_error("%s(): argument '%s' (position %d) must be Tensor, not %s"
                             % (name, "input" if i == 0 else "other", i + 1, type(value).__name__))


def apply(op, *inputs, **params):
    """Run `op` forward on numpy and, when grad mode is on and an input requires grad, record its node.
    An op whose forward returns a tuple gives a tuple of tensors sharing one node (output_nr 0, 1, ...)."""
    arrays = []
    for x in inputs:
        if isinstance(x, Tensor):
            arrays.append(x.array)
        elif isinstance(x, _OPERANDS):
            arrays.append(x)
        else:  # numpy would make an object array of a dict, a list, None...
            raise _operand_error(op, len(arrays), x)
    if op.promote is not None and not _one_floating_dtype(op, arrays):  # one floating dtype: nothing to cast
        _promote(op, inputs, arrays)
    if len(arrays) > 1:  # before numpy allocates a broadcast result (one operand's results are no bigger)
        limits.check_broadcast(arrays)
    try:
        if _backward_passes and not grad_mode._enabled and not params and op.forward.__class__ is np.ufunc:
            out = _compact_ufunc(op.forward, arrays)  # backward passes meet broadcast scalars all the time
        else:
            out = op.forward(*arrays, **params)
    except ValueError as exc:
        if "broadcast" in str(exc):
            raise broadcast_error([a.shape for a in arrays if isinstance(a, np.ndarray)]) from None
        raise
    if type(out) is not np.ndarray:
        if isinstance(out, (tuple, list)):
            return _several_outputs(op, inputs, params, out)
        out = np.asarray(out)
    if out.dtype.kind == "O":  # a parameter that is no number (`x ** ...`) slipped through
        raise errors.type_error("%s(): unsupported argument types %s" % (
            (op.name or "op").split("Backward")[0].lower(),
            ", ".join(sorted({type(v).__name__ for v in params.values() if not isinstance(v, _OPERANDS)}))))
    memory.large_array_made(out.nbytes)
    node = _record(op, inputs, params, None) if op.grads and grad_mode._enabled else None
    return _finish(op, inputs, params, node, Tensor._make(out, node))


def _several_outputs(op, inputs, params, outs):
    """apply's ending for an op with several outputs: tensors sharing one node (output_nr 0, 1, ...)."""
    node = _record(op, inputs, params, outs) if op.grads and grad_mode._enabled else None
    return _finish(op, inputs, params, node, tuple(Tensor._make(o, node, None, i) for i, o in enumerate(outs)))


def _finish(op, inputs, params, node, results):
    """The result(s) of apply, made views of the first input if the op is a view, with the node's saved values."""
    if op.view:
        make_views(results, inputs[0], op, params)
    if node is not None:
        _save(node, op, inputs, results)
    return results


def _record(op, inputs, params, outs):
    """The node for this application, or None when no input needs a gradient."""
    for i in op.edges:  # first the common answer for plain data, without building any edge
        x = inputs[i]
        if isinstance(x, Tensor) and (x._grad_fn is not None or x._requires_grad or x._view is not None):
            break
    else:
        return None
    edges = []
    meta = []
    needed = False
    for i in op.edges:
        x = inputs[i]
        if isinstance(x, Tensor):
            if x._grad_fn is not None and x._view is None:  # the common case, without a call
                edge = (x._grad_fn, x._output_nr)
            else:
                edge = grad_edge(x)
            if edge[0] is not None:
                needed = True
                edges.append(edge)
                meta.append((x.array.shape, x.dtype))
                continue
        edges.append(_NO_EDGE)
        meta.append(None)
    if not needed:
        return None
    outputs = None if outs is None else tuple((o.shape, o.dtype) for o in outs)
    meta = tuple(meta)
    return OpNode(op, tuple(edges), _INPUT_META.setdefault(meta, meta), params, outputs)


# One shared tuple per distinct input_meta: a million-node graph then holds a million fewer objects for the
# garbage collector to walk (programs use few distinct shapes).
_INPUT_META = {}


def _save(node, op, inputs, result):
    """Keep what the formulas of the inputs that need a gradient use (torch saves no more)."""
    saved = node.saved
    for (child, _), rule in zip(node.next_functions, op.rules):
        if child is None:
            continue
        for name in rule.saves:
            if name in saved:
                continue
            if name == "ans":
                saved[name] = ((result.array, result._version, None), result._version.value)  # None: this node
            else:
                value = inputs[op.position[name]]
                saved[name] = (value, value._version.value if isinstance(value, Tensor) else 0)


_PROMOTIONS = {}  # (rule, default float, each operand's dtype (with a 0 if 0-d) or python type) -> numpy dtype


_compact_results = weakref.WeakValueDictionary()  # id -> array: the broadcasts _compact_ufunc made
_backward_passes = 0  # how many backward passes (without create_graph) are running: see backward_pass


class backward_pass:
    """autograd's front doors run the engine inside this: elementwise ops on broadcast scalars (a gradient
    expanded from a sum or mean) are then computed once and broadcast. Such read-only results reach users
    only through accumulate_into (which copies what it does not own) and `materialized`."""

    def __enter__(self):
        global _backward_passes
        _backward_passes += 1

    def __exit__(self, *exc):
        global _backward_passes
        _backward_passes -= 1
        return False


def materialized(tensor):
    """A tensor given back to users: a computed-once broadcast becomes an ordinary array of its own."""
    if tensor is not None and _is_compact(tensor.array):
        return Tensor._make(np.array(tensor.array), tensor._grad_fn, None, tensor._output_nr)
    return tensor


def _compact_ufunc(ufunc, arrays):
    """An elementwise op whose array operands each repeat one value (a gradient expanded from a sum or mean)
    is computed once and broadcast: a view instead of a full pass over memory. Otherwise, the plain ufunc."""
    shapes = []
    small = []
    repeated = False
    for a in arrays:
        if isinstance(a, np.ndarray) and a.ndim:
            if a.size > 1:
                if any(a.strides):
                    return ufunc(*arrays)
                repeated = True
            shapes.append(a.shape)
            a = a[(slice(0, 1),) * a.ndim]  # one element, same ndim: numpy picks the same dtype as in full
        small.append(a)
    if not repeated:
        return ufunc(*arrays)
    out = broadcast_view(ufunc(*small), shapes[0] if len(set(shapes)) == 1 else np.broadcast_shapes(*shapes))
    out.flags.writeable = False
    _compact_results[id(out)] = out
    return out


def broadcast_view(array, size):
    """np.broadcast_to(array, size), but writable when array is (torch lets a row of an expanded tensor be
    written). `size` must be a broadcast of array's shape. np.broadcast_to takes microseconds of python on a
    small array; ndarray's own constructor over array's memory, possible when that is contiguous, does not."""
    lead = len(size) - array.ndim
    strides = (0,) * lead + tuple(0 if n == 1 else step for n, step in zip(array.shape, array.strides))
    if array.flags.c_contiguous or array.flags.f_contiguous:  # then numpy can hand out its memory as a buffer
        return np.ndarray(size, array.dtype, array, 0, strides)
    view = np.broadcast_to(array, size)
    if array.flags.writeable:
        view.flags.writeable = True
    return view


def _is_compact(array):
    return _compact_results.get(id(array)) is array


def _promote(op, inputs, arrays):
    """Cast the operands to torch's result dtype (numpy's own promotion differs: int64 + 0.5 is float32 in torch).
    The answer depends only on the operands' kinds, so it is remembered per combination (a hot path)."""
    key = [op.promote, dtypes.default_float]
    for i in op.promoted:
        a = arrays[i]
        key.append(((a.dtype, 0) if a.ndim == 0 else a.dtype) if isinstance(a, np.ndarray) else type(a))
    key = tuple(key)
    np_dtype = _PROMOTIONS.get(key)
    if np_dtype is None:
        dtype = result_dtype([inputs[i] for i in op.promoted])
        if op.promote == "float" and not dtype.is_floating_point:
            dtype = dtypes.default_float
        np_dtype = _PROMOTIONS[key] = to_numpy_dtype(dtype)
    for i in op.promoted:  # python numbers stay: numpy treats them as weakly typed, as torch does
        a = arrays[i]
        if isinstance(a, np.ndarray) and a.dtype != np_dtype:
            arrays[i] = a.astype(np_dtype)


def _one_floating_dtype(op, arrays):
    """Whether the promoted operands are arrays of one floating dtype and python numbers: the result then has
    that dtype under every rule (a number never outranks a floating tensor), so nothing needs a cast."""
    common = None
    for i in op.promoted:
        a = arrays[i]
        if a.__class__ is np.ndarray:
            if common is None:
                common = a.dtype
            elif a.dtype != common:
                return False
        elif a.__class__ not in _NUMBERS:
            return False
    return common is not None and common.kind == "f"


_NUMBERS = (bool, int, float)


def broadcast_error(shapes):
    """torch's message for the first dimension (from the right) where two shapes cannot broadcast."""
    a, b = shapes[0], shapes[1]
    for i in range(1, min(len(a), len(b)) + 1):
        if a[-i] != b[-i] and a[-i] != 1 and b[-i] != 1:
            return errors.GradcliError(errors.BROADCAST % (a[-i], b[-i], max(len(a), len(b)) - i))
    return errors.GradcliError("shapes %s and %s cannot be broadcast" % (list(a), list(b)))


def as_tensor(value, dtype=None):
    """A Tensor from a tensor or python number (for ops that take either)."""
    if isinstance(value, Tensor):
        return value
    return Tensor._make(np.asarray(value, dtype=to_numpy_dtype(dtype or result_dtype([value]))))


# ---------------------------------------------------------------- the table itself
from .inplace import apply_inplace, can_cast, check_inplace, inplace_variant, make_views  # noqa: E402,F401
from . import indexing, linalg, nn, pointwise, reduce, shape  # noqa: E402  (each registers its front doors)

_OPERATORS = {
    "__add__": pointwise.add, "__radd__": pointwise.add, "__sub__": pointwise.sub, "__rsub__": pointwise.rsub,
    "__mul__": pointwise.mul, "__rmul__": pointwise.mul, "__truediv__": pointwise.div,
    "__rtruediv__": pointwise.rdiv, "__floordiv__": pointwise.floor_divide,
    "__rfloordiv__": lambda x, y: pointwise.floor_divide(y, x), "__mod__": pointwise.remainder,
    "__rmod__": lambda x, y: pointwise.remainder(y, x), "__pow__": pointwise.pow, "__rpow__": pointwise.rpow,
    "__matmul__": linalg.matmul, "__rmatmul__": lambda x, y: linalg.matmul(y, x), "__neg__": pointwise.neg,
    "__pos__": lambda x: x, "__abs__": pointwise.abs, "__eq__": pointwise.eq, "__ne__": pointwise.ne,
    "__lt__": pointwise.lt, "__le__": pointwise.le, "__gt__": pointwise.gt, "__ge__": pointwise.ge,
    "__and__": pointwise.bitwise_and, "__rand__": pointwise.bitwise_and, "__or__": pointwise.bitwise_or,
    "__ror__": pointwise.bitwise_or, "__invert__": pointwise.bitwise_not,
    "__iadd__": pointwise.add_, "__isub__": pointwise.sub_, "__imul__": pointwise.mul_,
    "__itruediv__": pointwise.div_, "__getitem__": indexing.getitem, "__setitem__": indexing.setitem,
}
# In-place variants that are the out-of-place op rewritten into self (torch names their nodes alike).
for _name in ("neg", "exp", "log", "sqrt", "abs", "relu", "sigmoid", "tanh", "sin", "cos", "tan", "clamp",
              "clamp_min", "clamp_max", "clip", "pow", "reciprocal", "sign", "floor", "ceil", "round", "trunc",
              "log1p", "expm1", "exp2", "rsqrt", "square", "remainder", "masked_fill", "fmod", "addcmul"):
    if _name in METHODS and _name + "_" not in METHODS:
        METHODS[_name + "_"] = inplace_variant(METHODS[_name])


def _binary_operator(fn):
    """Python's protocol, as torch's operators follow it: an operand that is neither a tensor nor a number gives
    NotImplemented, so that Python raises its own TypeError ("unsupported operand type(s) for +: 'Tensor' and
    'str'") and `t == None` is False."""
    def operator(x, y):
        if not isinstance(y, (Tensor, int, float)):
            return NotImplemented
        return fn(x, y)
    operator.__name__ = fn.__name__
    return operator


for _name, _fn in list(_OPERATORS.items()):
    if _name not in ("__getitem__", "__setitem__", "__neg__", "__pos__", "__abs__", "__invert__"):
        _OPERATORS[_name] = _binary_operator(_fn)
for _name, _fn in {**METHODS, **_OPERATORS}.items():
    if _name not in Tensor.__dict__:
        setattr(Tensor, _name, _fn)
