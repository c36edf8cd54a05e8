"""apply: the single bind point of the op table. It runs a row's forward on numpy and, when grad mode is on and an
input needs a gradient, records the row's node (OpNode) with the values its derivatives use.

What a node saves follows torch: only what the derivatives of the inputs needing grad use. That decides when a
second backward without retain_graph fails (x*3 saves 3; x+3 saves nothing) and which in-place changes the
version check catches.
"""

import weakref

import numpy as np

from . import fastpath
from ..base import anomaly, dtypes, errors, grad_mode
from ..base.runstate import current, lookup
from ..core import limits
from ..autograd.graph import AccumulateGrad, Node, _sequence
from ..core.meta import MetaArray
from ..core.tensor import DTYPES, Tensor, shape_text, to_numpy_dtype

_NO_PARAMS = {}
_NO_EDGE = (None, 0)
_tensor = Tensor._make  # (bound once, not at each of apply's calls)


class OpNode(Node):
    """The grad_fn of one application of a Row."""

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
        self.saved = {}         # name -> (value, version when saved); None once released
        self.outputs = outputs  # for an op with several outputs: their (shape, numpy dtype)

    def name(self):
        return self.op.name

    def release(self):
        if self.saved:
            self.saved = None

    def unpack(self, name):
        """A value a derivative uses: a saved input or `result`, checked against in-place changes since it was
        saved, or an input's `_shape`/`_dtype`."""
        saved = self.saved.get(name)
        if saved is None:  # `<input>_shape` or `<input>_dtype`: kept in input_meta, not saved
            meta = self.input_meta[self.op.position[name[:-6]]]
            return meta[0] if name.endswith("_shape") else meta[1]
        value, version = saved
        if value.__class__ in _NUMBERS:  # a python number (x * 3's 3): nothing to check
            return value
        if isinstance(value, Tensor):
            if value._version.value != version:
                raise modified_error(value.array, value._version.value, version, value.grad_fn)
            return value
        if name.startswith("result"):  # an output is kept as its parts, so that node and output form no cycle
            array, counter, grad_fn, output_nr = value
            if counter.value != version:
                raise modified_error(array, counter.value, version, self)
            return _tensor(array, grad_fn or self, counter, output_nr)
        return value

    def apply(self, grad_outputs, create_graph):
        if self.saved is None:
            raise errors.GradcliError(errors.SECOND_BACKWARD)
        if self.outputs is None:
            g = grad_outputs[0]
        else:  # `grads`: None for an output no gradient reached, as torch's undefined gradients
            g = tuple(grad_outputs) + (None,) * (len(self.outputs) - len(grad_outputs))
        grads = []
        unpack = self.unpack
        state = lookup(None) or current()
        state.formulas += 1
        try:
            for (child, _), rule in zip(self.next_functions, self.op.rules):
                if child is None:
                    grads.append(None)
                elif rule.positional and not rule.params:  # the common case: the values in order
                    grads.append(rule.fn(g, *map(unpack, rule.uses)))
                else:
                    values = {name: unpack(name) for name in rule.uses}
                    for name in rule.params:
                        if name in self.params:
                            values[name] = self.params[name]
                    grads.append(rule.fn(g, **values))
        finally:
            state.formulas -= 1
        return grads


def modified_error(array, version, expected, grad_fn):
    """torch's version-counter error; `grad_fn` names the op that produced the saved tensor (None: a leaf or
    a tensor without history)."""
    dtype = dtypes.by_name(array.dtype.name)
    origin = ""
    if grad_fn is not None:
        origin = ", which is output 0 of %s," % inplace_origin_name(grad_fn.name())
    return errors.GradcliError(errors.MODIFIED_INPLACE % (dtype.legacy_name, shape_text(array.shape), origin,
                                                          version, expected))


def inplace_origin_name(node_name):
    """torch's name for the op that produced a tensor: MulBackward0 -> Mul, ClampBackward1 -> Clamp1."""
    if node_name in ("CopySlices", "CopyBackwards"):
        return "torch::autograd::" + node_name
    stem, _, number = node_name.rpartition("Backward")
    return stem if number in ("", "0") else stem + number


# ---------------------------------------------------------------- edges
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


# ---------------------------------------------------------------- apply
_OPERANDS = (np.ndarray, np.generic, bool, int, float, complex, type(None))  # None: an absent bound (clamp)


