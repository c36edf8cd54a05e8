"""run_backward: the only traversal of the backward graph.

Iterative (a million-op chain must not hit the recursion limit): one pass finds the nodes and counts each
node's incoming edges, then nodes run from a priority queue — latest created first, as torch orders them — once
every consumer has delivered its gradient. Shared work is done here once: each gradient is summed to its
input's shape and cast to its input's dtype, saved values are freed as nodes are consumed, and an optional
observer sees every step.

Gradients reach user code at four places only — tensor hooks, retain_grad's and AccumulateGrad's `.grad`, the
captured results of autograd.grad, and nodes that run user code — and each gets an ordinary tensor there
(ops.fastpath's contract); a first `.grad` is always a copy of its own, so no two `.grad`s and no gradient a
hook kept share memory.
"""

import heapq
import itertools

from ..base import anomaly
from ..base.runstate import current, lookup
from .graph import accumulate_into


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

    checking = anomaly.is_enabled()
    buffers = {}
    for (node, nr), grad in zip(roots, root_grads):
        _add_to_buffer(buffers, node, nr, grad)
    ready = []
    pushed = itertools.count()  # ties (AccumulateGrads, all numbered inf) run in the order they became ready
    for node in dict.fromkeys(node for node, _ in roots):
        if dependencies.get(node, 0) == 0:
            heapq.heappush(ready, (-node.sequence_nr, next(pushed), node))

    node = heapq.heappop(ready)[2] if ready else None
    while node is not None:
        grads_in = buffers.pop(node, None) or [None]
        if node.hooks:
            _run_hooks(node, grads_in, hand_over)
        if node.retained:
            _fill_retained(node, grads_in, create_graph, hand_over)
        if wanted:
            for nr, grad in enumerate(grads_in):
                for i in wanted.get((node, nr), ()):
                    captured[i] = hand_over(grad)
        following = None  # the one node made ready by this one, while no other waits: it runs next, unqueued
        if runnable is None or node in runnable:
            if grads_in[0] is None and _nothing(grads_in):  # nothing arrived: the inputs get nothing either
                grads_out = (None,) * len(node.next_functions)
            else:
                if node.runs_user_code:
                    grads_in = [hand_over(g) for g in grads_in]
                grads_out = node.apply(grads_in, create_graph) if not checking else _checked(node, grads_in, create_graph)
                if observer is not None:  # before release: an explanation shows the values the node saved
                    observer(node, grads_in, grads_out)
                if not retain_graph:
                    node.release()
            for (child, nr), grad, meta in zip(node.next_functions, grads_out, node.input_meta):
                if child is None or (runnable is not None and child not in dependencies):
                    continue
                if grad is not None:
                    if grad.array.shape != meta[0] or grad.dtype is not meta[1]:  # (conform's test, inline)
                        grad = conform(grad, meta)
                    if nr == 0 and child not in buffers:  # the common first gradient, without a call
                        buffers[child] = [grad]
                    else:
                        _add_to_buffer(buffers, child, nr, grad)
                left = dependencies[child] - 1
                dependencies[child] = left
                if left == 0:
                    if following is None and not ready:
                        following = child
                    else:
                        if following is not None:
                            heapq.heappush(ready, (-following.sequence_nr, next(pushed), following))
                            following = None
                        heapq.heappush(ready, (-child.sequence_nr, next(pushed), child))
        # a lone ready node is the one the queue would give next
        node = following if following is not None else heapq.heappop(ready)[2] if ready else None
    return captured


def _checked(node, grads_in, create_graph):
    """node.apply in anomaly mode: a failure names the forward call that made the node; with check_nan, so does
    a nan among the gradients it returns."""
    try:
        grads_out = node.apply(grads_in, create_graph)
        if anomaly.is_check_nan_enabled():
            for nr, grad in enumerate(grads_out):
                if grad is not None and grad.isnan().any():
                    raise anomaly.nan_error(node, nr)
    except Exception:
        anomaly.failed(node)
        raise
    return grads_out


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


def _run_hooks(node, grads_in, hand_over):
    """Tensor hooks (register_hook), in registration order and before retain_grad's: each sees the gradient
    arriving for its tensor, and a hook that returns a tensor replaces that gradient."""
    for nr, hooks in node.hooks.items():
        for hook in list(hooks):
            if nr < len(grads_in) and grads_in[nr] is not None:
                grads_in[nr] = grad = hand_over(grads_in[nr])
                result = hook(grad)
                if result is not None:
                    _check_hook_result(hook, grad, result)
                    grads_in[nr] = result


def _check_hook_result(hook, grad, result):
    """torch's checks of what a hook returns: a gradient of the same type and size."""
    from ..base.errors import GradcliError
    name = getattr(hook, "name", None) or getattr(hook, "__name__", "hook")
    if getattr(result, "dtype", None) is not grad.dtype:
        kind = getattr(getattr(result, "dtype", None), "legacy_name", type(result).__name__)
        raise GradcliError("hook '%s' has changed the type of value (was %s got %s)"
                           % (name, grad.dtype.legacy_name, kind))
    if result.shape != grad.shape:
        raise GradcliError("hook '%s' has changed the size of value" % name)


def _fill_retained(node, grads_in, create_graph, hand_over):
    """retain_grad(): the gradient arriving for a retained output is kept in that tensor's .grad."""
    for nr, ref in node.retained.items():
        tensor = ref()
        if tensor is not None and nr < len(grads_in) and grads_in[nr] is not None:
            accumulate_into(tensor, hand_over(grads_in[nr]), create_graph)


def _add_to_buffer(buffers, node, nr, grad):
    buffer = buffers.get(node)
    if buffer is None:
        buffer = buffers[node] = [None] * (nr + 1)
    elif len(buffer) <= nr:
        buffer.extend([None] * (nr + 1 - len(buffer)))
    buffer[nr] = grad if buffer[nr] is None else buffer[nr] + grad


def conform(grad, meta):
    """Give a gradient its input's shape (summing broadcast dimensions) and dtype. The sum counts as a formula
    (torch's engine does it as the formulas' last step), so that it may take ops.fastpath's formula paths."""
    shape, dtype = meta
    if grad.array.shape != shape:
        state = lookup(None) or current()
        state.formulas += 1
        try:
            grad = grad.sum_to_size(shape)
        finally:
            state.formulas -= 1
    if grad.dtype is not dtype:
        grad = grad.to(dtype)
    return grad
