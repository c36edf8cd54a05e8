"""The backward graph as a view: plain data walked once from a tensor's grad_fn, which the tree of the CLI
(cli/render), Graphviz DOT and JSON (graph_formats) are drawn from.

The walk follows `next_functions` like torch's own graph; an AccumulateGrad node is labelled with the name
of its leaf when the caller knows it (`names` maps names to leaf tensors). Nodes reachable along several paths
appear once in `nodes`; the tree view marks the later visits. The walk is iterative, so a graph built by a
long loop in a script does not hit Python's recursion limit.
"""

ACCUMULATE_GRAD = "AccumulateGrad"


class GraphNode:
    """One grad_fn: its torch name, the leaf's name and metadata for AccumulateGrad, and its children. A view
    that shows more of a node (its saved values, the line that made it) reads it from `grad_fn`."""

    __slots__ = ("key", "name", "grad_fn", "variable", "shape", "dtype", "children")

    def __init__(self, key, name, grad_fn, variable=None, shape=None, dtype=None):
        self.key = key                  # small integer, unique in the graph (DOT node ids)
        self.name = name                # e.g. "MulBackward0", or "AccumulateGrad"
        self.grad_fn = grad_fn          # the graph node it stands for
        self.variable = variable        # the leaf's name (AccumulateGrad whose leaf the caller named)
        self.shape = shape              # the leaf's shape (AccumulateGrad only)
        self.dtype = dtype
        self.children = []              # GraphNodes, in next_functions order

    @property
    def is_leaf(self):
        return self.name == ACCUMULATE_GRAD

    def label(self):
        """`MulBackward0`, or `AccumulateGrad x [2, 2] float32` for a leaf."""
        if not self.is_leaf:
            return self.name
        parts = [ACCUMULATE_GRAD]
        if self.variable:
            parts.append(self.variable)
        parts.append("[%s] %s" % (", ".join(str(n) for n in self.shape), self.dtype))
        return " ".join(parts)

    def __repr__(self):
        return "<GraphNode %d %s>" % (self.key, self.label())


class BackwardGraph:
    """The graph below one output: `root` (None when the output has no grad_fn) and every node once."""

    def __init__(self, root, nodes):
        self.root = root
        self.nodes = nodes

    def __len__(self):
        return len(self.nodes)

    def walk(self):
        """Depth-first (node, depth, first_visit) triples, the order a tree view prints them in."""
        if self.root is None:
            return
        seen = set()
        stack = [(self.root, 0)]
        while stack:
            node, depth = stack.pop()
            first = node.key not in seen
            seen.add(node.key)
            yield node, depth, first
            if first:
                stack.extend((child, depth + 1) for child in reversed(node.children))


def backward_graph(tensor, names=None):
    """The BackwardGraph of `tensor` (anything with a `grad_fn`), leaves named by `names` (name -> tensor).

    >>> import gradcli
    >>> r = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."})
    >>> [node.label() for node, depth, first in backward_graph(r.value, r.inputs).walk()]
    ['MulBackward0', 'AccumulateGrad x [] torch.float32', 'AccumulateGrad y [] torch.float32']
    """
    leaf_names = {id(leaf): name for name, leaf in (names or {}).items()}
    grad_fn = getattr(tensor, "grad_fn", None)
    if grad_fn is None:
        return BackwardGraph(None, [])
    made = {}  # id(grad_fn) -> GraphNode
    nodes = []

    def make(fn):
        node = made.get(id(fn))
        if node is None:
            variable = getattr(fn, "variable", None)
            if variable is not None:  # AccumulateGrad
                node = GraphNode(len(nodes), ACCUMULATE_GRAD, fn, leaf_names.get(id(variable)),
                                 tuple(variable.shape), variable.dtype)
            else:
                node = GraphNode(len(nodes), fn.name(), fn)
            made[id(fn)] = node
            nodes.append(node)
            pending.append(fn)
        return node

    pending = []
    root = make(grad_fn)
    while pending:
        fn = pending.pop()
        node = made[id(fn)]
        node.children = [make(child) for child, _ in fn.next_functions if child is not None]
    return BackwardGraph(root, nodes)
