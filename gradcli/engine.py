"""run_backward: the only traversal of the backward graph.

Iterative (a million-op chain must not hit the recursion limit): one pass finds the nodes and counts each
node's incoming edges, then nodes run from a priority queue — latest created first, as torch orders them — once
every consumer has delivered its gradient. Shared work is done here once: each gradient is summed to its
input's shape and cast to its input's dtype, saved values are freed as nodes are consumed, and an optional
observer sees every step.

Gradients reach user code at four places only — tensor hooks, retain_grad's and AccumulateGrad's `.grad`, the
captured results of autograd.grad, and nodes that run user code — and each gets an ordinary tensor there
(ops.fastpath's contract). The engine also knows which gradients only it holds (`_Owned`): AccumulateGrad may
take those as `.grad` without a copy.
"""

import heapq

from .graph import AccumulateGrad, accumulate_into


class _Owned:
    """The gradients the engine alone holds: fresh results of formulas and of its own sums, each delivered to one
    place, that no hook has seen. Kept by identity (the objects stay alive while listed, so an id is never
    mistaken for a later object's)."""

    __slots__ = ("held",)

    def __init__(self):
        self.held = {}

    def add(self, grad):
        self.held[id(grad)] = grad

    def take(self, grad):
        """Whether `grad` was owned; it is not any more (it is handed on)."""
        return self.held.pop(id(grad), None) is grad

    def discard(self, grad):
        self.held.pop(id(grad), None)


def _as_is(grad):
    return grad


def run_backward(roots, root_grads, retain_graph=False, create_graph=False, capture=None, observer=None,
                 hand_over=_as_is):
    """Back-propagate `root_grads` from `roots` (a list of (node, output_nr) edges).

    capture: optional list of (node, output_nr) edges whose incoming gradient is returned instead of being
    passed on (autograd.grad, backward(inputs=...)); then only nodes that lead to a captured edge run, and no
    AccumulateGrad writes a .grad. observer(node, grads_in, grads_out) is called once per node that runs.
    hand_over(grad): the gradient as user code may see it (the core's fastpath.materialized).
    Returns the captured gradients (None where nothing arrived).
    """
    captured = [None] * len(capture or ())
    wanted = {}  # edge -> positions in `captured`
    for i, edge in enumerate(capture or ()):
        wanted.setdefault(edge, []).append(i)
    dependencies, runnable = _plan(roots, wanted if capture is not None else None)

    owned = _Owned()
    buffers = {}
    for (node, nr), grad in zip(roots, root_grads):
        _add_to_buffer(buffers, owned, node, nr, grad)
    ready = []
    for node in {node for node, _ in roots}:
        if dependencies.get(node, 0) == 0:
            heapq.heappush(ready, (-node.sequence_nr, id(node), node))

    while ready:
        node = heapq.heappop(ready)[2]
        grads_in = buffers.pop(node, None) or [None]
        if node.hooks:
            _run_hooks(node, grads_in, owned, hand_over)
        if node.retained:
            _fill_retained(node, grads_in, create_graph, owned, hand_over)
        if wanted:
            for nr, grad in enumerate(grads_in):
                for i in wanted.get((node, nr), ()):
                    owned.discard(grad)
                    captured[i] = hand_over(grad)
        if runnable is not None and node not in runnable:
            continue
        if grads_in[0] is None and _nothing(grads_in):  # nothing arrived: the inputs get nothing either
            grads_out = (None,) * len(node.next_functions)
        elif node.__class__ is AccumulateGrad:
            grad = grads_in[0]
            accumulate_into(node.variable, hand_over(grad), create_graph, owned.take(grad))
            grads_out = ()
            if observer is not None:
                observer(node, grads_in, grads_out)
        else:
            if node.runs_user_code:
                grads_in = [hand_over(g) for g in grads_in]
            grads_out = node.apply(grads_in, create_graph)
            if not retain_graph:
                node.release()
            _track(owned, grads_in, grads_out)
            if observer is not None:
                observer(node, grads_in, grads_out)
        for (child, nr), grad, meta in zip(node.next_functions, grads_out, node.input_meta):
            if child is None or (runnable is not None and child not in dependencies):
                continue
            if grad is not None:
                _add_to_buffer(buffers, owned, child, nr, _conform(grad, meta, owned))
            left = dependencies[child] - 1
            dependencies[child] = left
            if left == 0:
                heapq.heappush(ready, (-child.sequence_nr, id(child), child))
    return captured


