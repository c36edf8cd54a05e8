"""The backward graph's nodes: grad_fn objects named and printed as torch names and prints them.

A Node knows its `next_functions` — one `(node, output_nr)` edge per input of the forward op, `(None, 0)` for an
input that needs no gradient — and the shape and dtype each of those inputs had, so that the engine can give
every gradient its input's shape and dtype in one place. Gradients are handled by duck typing: this module never
imports Tensor.
"""

import itertools
import sys

_sequence = itertools.count()  # creation order: the engine runs later nodes first, as torch does


class Node:
    __slots__ = ("next_functions", "input_meta", "sequence_nr", "retained", "__weakref__")

    def __init__(self, next_functions, input_meta):
        self.next_functions = next_functions  # tuple of (Node | None, output_nr)
        self.input_meta = input_meta          # tuple of (shape, dtype) or None, one per next_function
        self.sequence_nr = next(_sequence)
        self.retained = None                  # {output_nr: weakref to a tensor whose .grad is kept}

    def name(self):
        return type(self).__name__

    def apply(self, grad_outputs, create_graph):
        """Gradients for each next_function from the gradients of this node's outputs (a list, None where
        no gradient arrived)."""
        raise NotImplementedError

    def release(self):
        """Free the values saved for backward (after a backward without retain_graph)."""

    def __repr__(self):
        return "<%s object at %#x>" % (self.name(), id(self))

    __str__ = __repr__


class AccumulateGrad(Node):
    """The sink of a leaf that requires grad: adds the incoming gradient into `variable.grad`."""

    __slots__ = ("variable",)

    def __init__(self, variable):
        super().__init__((), ((variable.shape, variable.dtype),))
        self.variable = variable
        self.sequence_nr = float("inf")  # torch runs these as soon as they are ready

    def name(self):
        return "torch::autograd::AccumulateGrad"

    def __repr__(self):
        return "<AccumulateGrad object at %#x>" % id(self)

    __str__ = __repr__

    def apply(self, grad_outputs, create_graph):
        accumulate_into(self.variable, grad_outputs[0], create_graph)
        return ()


def accumulate_into(tensor, grad, create_graph):
    """torch's rule for `.grad` (of a leaf, a retained non-leaf or a backward input): the first gradient is
    stored as a copy, so that no two .grads share memory — under create_graph a `copy_` that records
    CopyBackwards, as torch's does; later ones are added in place into the same tensor object, or out of place
    when building a graph of the gradient itself."""
    old = tensor._grad
    if old is None:
        if not create_graph and _only_the_engine_holds(grad):
            tensor._grad = grad.detach()  # torch's AccumulateGrad steals such a gradient too
            return
        fresh = grad.detach().clone()
        tensor._grad = fresh.copy_(grad) if create_graph and grad.requires_grad else fresh
    elif create_graph:
        tensor._grad = old + grad
    else:
        old.add_(grad)


def _only_the_engine_holds(grad):
    """Whether a gradient is a fresh result no one else can see, so that .grad may take its memory without a
    copy (torch's AccumulateGrad steals a gradient by the same test of its use count). Its array must own its
    memory and be referenced by this tensor only; the tensor itself by the engine's list of incoming
    gradients and loop variable, accumulate_into's and this function's arguments and getrefcount's own, at
    most. A gradient the user also holds (a root gradient, say) has more and is copied."""
    array = grad.array
    return (array.base is None and array.flags.writeable and sys.getrefcount(array) <= 3
            and sys.getrefcount(grad) <= 5)
