"""The backward graph's nodes: grad_fn objects named and printed as torch names and prints them.

A Node knows its `next_functions` — one `(node, output_nr)` edge per input of the forward op, `(None, 0)` for an
input that needs no gradient — and the shape and dtype each of those inputs had, so that the engine can give
every gradient its input's shape and dtype in one place. Gradients are handled by duck typing: this module never
imports Tensor.
"""

import itertools

_sequence = itertools.count()  # creation order: the engine runs later nodes first, as torch does


class Node:
    __slots__ = ("next_functions", "input_meta", "sequence_nr", "retained", "hooks", "__weakref__")

    def __init__(self, next_functions, input_meta):
        self.next_functions = next_functions  # tuple of (Node | None, output_nr)
        self.input_meta = input_meta          # tuple of (shape, dtype) or None, one per next_function
        self.sequence_nr = next(_sequence)
        self.retained = None                  # {output_nr: weakref to a tensor whose .grad is kept}
        self.hooks = None                     # {output_nr: [hook, ...]}: Tensor.register_hook on that output

    runs_user_code = False  # a node whose apply calls the user's code (a custom autograd.Function) gets every
                            # gradient as an ordinary tensor (see engine)

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


class RemovableHandle:
    """What register_hook returns: remove() takes the hook off again."""

    __slots__ = ("hooks", "hook")

    def __init__(self, hooks, hook):
        self.hooks, self.hook = hooks, hook

    def remove(self):
        if self.hook in self.hooks:
            self.hooks.remove(self.hook)

    def __repr__(self):
        return "<torch.utils.hooks.RemovableHandle object at %#x>" % id(self)

    __str__ = __repr__


def add_hook(node, output_nr, hook):
    """Register `hook` on the gradient arriving for output `output_nr` of `node`; returns its handle."""
    if node.hooks is None:
        node.hooks = {}
    hooks = node.hooks.setdefault(output_nr, [])
    hooks.append(hook)
    return RemovableHandle(hooks, hook)


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
    stored as a copy, so that no two .grads share memory (nor a .grad and a gradient a hook kept) — under
    create_graph a `copy_` that records CopyBackwards, as torch's does; later ones are added in place into the
    same tensor object, or out of place when building a graph of the gradient itself."""
    old = tensor._grad
    if old is None:
        if not create_graph:  # the copy without recording anything (clone's layout: the memory order kept)
            tensor._grad = grad._make(grad.array.copy(order="K"))
            return
        fresh = grad.detach().clone()
        tensor._grad = fresh.copy_(grad) if create_graph and grad.requires_grad else fresh
    elif create_graph:
        tensor._grad = old + grad
    elif _adds_as_numpy(old, grad):  # add_'s own arithmetic and version bump, without its front door
        array = old.array
        array += grad.array  # (numpy's add into array's memory)
        old._version.value += 1
    else:
        old.add_(grad)


def _adds_as_numpy(old, grad):
    """Whether `old.add_(grad)` is numpy's float32 or float64 add into old's memory and nothing more: old
    changed alone (Tensor._changed_alone), of grad's class, shape and dtype. (The elementwise sum a + b is
    rounded once, by either.)"""
    return (old._changed_alone() and old.__class__ is grad.__class__ and grad.array.__class__ is old.array.__class__
            and old.array.shape == grad.array.shape and old.dtype is grad.dtype
            and old.dtype.name in ("float32", "float64") and old.array.dtype == grad.array.dtype)