def _track(owned, grads_in, grads_out):
    """After a node ran: which of its outputs only the engine holds. An incoming gradient passed on unchanged
    stays owned if it goes to one place; a new one is owned if it has memory of its own (not a view) and goes to
    one place."""
    incoming = {}
    for g in grads_in:
        if g is not None:
            incoming[id(g)] = owned.take(g)
    for i, g in enumerate(grads_out):
        if g is None:
            continue
        once = True
        for j, other in enumerate(grads_out):
            if j != i and other is g:
                once = False
                break
        if id(g) in incoming:
            if once and incoming[id(g)]:
                owned.add(g)
        elif once and g.array.base is None and g.array.flags.writeable:
            owned.add(g)


def _plan(roots, wanted):
    """Count each node's incoming edges (iteratively). With captured edges, also find the nodes that must run:
    those from which a captured edge can be reached; the count then covers only edges between such nodes and
    the captured ones. Returns (dependencies, runnable or None)."""
    dependencies = {}
    parents = {} if wanted is not None else None
    seen = set()
    stack = []
    for node, _ in roots:
        if node not in seen:
            seen.add(node)
            stack.append(node)
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            dependencies[child] = dependencies.get(child, 0) + 1
            if parents is not None:
                parents.setdefault(child, []).append(node)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    if wanted is None:
        return dependencies, None
    targets = {node for node, _ in wanted if node in seen}
    runnable = set()
    stack = [parent for node in targets for parent in parents.get(node, ())]
    while stack:
        node = stack.pop()
        if node not in runnable:
            runnable.add(node)
            stack.extend(parents.get(node, ()))
    relevant = runnable | targets
    counts = {}
    for node in runnable:
        for child, _ in node.next_functions:
            if child in relevant:
                counts[child] = counts.get(child, 0) + 1
    return counts, runnable


def _nothing(grads):
    for g in grads:
        if g is not None:
            return False
    return True


def _run_hooks(node, grads_in, owned, hand_over):
    """Tensor hooks (register_hook), in registration order and before retain_grad's: each sees the gradient
    arriving for its tensor, and a hook that returns a tensor replaces that gradient."""
    for nr, hooks in node.hooks.items():
        for hook in list(hooks):
            if nr < len(grads_in) and grads_in[nr] is not None:
                grad = grads_in[nr]
                owned.discard(grad)  # the hook may keep it
                grads_in[nr] = grad = hand_over(grad)
                result = hook(grad)
                if result is not None:
                    grads_in[nr] = result


def _fill_retained(node, grads_in, create_graph, owned, hand_over):
    """retain_grad(): the gradient arriving for a retained output is kept in that tensor's .grad."""
    for nr, ref in node.retained.items():
        tensor = ref()
        if tensor is not None and nr < len(grads_in) and grads_in[nr] is not None:
            owned.discard(grads_in[nr])  # it also goes on to the node's formulas
            accumulate_into(tensor, hand_over(grads_in[nr]), create_graph, False)


def _add_to_buffer(buffers, owned, node, nr, grad):
    buffer = buffers.get(node)
    if buffer is None:
        buffer = buffers[node] = [None] * (nr + 1)
    elif len(buffer) <= nr:
        buffer.extend([None] * (nr + 1 - len(buffer)))
    if buffer[nr] is None:
        buffer[nr] = grad
    else:
        owned.discard(buffer[nr])
        owned.discard(grad)
        buffer[nr] = total = buffer[nr] + grad
        if total.array.base is None:
            owned.add(total)


def _conform(grad, meta, owned):
    """Give a gradient its input's shape (summing broadcast dimensions) and dtype."""
    shape, dtype = meta
    conformed = grad
    if conformed.shape != shape:
        conformed = conformed.sum_to_size(shape)
    if conformed.dtype is not dtype:
        conformed = conformed.to(dtype)
    if conformed is not grad:  # a new tensor the engine made: owned when it has memory of its own
        owned.discard(grad)
        if conformed.array.base is None:
            owned.add(conformed)
    return conformed
