"""The parse trees' two classes, Tree and Token, with the fields, equality and repr of Lark's (lark.tree.Tree,
lark.lexer.Token), so that a one-shot command gets its trees without importing Lark: `import lark` loads all of
Lark (its Earley and CYK parsers, the grammar loader), about twice what gradcli's driver needs.

lang.syntax.lalr's driver builds these; a tree of Lark's own parser (an input the driver leaves to it) is turned
into them by `from_lark`, its nodes keeping Lark's `meta` (their positions). tests/test_lalr.py compares both
parsers' trees node by node."""


class Meta:
    """A node's place (line, column, end_line, end_column, ...), set by whoever knows it; empty at first."""

    def __init__(self):
        self.empty = True


class Tree:
    """A rule's node: `data`, the rule's name (or alias), and `children`, its subtrees and kept tokens."""

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