def apply(op, *inputs, **params):
    """Run `op` forward on numpy and, when grad mode is on and an input requires grad, record its node.
    An op whose forward returns a tuple gives a tuple of tensors sharing one node (output_nr 0, 1, ...)."""
    arrays = []
    on_meta = False
    tracked = False  # an input with history, requiring grad or a view: only then can a node be needed
    for x in inputs:
        if isinstance(x, Tensor):
            array = x.array
            arrays.append(array)
            if array.__class__ is not np.ndarray:
                on_meta = on_meta or array.__class__ is MetaArray
            if not tracked:
                tracked = x._grad_fn is not None or x._requires_grad or x._view is not None
        elif isinstance(x, _OPERANDS):
            arrays.append(x)
        else:  # numpy would make an object array of a dict, a list, None...
            raise _operand_error(op, len(arrays), x)
    state = lookup(None) or current()  # once per op: grad mode, default dtype, anomaly mode, a formula running
    if op.promote is not None:
        promoted = op.promoted
        if len(promoted) == 1:  # one operand: a floating array keeps its dtype under every rule
            a = arrays[promoted[0]]
            if a.__class__ is not np.ndarray or a.dtype.kind != "f":
                _promote(op, inputs, arrays, dtypes.default_float(state))
        elif not _one_floating_dtype(op, arrays):  # one floating dtype: nothing to cast
            _promote(op, inputs, arrays, dtypes.default_float(state))
    if on_meta:  # shapes only
        from .meta_shapes import forward
        out = forward(op, inputs, arrays, params)
        if type(out) is tuple:
            return _several_outputs(op, inputs, params, out, state)
        node = _record(op, inputs, params, None, state) if op.rules and state.grad_enabled else None
        return _finish(op, inputs, params, node, _tensor(out, node))
    if len(arrays) > 1:  # before numpy allocates a broadcast result (one operand's results are no bigger)
        limits.check_broadcast(arrays)
    try:
        if state.formulas and op.elementwise and not state.grad_enabled:
            out = fastpath.compact_elementwise(op.forward, arrays, params)
        else:
            out = op.forward(*arrays, **params)
    except (ValueError, OverflowError) as exc:
        out = _forward_failed(op, arrays, params, exc)
    return _result(op, inputs, params, out, state, tracked)


# apply's steps for tensors of data and python numbers, without its loop over the operands: the front doors of
# one- and two-operand rows without parameters (ops.families) call these, which hand the rest (shapes only, a
# cast, another kind of operand) to apply itself.
def apply_unary(op, x):
    """apply(op, x)."""
    if x.__class__ is Tensor:
        array = x.array
        if array.__class__ is np.ndarray and (op.promote is None or (array.dtype.kind == "f" and op.promoted)):
            state = lookup(None) or current()
            try:
                if state.formulas and op.elementwise and not state.grad_enabled:
                    out = fastpath.compact_elementwise(op.forward, [array], _NO_PARAMS)
                else:
                    out = op.forward(array)
            except (ValueError, OverflowError) as exc:
                out = _forward_failed(op, [array], _NO_PARAMS, exc)
            tracked = x._grad_fn is not None or x._requires_grad or x._view is not None
            if not tracked and out.__class__ is np.ndarray and out.dtype.kind != "O" and not op.view:
                return _tensor(out)
            return _result(op, (x,), _NO_PARAMS, out, state, tracked)
    return apply(op, x)


def apply_binary(op, x, y):
    """apply(op, x, y)."""
    if x.__class__ is Tensor:
        a = x.array
        tracked = x._grad_fn is not None or x._requires_grad or x._view is not None
        if y.__class__ is Tensor:
            b = y.array
            plain = b.__class__ is np.ndarray and (b.dtype is a.dtype or op.promote is None)
            tracked = tracked or y._grad_fn is not None or y._requires_grad or y._view is not None
        else:
            b = y
            plain = y.__class__ in _NUMBERS
        # nothing to cast: no promotion, a floating array with an operand of its dtype or a number, or two
        # arrays of one dtype whose common type is theirs (integers, bools)
        if plain and a.__class__ is np.ndarray and (op.promote is None or len(op.promoted) == 2 and (
                a.dtype.kind == "f" or op.promote == "common" and b.__class__ is np.ndarray)):
            state = lookup(None) or current()
            arrays = [a, b]
            limits.check_broadcast(arrays)
            try:
                if state.formulas and op.elementwise and not state.grad_enabled:
                    out = fastpath.compact_elementwise(op.forward, arrays, _NO_PARAMS)
                else:
                    out = op.forward(a, b)
            except (ValueError, OverflowError) as exc:
                out = _forward_failed(op, arrays, _NO_PARAMS, exc)
            if not tracked and out.__class__ is np.ndarray and out.dtype.kind != "O" and not op.view:
                return _tensor(out)
            return _result(op, (x, y), _NO_PARAMS, out, state, tracked)
    return apply(op, x, y)


