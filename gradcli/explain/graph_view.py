"""The backward graph as a view: plain data walked once from a tensor's grad_fn, which the tree of the CLI
(cli/render), Graphviz DOT, JSON (graph_formats) and the self-drawn SVG (graph_svg) are drawn from.

The walk follows `next_functions` like torch's own graph; an AccumulateGrad node is labelled with the name
of its leaf when the caller knows it (`names` maps names to leaf tensors). Each node can carry what an
explanation knows of it (`details`): the source text that made it, its forward value and the gradient that
reached it in backward. Nodes reachable along several paths appear once in `nodes`; the tree view marks the
later visits. Everything is iterative and linear in the size of the graph, so a graph built by a long loop
neither hits Python's recursion limit nor takes quadratic time: `rows(depth)` stops at a depth and says how
many nodes it leaves out, and draws at most INDENT levels of guides.
"""

ACCUMULATE_GRAD = "AccumulateGrad"
DEFAULT_DEPTH = 25  # levels of the tree shown unless asked for more (--graph-depth N | all)
INDENT = 24         # guide levels drawn; deeper rows show their depth instead of more guides


class GraphNode:
    """One grad_fn: its torch name, the leaf's name and metadata for AccumulateGrad, its children, and what an
    explanation knows of it (`source`, `value`, `grad`; None when unknown)."""

    __slots__ = ("key", "name", "grad_fn", "variable", "shape", "dtype", "children", "source", "value", "grad")

    def __init__(self, key, name, grad_fn, variable=None, shape=None, dtype=None):
        self.key = key                  # small integer, unique in the graph (DOT node ids)
        self.name = name                # e.g. "MulBackward0", or "AccumulateGrad"
        self.grad_fn = grad_fn          # the graph node it stands for
        self.variable = variable        # the leaf's name (AccumulateGrad whose leaf the caller named)
        self.shape = shape              # the leaf's shape (AccumulateGrad only)
        self.dtype = dtype
        self.children = []              # GraphNodes, in next_functions order
        self.source = self.value = self.grad = None

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

    def facts(self):
        """(kind, text) pairs of what is known beyond the label: ("source", ...), ("value", ...), ("grad", ...),
        values on one line as torch prints them."""
        from ..core.printing import one_line
        found = []
        if self.source and self.source != self.variable:
            found.append(("source", self.source))
        if self.value is not None and not self.is_leaf:
            found.append(("value", one_line(self.value)))
        if self.grad is not None:
            found.append(("grad", one_line(self.grad)))
        return found

    def __repr__(self):
        return "<GraphNode %d %s>" % (self.key, self.label())


class Row:
    """One line of the tree view: `guides` (a tuple of True where an ancestor level still has siblings below,
    then whether this node is the last child), the node (None for an elision line), whether this visit is the
    node's first, the depth, and for an elision line how many nodes it stands for."""

    __slots__ = ("guides", "node", "first", "depth", "hidden")

    def __init__(self, guides, node, first, depth, hidden=0):
        self.guides, self.node, self.first, self.depth, self.hidden = guides, node, first, depth, hidden

    def prefix(self):
        """The tree's guide characters before the label (`│   ├── `); beyond INDENT levels, `… ` and the last
        INDENT levels only (the label then says the depth)."""
        if not self.guides:
            return ""
        *above, last = self.guides
        text = "".join("│   " if more else "    " for more in above)
        text += "└── " if last else "├── "
        return ("… " if self.depth > INDENT else "") + text

    def continuation(self, children_below):
        """The guides before a further line of this row's label (its facts wrapped): the ancestors' guides, this
        level's, and a guide down to the children when `children_below`."""
        if not self.guides:
            return "│   " if children_below else "    "
        *above, last = self.guides
        text = "".join("│   " if more else "    " for more in above) + ("    " if last else "│   ")
        return ("… " if self.depth > INDENT else "") + text + ("│   " if children_below else "    ")


