"""The parse trees' two classes, Tree and Token, with the fields, equality and repr of Lark's (lark.tree.Tree,
lark.lexer.Token), so that a one-shot command gets its trees without importing Lark: `import lark` loads all of
Lark (its Earley and CYK parsers, the grammar loader), about twice what gradcli's driver needs.

lang.syntax.lalr's driver builds these; a tree of Lark's own parser (an input the driver leaves to it) is turned
into them by `from_lark`, its nodes keeping Lark's `meta` (their positions). tests/test_lalr.py compares both
parsers' trees node by node. `span` says where a tree of the driver's stands, from its tokens."""


class Meta:
    """A node's place (line, column, end_line, end_column, ...), set by whoever knows it; empty at first."""

    def __init__(self):
        self.empty = True


class Tree:
    """A rule's node: `data`, the rule's name (or alias), and `children`, its subtrees and kept tokens; `_edges`,
    where the driver records the left-out tokens at its ends (span)."""

    __slots__ = ("data", "children", "_meta", "_edges")  # (no dict: a long script makes hundreds of thousands)
    __match_args__ = ("data", "children")

    def __init__(self, data, children, meta=None):
        self.data = data
        self.children = children
        self._meta = meta

    @property
    def meta(self):
        if self._meta is None:
            self._meta = Meta()
        return self._meta

    def __repr__(self):
        return "Tree(%r, %r)" % (self.data, self.children)

    def __eq__(self, other):
        try:
            return self.data == other.data and self.children == other.children
        except AttributeError:
            return False

    def __ne__(self, other):
        return not (self == other)

    def __hash__(self):
        return hash((self.data, tuple(self.children)))


class Token(str):
    """A terminal's text with its `type` and its place in the input (None where not known)."""

    __slots__ = ("type", "start_pos", "value", "line", "column", "end_line", "end_column", "end_pos")

    __match_args__ = ("type", "value")

    def __new__(cls, type, value, start_pos=None, line=None, column=None, end_line=None, end_column=None,
                end_pos=None):
        token = str.__new__(cls, value)
        token.type, token.value, token.start_pos = type, value, start_pos
        token.line, token.column, token.end_line, token.end_column, token.end_pos = (
            line, column, end_line, end_column, end_pos)
        return token

    def __reduce__(self):
        return (self.__class__, (self.type, self.value, self.start_pos, self.line, self.column))

    def __repr__(self):
        return "Token(%r, %r)" % (self.type, self.value)

    def __deepcopy__(self, memo):
        return Token(self.type, self.value, self.start_pos, self.line, self.column)

    def __eq__(self, other):
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def from_lark(node):
    """Lark's tree (or token) as these classes: the same shape, tokens and positions (a node keeps Lark's
    meta). Without recursion: a long operator chain is a deep tree."""
    from lark import Token as LarkToken, Tree as LarkTree

    def converted(value):
        if isinstance(value, LarkToken):
            return Token(value.type, value.value, value.start_pos, value.line, value.column, value.end_line,
                         value.end_column, value.end_pos)
        if isinstance(value, LarkTree):
            tree = Tree(value.data, list(value.children), value._meta)
            pending.append(tree)
            return tree
        return value

    pending = []
    root = converted(node)
    while pending:
        tree = pending.pop()
        tree.children = [converted(child) for child in tree.children]
    return root


# ---------------------------------------------------------------- where a tree of the driver's stands
def span(node, outer=False):
    """(start, end) character offsets of `node`, a Tree of the driver's, where Lark's `propagate_positions` puts
    them: from its first to its last token, left-out ones included (`outer`: with the brackets around it, as
    its parent counts it). None for a node without any token (Lark gives it no position either)."""
    start = _edge(node, 0, outer)
    return None if start is None else (start, _edge(node, 1, outer))


def _edge(node, side, outer):
    """The start (side 0) or end (side 1) offset of a node, None if it has no token; `outer`: as its parent
    counts it (the parentheses around `(a + b)` are the parent's, not the sum's). Depth first, without
    recursion: a long operator chain is a deep tree."""
    stack = [(node, outer)]
    while stack:
        node, outer = stack.pop()
        if isinstance(node, Token):
            return node.end_pos if side else node.start_pos
        edges = getattr(node, "_edges", NO_EDGES)
        found = edges[2 + side] if outer and len(edges) > 2 else None
        if found is None:
            found = edges[side]
        if found is not None:  # a left-out token: its (type, value, start, end), or a _Token another rule keeps
            return found[2 + side] if found.__class__ is tuple else found.end_pos if side else found.start_pos
        children = [child for child in node.children if child is not None]  # (None: a left-out `[x]`)
        stack.extend((child, True) for child in (reversed(children) if side == 0 else children))
    return None


NO_EDGES = (None, None)
