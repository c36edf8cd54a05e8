"""The speed-ups of the op table, and their one contract:

    a fast path may change how a value is stored, never what user code can observe.

What user code can observe of a tensor: its values, shape, dtype, strides and contiguity, whether it can be
written, which other tensors share its memory, its version counter and history; and, of a backward pass, what
hooks receive and what lands in `.grad` or comes back from `autograd.grad`. The fast paths here, and where each
stops before reaching user code:

1. Compact broadcasts. A gradient expanded from a sum or a mean repeats one value; an elementwise formula over
   such operands is computed once and broadcast (a read-only stride-0 view instead of a pass over memory).
   Only op-table formulas make them (the run state's `formulas`, counted by OpNode.apply, so a backward in one
   thread never changes what another thread's ops make), for rows marked elementwise, and only without
   create_graph.
   The engine turns any of them into an ordinary array (`materialized`) before a hook, a `.grad`, an
   autograd.grad result or a node that runs user code sees it.
2. expand without a copy (`broadcast_view`): the same view numpy's broadcast_to makes, built faster, and
   writable as torch's expand is (writing into it is refused later by the in-place overlap check, as in torch).
3. Gradients handed over, not copied: the engine tells AccumulateGrad when it holds the only reference to a
   fresh gradient, which then becomes `.grad` without a copy (torch's AccumulateGrad steals such a gradient too).
   That decision is the engine's (see engine.run_backward), made from what it created, never from reference
   counts.
4. Optimizer steps on arrays (torchlib/optim/optimizer.plain, flat): the in-place ops of SGD and Adam's step
   run as the rows' forwards on numpy arrays, for a whole parameter group at once when its tensors share no
   memory; the tensors get the same values and the version bumps of the in-place ops they stand for.
5. Formulas on arrays (`formula_arrays`): a formula that runs without create_graph records nothing, and its
   intermediate tensors never reach user code, so a formula helper may compute on numpy arrays directly (the
   same forwards, on the same arrays, in the same order) instead of through the op table's bookkeeping. Only
   what it returns becomes a tensor, and the engine treats that as it treats any formula's result.
"""

import weakref

import numpy as np

from ..base.runstate import current, lookup

_compact = weakref.WeakValueDictionary()  # id -> array: the compact broadcasts made so far


def compact_elementwise(forward, arrays, params):
    """An elementwise op whose array operands each repeat one value is computed once and broadcast: a read-only
    view instead of a full pass over memory. Otherwise, the plain forward."""
    repeated = False
    for a in arrays:
        if isinstance(a, np.ndarray) and a.size > 1:
            if any(a.strides):
                return forward(*arrays, **params)
            repeated = True
    if not repeated:
        return forward(*arrays, **params)
    shapes = []
    small = []
    for a in arrays:
        if isinstance(a, np.ndarray) and a.ndim:
            shapes.append(a.shape)
            a = a[(slice(0, 1),) * a.ndim]  # one element, same ndim: numpy picks the same dtype as in full
        small.append(a)
    out = broadcast_view(np.asarray(forward(*small, **params)),
                         shapes[0] if len(set(shapes)) == 1 else np.broadcast_shapes(*shapes))
    out.flags.writeable = False
    _compact[id(out)] = out
    return out


def formula_arrays(*tensors):
    """The arrays of `tensors` when the formula using them may compute on them directly (fast path 5): it runs
    in backward without create_graph and every one is an ordinary array (no shapes-only MetaArray); else None."""
    if not formula_on_arrays():
        return None
    arrays = tuple([t.array for t in tensors])
    for a in arrays:
        if a.__class__ is not np.ndarray:
            return None
    return arrays


def formula_on_arrays():
    """Whether the code running is a formula that may compute on arrays (fast path 5): one in backward without
    create_graph."""
    state = lookup(None) or current()
    return state.formulas and not state.grad_enabled


def is_compact(array):
    return _compact.get(id(array)) is array


def materialized(tensor):
    """The tensor as user code may see it: a compact broadcast becomes an ordinary array of its own."""
    if tensor is None or tensor.array.base is None:  # (a compact broadcast is always a view)
        return tensor
    if is_compact(tensor.array):
        return tensor._make(np.array(tensor.array), tensor._grad_fn, None, tensor._output_nr)
    return tensor


def broadcast_view(array, size):
    """np.broadcast_to(array, size), but writable when array is (torch lets a row of an expanded tensor be
    written). `size` must be a broadcast of array's shape. Built with ndarray's own constructor over array's
    memory when that is contiguous (np.broadcast_to's argument handling costs more than the view)."""
    lead = len(size) - array.ndim
    strides = (0,) * lead + tuple(0 if n == 1 else step for n, step in zip(array.shape, array.strides))
    if array.flags.c_contiguous or array.flags.f_contiguous:  # then numpy can hand out its memory as a buffer
        return np.ndarray(size, array.dtype, array, 0, strides)
    view = np.broadcast_to(array, size)
    if array.flags.writeable:
        view.flags.writeable = True
    return view