def _result(op, inputs, params, out, state, tracked):
    """apply's ending, after the forward: the result tensor(s), with the node when grad mode is on and an input
    is `tracked` (has history, requires grad or is a view)."""
    if type(out) is not np.ndarray:
        if isinstance(out, (tuple, list)):
            return _several_outputs(op, inputs, params, out, state)
        out = np.asarray(out)
    if out.dtype.kind == "O":
        raise _object_result_error(op, params)
    if not tracked:  # no input can need a gradient (the common case of plain data): no node, nothing to save
        return _finish(op, inputs, params, None, _tensor(out)) if op.view else _tensor(out)
    node = _record(op, inputs, params, None, state) if op.rules and state.grad_enabled else None
    result = _tensor(out, node)
    if node is None and not op.view:  # nothing to save, nothing to mark
        return result
    return _finish(op, inputs, params, node, result)


def _forward_failed(op, arrays, params, exc):
    """A forward's ValueError or OverflowError as torch reports it: a broadcast mismatch in torch's words, and a
    python int beyond a small integer dtype (int8 + 300), which numpy refuses and torch wraps around."""
    if isinstance(exc, ValueError):
        if "broadcast" in str(exc):
            raise broadcast_error([a.shape for a in arrays if isinstance(a, np.ndarray)]) from None
        raise exc
    if not any(isinstance(a, np.ndarray) and a.dtype.kind in "iu" for a in arrays):
        raise exc  # a forward's own overflow: not the int operand's
    return op.forward(*_wrapped(arrays), **params)


def _object_result_error(op, params):
    """A parameter that is no number (`x ** ...`) slipped through to numpy, which made an object array."""
    return errors.type_error("%s(): unsupported argument types %s" % (
        _function_name(op), ", ".join(sorted({type(v).__name__ for v in params.values()
                                              if not isinstance(v, _OPERANDS)}))))


def _wrapped(arrays):
    """The python ints among the operands as the integer arrays' dtype, wrapped around as C casts them."""
    target = next(a.dtype for a in arrays if isinstance(a, np.ndarray) and a.dtype.kind in "iu")
    wrapped = []
    for a in arrays:
        if a.__class__ is int:
            if not -2 ** 63 <= a < 2 ** 63:
                raise errors.GradcliError("Overflow when unpacking long")
            a = np.asarray(a, np.int64).astype(target)
        wrapped.append(a)
    return wrapped


def _function_name(op):
    """The torch function a row belongs to, for messages: mul.Tensor -> mul."""
    return op.overload.split(".")[0]


def _operand_error(op, i, value):
    """torch's TypeError for an operand that is neither a tensor nor a number."""
    return errors.type_error("%s(): argument '%s' (position %d) must be Tensor, not %s"
                             % (_function_name(op), "input" if i == 0 else "other", i + 1, type(value).__name__))


def _several_outputs(op, inputs, params, outs, state):
    """apply's ending for an op with several outputs: tensors sharing one node (output_nr 0, 1, ...)."""
    node = _record(op, inputs, params, outs, state) if op.rules and state.grad_enabled else None
    return _finish(op, inputs, params, node, tuple(_tensor(o, node, None, i) for i, o in enumerate(outs)))


def _finish(op, inputs, params, node, results):
    """The result(s) of apply, made views of the first input if the op is a view, with the node's saved values."""
    if op.view:
        make_views(results, inputs[0], op, params)
    if node is not None:
        _save(node, op, inputs, results)
    return results


def _record(op, inputs, params, outs, state):
    """The node for this application, or None when no input needs a gradient (`state`: the run state)."""
    edges = []
    meta = []
    needed = False
    for i in op.edges:
        x = inputs[i]
        if isinstance(x, Tensor):
            if x._view is None:  # the common case, without a call: a view's history may need renewing
                node = x._grad_fn
                if node is not None:
                    edge = (node, x._output_nr)
                elif x._requires_grad:
                    edge = (grad_accumulator(x), 0)
                else:
                    edge = _NO_EDGE
            else:
                edge = grad_edge(x)
            if edge[0] is not None:
                needed = True
                edges.append(edge)
                array = x.array
                meta.append((array.shape, DTYPES[array.dtype]))
                continue
        edges.append(_NO_EDGE)
        meta.append(None)
    if not needed:
        return None
    outputs = None if outs is None else tuple((o.shape, o.dtype) for o in outs)
    meta = tuple(meta)
    node = OpNode(op, tuple(edges), _INPUT_META.setdefault(meta, meta), params, outputs)
    if state.anomaly:
        anomaly.remember(node)
    return node