class BackwardGraph:
    """The graph below one output: `root` (None when the output has no grad_fn) and every node once."""

    def __init__(self, root, nodes):
        self.root = root
        self.nodes = nodes

    def __len__(self):
        return len(self.nodes)

    def __repr__(self):
        """The tree view as plain text (a notebook that shows no HTML prints this)."""
        return "\n".join(row.prefix() + ("… %d more nodes" % row.hidden if row.node is None else
                                        row.node.label() + ("" if row.first else " (above)"))
                         for row in self.rows()) or "(no backward graph)"

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

    def depths(self):
        """Each node's smallest depth below the root (key -> depth), breadth first."""
        if self.root is None:
            return {}
        found = {self.root.key: 0}
        level = [self.root]
        depth = 0
        while level:
            depth += 1
            following = []
            for node in level:
                for child in node.children:
                    if child.key not in found:
                        found[child.key] = depth
                        following.append(child)
            level = following
        return found

    def rows(self, depth=DEFAULT_DEPTH):
        """The tree view's lines (Rows), down to `depth` levels below the root (None: all). A node is drawn at its
        first visit within the depth; a later visit is marked; below the depth, each subtree that holds nodes
        drawn nowhere else becomes one elision Row counting them."""
        if self.root is None:
            return []
        limit = float("inf") if depth is None else depth
        smallest = self.depths() if depth is not None else {}
        shown, counted = set(), set()
        rows = []
        stack = [(self.root, 0, (True,))]  # the root: the one child of the view's title
        while stack:
            node, level, guides = stack.pop()
            if node.key in shown:
                rows.append(Row(guides, node, False, level))
                continue
            if level > limit:
                if smallest[node.key] > limit:  # drawn nowhere: this elision stands for it and what is below
                    hidden = self._count_hidden(node, smallest, limit, counted)
                    if hidden:
                        rows.append(Row(guides, None, True, level, hidden))
                continue
            shown.add(node.key)
            rows.append(Row(guides, node, True, level))
            kept = guides[-INDENT + 1:] if len(guides) >= INDENT else guides
            children = node.children
            for i in range(len(children) - 1, -1, -1):
                last = i == len(children) - 1
                stack.append((children[i], level + 1, kept[:-1] + (not kept[-1],) + (last,) if kept else (last,)))
        return rows

    def cut(self, depth=DEFAULT_DEPTH):
        """The part of the graph the file views draw (DOT, SVG): (the nodes within `depth` levels of the root,
        in order; elisions: (node, how many nodes below it are drawn nowhere) for each drawn node with such
        children). `depth` None: everything."""
        if self.root is None:
            return [], []
        if depth is None:
            return list(self.nodes), []
        smallest = self.depths()
        kept = [node for node in self.nodes if smallest[node.key] <= depth]
        counted, elisions = set(), []
        for node in kept:
            hidden = sum(self._count_hidden(child, smallest, depth, counted) for child in node.children)
            if hidden:
                elisions.append((node, hidden))
        return kept, elisions

    @staticmethod
    def _count_hidden(start, smallest, limit, counted):
        """How many nodes deeper than `limit` everywhere are first reached from `start` (each counted once)."""
        count = 0
        stack = [start]
        while stack:
            node = stack.pop()
            if node.key in counted or smallest[node.key] <= limit:
                continue
            counted.add(node.key)
            count += 1
            stack.extend(node.children)
        return count


def backward_graph(tensor, names=None, details=None, kind=BackwardGraph):
    """The BackwardGraph of `tensor` (anything with a `grad_fn`), leaves named by `names` (name -> tensor).
    `details(grad_fn)`, when given, returns (source, value, grad) for a node (None for what it does not know).
    `kind`: the class made (app's ShownGraph adds a notebook's display).

    >>> import gradcli
    >>> r = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."})
    >>> [node.label() for node, depth, first in backward_graph(r.value, r.inputs).walk()]
    ['MulBackward0', 'AccumulateGrad x [] torch.float32', 'AccumulateGrad y [] torch.float32']
    """
    leaf_names = {id(leaf): name for name, leaf in (names or {}).items()}
    grad_fn = getattr(tensor, "grad_fn", None)
    if grad_fn is None:
        return kind(None, [])
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
            if details is not None:
                node.source, node.value, node.grad = details(fn)
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
    return kind(root, nodes)
