"""run_backward: the only traversal of the backward graph.

Iterative (a million-op chain must not hit the recursion limit): one pass finds the nodes and counts each
node's incoming edges, then nodes run from a priority queue — latest created first, as torch orders them — once
every consumer has delivered its gradient. Shared work is done here once: each gradient is summed to its
input's shape and cast to its input's dtype, saved values are freed as nodes are consumed, and an optional
observer sees every step.
"""

import heapq

from .graph import AccumulateGrad, accumulate_into


def run_backward(roots, root_grads, retain_graph=False, create_graph=False, capture=None,
                 accumulate=True, observer=None):
    """Back-propagate `root_grads` from `roots` (a list of (node, output_nr) edges).

    capture: optional list of (node, output_nr) edges whose incoming gradient is returned (autograd.grad);
    with capture given only the nodes leading to a captured edge run. accumulate: whether AccumulateGrad nodes
    write `.grad` (False for autograd.grad). observer(node, grads_in, grads_out) is called after each node.
    Returns the captured gradients (None where nothing arrived).
    """
    dependencies, nodes = _discover(roots)
    capture_index = {}
    for i, edge in enumerate(capture or ()):
        capture_index.setdefault(edge, []).append(i)
    captured = [None] * len(capture or ())
    needed = None
    if capture is not None:
        needed = _needed_nodes(nodes, capture_index)
        dependencies = {}
        for node in needed:
            for child, _ in node.next_functions:
                if child in needed:
                    dependencies[child] = dependencies.get(child, 0) + 1

    buffers = {}
    for (node, nr), grad in zip(roots, root_grads):
        _add_to_buffer(buffers, node, nr, grad)
    ready = [(-node.sequence_nr, id(node), node) for node in {node for node, _ in roots}
             if dependencies.get(node, 0) == 0]
    heapq.heapify(ready)

    while ready:
        _, _, node = heapq.heappop(ready)
        grads_in = buffers.pop(node, None) or [None]
        if node.retained:
            for nr, ref in node.retained.items():
                tensor = ref()
                if tensor is not None and nr < len(grads_in) and grads_in[nr] is not None:
                    accumulate_into(tensor, grads_in[nr], create_graph)
        for nr, grad in enumerate(grads_in):
            for i in capture_index.get((node, nr), ()):
                captured[i] = grad if captured[i] is None else captured[i] + grad

        run = (needed is None or node in needed) and any(g is not None for g in grads_in)
        if isinstance(node, AccumulateGrad) and (not accumulate or capture is not None):
            run = False
        grads_out = ()
        if run:
            grads_out = node.apply(grads_in, create_graph)
            if not retain_graph:
                node.release()
            grads_out = tuple(_conform(g, meta) for g, meta in zip(grads_out, node.input_meta))
            if observer is not None:
                observer(node, grads_in, grads_out)
        for i, (child, nr) in enumerate(node.next_functions):
            if child is None or (needed is not None and child not in needed):
                continue
            if i < len(grads_out) and grads_out[i] is not None:
                _add_to_buffer(buffers, child, nr, grads_out[i])
            dependencies[child] -= 1
            if dependencies[child] == 0:
                heapq.heappush(ready, (-child.sequence_nr, id(child), child))
    return captured


def _discover(roots):
    """Every node reachable from the roots and the count of its incoming edges (iteratively)."""
    dependencies = {}
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
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return dependencies, seen


def _needed_nodes(nodes, capture_index):
    """Nodes from which a captured edge can be reached: only these run for autograd.grad."""
    targets = {node for node, _ in capture_index if node in nodes}
    parents = {}
    for node in nodes:
        for child, _ in node.next_functions:
            if child is not None:
                parents.setdefault(child, []).append(node)
    needed = set()
    stack = list(targets)
    while stack:
        node = stack.pop()
        if node in needed:
            continue
        needed.add(node)
        stack.extend(parents.get(node, ()))
    return needed


def _add_to_buffer(buffers, node, nr, grad):
    buffer = buffers.get(node)
    if buffer is None:
        buffer = buffers[node] = [None] * max(1, nr + 1)
    elif len(buffer) <= nr:
        buffer.extend([None] * (nr + 1 - len(buffer)))
    buffer[nr] = grad if buffer[nr] is None else buffer[nr] + grad


def _conform(grad, meta):
    """Give a gradient its input's shape (summing broadcast dimensions) and dtype."""
    if grad is None:
        return None
    shape, dtype = meta
    if grad.shape != shape:
        grad = grad.sum_to_size(shape)
    if grad.dtype is not dtype:
        grad = grad.to(dtype)
    return grad
