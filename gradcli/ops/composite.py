"""Derivatives as vector-Jacobian products of a composite: where torch writes a kernel's derivative out by hand
(a norm's double backward, the oneDNN LSTM layer's backward), gradcli writes the kernel once more in tensor ops
and lets its own autograd differentiate that (the result is a graph again, so higher orders come free).
"""

import numpy as np

from .bind import grad_edge
from .fastpath import materialized
from ..base import grad_mode
from ..autograd.engine import run_backward
from ..core.tensor import Tensor

_last = [None]  # (grads, inputs, gradients): the rows of one node ask for their inputs' gradients one by one


def composite_vjp(composite, inputs, grads):
    """The gradients of <grads, composite(*inputs)> with respect to each tensor input (None for the others).
    Inputs that require grad stay connected to their history; the others are differentiated through a detached
    alias. The last answer is kept: a node's derivatives, one per input, come from one run."""
    last = _last[0]
    if last is not None and last[0] is grads and len(last[1]) == len(inputs) and all(
            a is b for a, b in zip(last[1], inputs)):
        return last[2]
    with grad_mode.enable_grad():
        leaves = [x if not isinstance(x, Tensor) or x.requires_grad else x.detach().requires_grad_()
                  for x in inputs]
        outputs = composite(*leaves)
        pairs = [(o, g) for o, g in zip(outputs, grads) if o is not None and g is not None and o.requires_grad]
        wanted = [i for i, x in enumerate(leaves) if isinstance(x, Tensor)]
        found = [None] * len(leaves)
        captured = run_backward([grad_edge(o) for o, _ in pairs], [g for _, g in pairs], retain_graph=True,
                                create_graph=True, capture=[grad_edge(leaves[i]) for i in wanted],
                                hand_over=materialized)
        for i, g in zip(wanted, captured):
            found[i] = g if g is not None else Tensor._make(np.zeros(leaves[i].shape, leaves[i].array.dtype))
    _last[0] = (grads, tuple(inputs), found)
    return found
