"""Where the nodes of one parse stand: (line, column, end column) for an error's caret or a warning.

The syntax layer answers this, so that the compiler asks one question of one object whichever parser made the
tree. A Token knows its own place. A Tree of the driver's carries no positions: its place is worked out from
its tokens (trees.span: the kept ones, and the brackets and keywords at its ends that it recorded as it was
built), where Lark's `propagate_positions` would put it. A Tree of Lark's own parser (the driver's fallback)
has them in its `meta`. The one node the driver cannot serve is one that holds no token at all: Lark's
positioned parse of the same text is then made once, and walked beside the driver's tree to find its twin (the
two trees have the same shape: tests/test_lalr.py).
"""

from bisect import bisect_right

from .trees import Token, Tree, span


class Places:
    """The places of the nodes of `tree`, the parse of `source` from rule `start` ("start" or "expression")."""

    def __init__(self, source, tree, start="start"):
        self.source, self.tree, self.start = source, tree, start
        self._line_starts = None  # offsets where the source's lines start
        self._twins = None  # id(node of tree) -> the same node of Lark's positioned tree, once needed

    def of(self, node):
        """(line, column, end column) of `node`; the end column is None when the node ends on another line
        (and line 1, column 1 for a node nothing places)."""
        if isinstance(node, Token):
            return node.line, node.column, node.end_column
        if getattr(node, "_meta", None) is None:
            offsets = span(node)
            if offsets is not None:
                (line, column), (end_line, end_column) = map(self._line_and_column, offsets)
                return line, column, end_column if end_line == line else None
            node = self._twin(node)  # a node without any token: Lark's parse decides
        meta = node.meta
        line, end_line = getattr(meta, "line", None), getattr(meta, "end_line", None)
        end = getattr(meta, "end_column", None) if end_line == line else None
        return line or 1, getattr(meta, "column", 1), end

    def offsets(self, node):
        """(start, end) character offsets of a token or of a tree of the driver's; None where they are not known
        (a node without tokens, a tree of Lark's parser)."""
        if isinstance(node, Token):
            return (node.start_pos, node.end_pos) if node.start_pos is not None else None
        return span(node) if getattr(node, "_meta", None) is None else None

    def _line_and_column(self, offset):
        if self._line_starts is None:
            starts, found = [0], self.source.find("\n")
            while found >= 0:
                starts.append(found + 1)
                found = self.source.find("\n", found + 1)
            self._line_starts = starts
        line = bisect_right(self._line_starts, offset)
        return line, offset - self._line_starts[line - 1] + 1

    def _twin(self, node):
        """`node`'s counterpart in Lark's positioned parse of the source: both trees are walked together once,
        on the first call."""
        if self._twins is None:
            from .parser import positioned_tree
            self._twins = {}
            try:
                pairs = [(self.tree, positioned_tree(self.source, self.start))] if self.tree is not None else []
            except Exception:  # (Lark parses whatever the driver does; if it ever did not: no positions)
                pairs = []
            while pairs:
                ours, theirs = pairs.pop()
                self._twins[id(ours)] = theirs
                pairs.extend((a, b) for a, b in zip(ours.children, theirs.children) if isinstance(a, Tree))
        return self._twins.get(id(node), node)  # a tree of Lark's own already has its meta