# One shared tuple per distinct input_meta: a million-node graph then holds a million fewer objects for the
# garbage collector to walk (programs use few distinct shapes).
_INPUT_META = {}


def _save(node, op, inputs, result):
    """Keep what the derivatives of the inputs that need a gradient use (torch saves no more)."""
    saved = node.saved
    position = op.position
    for (child, _), rule in zip(node.next_functions, op.rules):
        if child is None:
            continue
        for name in rule.saves:
            if name in saved:
                continue
            i = position.get(name)
            if i is not None:  # an input (the common case)
                value = inputs[i]
                saved[name] = (value, value._version.value if isinstance(value, Tensor) else 0)
            elif name.startswith("result"):  # "result", or "result0", "result1"... of an op with several outputs
                output = result if name == "result" else result[int(name[6:])]
                nr = 0 if name == "result" else int(name[6:])
                saved[name] = ((output.array, output._version, None, nr), output._version.value)  # None: this node
            else:  # `<input>_strides`, in elements, as torch counts them
                array = inputs[position[name[:-8]]].array
                saved[name] = (tuple(s // array.itemsize for s in array.strides), 0)


# ---------------------------------------------------------------- views
class ViewInfo:
    """How a view was cut from its root base: a chain of numpy view steps, and the version its grad_fn saw."""

    __slots__ = ("base", "parent", "forward", "params", "output_nr", "several", "creator", "version", "no_grad")

    def __init__(self, base, parent, forward, params, output_nr, several, creator, version):
        self.base = base            # the root base Tensor (never itself a view)
        self.parent = parent        # the ViewInfo of the view this one was cut from, or None
        self.forward, self.params = forward, params
        self.output_nr, self.several = output_nr, several
        self.creator = creator      # the op's grad_fn name, for torch's multi-output view error
        self.version = version
        self.no_grad = not grad_mode.is_grad_enabled()  # made under no_grad: torch forbids tracked in-place changes

    def index_map(self):
        """For each element of the view, its flat position in the base (a view of the base's arange)."""
        steps = []
        info = self
        while info is not None:
            steps.append(info)
            info = info.parent
        shape = self.base.array.shape
        index = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
        for step in reversed(steps):
            index = step.forward(index, **step.params)
            if step.several:
                index = index[step.output_nr]
        return index


def make_views(results, source, op, params):
    """Mark the outputs of a view op as views of `source`'s root base, sharing its version counter."""
    parent = source._view
    base = source if parent is None else parent.base
    several = isinstance(results, tuple)
    for nr, result in enumerate(results if several else (results,)):
        result._version = source._version
        result._view = ViewInfo(base, parent, op.forward, params, nr, several, op.name, source._version.value)


# ---------------------------------------------------------------- promotion
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


_PROMOTIONS = {}  # (rule, default float, each operand's dtype (with a 0 if 0-d) or python type) -> numpy dtype


def _promote(op, inputs, arrays, default_float):
    """Cast the operands to torch's result dtype (numpy's own promotion differs: int64 + 0.5 is float32 in torch).
    The answer depends only on the operands' kinds, so it is remembered per combination."""
    key = [op.promote, default_float]
    for i in op.promoted:
        a = arrays[i]
        key.append(((a.dtype, 0) if a.ndim == 0 else a.dtype) if isinstance(a, np.ndarray) else type(a))
    key = tuple(key)
    np_dtype = _PROMOTIONS.get(key)
    if np_dtype is None:
        dtype = result_dtype([inputs[i] for i in op.promoted])
        if op.promote == "float" and not dtype.is_floating_point:
            dtype = default_float
        np_dtype = _PROMOTIONS[key] = to_numpy_dtype(dtype)
    for i in op.promoted:  # python numbers stay: numpy treats them as weakly typed, as torch does
        a = arrays[i]
        if isinstance(a, np.ndarray) and a.dtype != np_dtype:
            arrays[i] = a.astype(np_dtype)


_NUMBERS = frozenset((bool, int, float))


def _one_floating_dtype(op, arrays):
    """Whether the promoted operands are arrays of one floating dtype and python numbers: the result then has
    that dtype under every rule (a number never outranks a floating tensor), so nothing needs a cast."""
    common = None
    for i in op.promoted:
        a = arrays[i]
        if a.__class__ is np.ndarray:
            if common is None:
                common = a.dtype
            elif a.dtype is not common and a.dtype != common:
                return False
        elif a.__class__ not in _NUMBERS:
            return False
    return common is not None and common.kind == "f"


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
