"""Provenance: where the values of an explained run came from, told by the closures that made them.

An explained run (`gradcli eval --explain`, `gradcli run --explain`, the REPL) compiles its program with the
recording compilers below instead of the plain ones. Their closures of operators, calls, indexing and attributes
report each tensor they return first and each grad_fn they create, with the parse-tree node that made them; a
`.grad` read that gives None and an assignment to `.grad` are reported too. Every simple statement marks where
the graph's creation counter stands when it starts, so that any node (one made inside a builtin, by an in-place
change, by a step of a composite op) is placed on the line of the statement that made it.

A run that explains nothing compiles with the plain compilers: this costs it nothing.
"""

import itertools
import weakref
from bisect import bisect_right

from ..syntax import Tree

from .compiler import _COMPOUND, Compiler, StatementPosition
from .expressions import _BINARY, _UNARY, ExpressionCompiler, kind_of
from .runtime import located
from ..sandbox import namespace
from ...base import grad_mode
from ...autograd import graph
from ...core.tensor import Tensor

# rules whose closures can make a tensor (names and literals only read one)
_MAKERS = frozenset(_BINARY) | frozenset(_UNARY) | {"call", "subscript", "attribute"}
_DETACHING = {"detach": "detach()", "detach_": "detach_()", "data": ".data"}


ORDER = itertools.count()  # numbers the events of explained runs in the order they happen


class Origin:
    """Where a value was made: `position` and `text` (the source of the expression, worked out when read), `how`
    it was made when that matters to its history ("detach()", ".data"), whether grad mode was on, and the value
    itself when the run keeps values (an expression's intermediate results, to show them)."""

    __slots__ = ("compiler", "node", "how", "grad_enabled", "kept", "tensor", "order")

    def __init__(self, compiler, node, how=None, grad_enabled=True, kept=None, tensor=None):
        self.compiler, self.node, self.how = compiler, node, how
        self.order = next(ORDER)  # when, among the run's events (a backward's too: diagnosis asks what came after)
        self.grad_enabled = grad_enabled
        self.kept = kept      # a copy of the value made (when the run keeps values)
        self.tensor = tensor  # a weak reference to the tensor made

    @property
    def value(self):
        """The value made: the copy kept, else the tensor while it lives (None after)."""
        if self.kept is not None:
            return self.kept
        return self.tensor() if self.tensor is not None else None

    @property
    def position(self):
        return self.compiler.position(self.node) if self.compiler is not None else self.node

    @property
    def line(self):
        return self.position.line

    @property
    def text(self):
        return source_text(self.position)


def source_text(position):
    """The source an expression's position covers (its whole line when the end is on another line)."""
    line = position.source_line()
    if position.end_column and position.end_column > position.column:
        return line[position.column - 1:position.end_column - 1]
    return line.strip()


class Provenance:
    """What a recording compiler's closures reported during a run. `keep_values`: keep a copy of each value
    made (for an expression, whose intermediate results are gone once it is evaluated). `listener`, when set,
    hears `grad_none(tensor, origin)` and `grad_assigned(tensor, value, origin)`."""

    def __init__(self, keep_values=False, listener=None):
        self.keep_values = keep_values
        self.listener = listener
        self.tensors = {}     # id(tensor) -> (weak reference, Origin)
        self.nodes = {}       # id(grad_fn) -> (weak reference, Origin)
        self.marks = []       # the graph's creation counter as each statement started, ascending
        self.statements = []  # the statement (a Position) of each mark

    # ------------------------------------------------------------ what the closures report
    def made(self, value, compiler, node, how=None):
        if isinstance(value, tuple):
            for item in value:
                if isinstance(item, Tensor):
                    self.made(item, compiler, node, how)
            return
        if _known(self.tensors, value):
            return
        origin = Origin(compiler, node, how, grad_mode.is_grad_enabled(),
                        value.detach().clone() if self.keep_values else None, weakref.ref(value))
        _remember(self.tensors, value, origin)
        fn = value._grad_fn
        if fn is not None and not _known(self.nodes, fn):
            _remember(self.nodes, fn, origin)

    def mark(self, position):
        """A statement starts: nodes numbered from here on were made by it (until the next mark)."""
        number = next(graph._sequence)
        if self.marks and self.marks[-1] == number - 1:  # the previous statement made no node: replace it
            self.marks[-1], self.statements[-1] = number, position
        else:
            self.marks.append(number)
            self.statements.append(position)

    # ------------------------------------------------------------ what explanations ask
    def origin(self, value):
        """The Origin of a tensor, or None when no closure reported it (an input, a value made by Python)."""
        entry = self.tensors.get(id(value))
        return entry[1] if entry is not None and entry[0]() is value else None

    def node_origin(self, fn):
        """The Origin of a grad_fn: the expression that returned its output, else (text unknown) the statement
        that was running when it was made; None for nodes made outside the run."""
        entry = self.nodes.get(id(fn))
        if entry is not None and entry[0]() is fn:
            return entry[1]
        i = bisect_right(self.marks, fn.sequence_nr) - 1
        if i < 0:
            return None
        return Origin(None, self.statements[i])

    def statement(self):
        """The statement running now (the last one marked), or None."""
        return self.statements[-1] if self.statements else None


def _known(table, obj):
    entry = table.get(id(obj))
    return entry is not None and entry[0]() is obj


def _remember(table, obj, origin):
    key = id(obj)
    table[key] = (weakref.ref(obj, lambda _, table=table, key=key: table.pop(key, None)), origin)


class _Recording:
    """The recording part of both compilers (see the module's docstring). The compilers dispatch each rule through
    their tables, so the recording happens around `expression` and `target`, which every node goes through."""

    def expression(self, node):
        kind = kind_of(node)
        if kind == "compare":
            self._note_none_tests(node)
        elif kind == "attribute" and _is_grad(node) and id(node) not in self._tested:
            return self.nested(_Recording._grad_read, node)
        run = super().expression(node)
        if kind not in _MAKERS:
            return run
        how = None
        if kind == "attribute":
            how = _DETACHING.get(str(node.children[1]))
        elif kind == "call" and kind_of(node.children[0]) == "attribute":
            name = str(node.children[0].children[1])
            how = _DETACHING.get(name) if name != "data" else None
        made = self.provenance.made

        def recorded(frame):
            value = run(frame)
            if isinstance(value, (Tensor, tuple)):
                made(value, self, node, how)
            return value
        return recorded

    def _note_none_tests(self, node):
        """`x.grad is None`, `x.grad != None` test for a missing gradient: such a read is no use of one."""
        words = {str(c) for c in node.children if not isinstance(c, Tree) and c.type not in ("NAME", "INT", "FLOAT")}
        if words & {"is", "==", "!="}:
            self._tested.update(id(child) for child in node.children if _is_grad(child))

    def _grad_read(self, node):
        """`x.grad` used as a value: when it is None, the listener hears it (the why-None diagnosis)."""
        obj = self.expression(node.children[0])
        provenance = self.provenance

        def read_grad(frame):
            tensor = obj(frame)
            try:
                value = namespace.get_attribute(tensor, "grad")
            except Exception as exc:
                raise located(exc, self.position(node.children[1])) from None
            if value is None and provenance.listener is not None and isinstance(tensor, Tensor):
                provenance.listener.grad_none(tensor, Origin(self, node))
            return value
        return read_grad

    def target(self, node):
        setter = super().target(node)
        if not _is_grad(node) or kind_of(node.children[0]) != "NAME":
            return setter
        obj = super().expression(node.children[0])  # a name: reading it again changes nothing
        provenance = self.provenance

        def set_grad(frame, value):
            setter(frame, value)
            tensor = obj(frame)
            if provenance.listener is not None and isinstance(tensor, Tensor):
                provenance.listener.grad_assigned(tensor, value, Origin(self, node))
        return set_grad


def _is_grad(node):
    return isinstance(node, Tree) and node.data == "attribute" and str(node.children[1]) == "grad"


class RecordingExpressionCompiler(_Recording, ExpressionCompiler):
    def __init__(self, provenance, *args):
        super().__init__(*args)
        self.provenance, self._tested = provenance, set()

    def compile(self):
        """The closure of the expression (as expressions.compile_expression)."""
        try:
            return self.expression(self.tree)
        except RecursionError:
            raise self.error(self.tree, "expression too deeply nested") from None


class RecordingCompiler(_Recording, Compiler):
    def __init__(self, provenance, *args):
        super().__init__(*args)
        self.provenance, self._tested = provenance, set()

    def statement(self, node):
        run = super().statement(node)
        if node.data in _COMPOUND:
            return run
        position = StatementPosition((self, node))
        mark = self.provenance.mark

        def marked(frame):
            mark(position)
            return run(frame)
        return marked


def recording_compiler(provenance, source, filename, tree, start):
    """The recording compiler for a program (`start` "start") or an expression ("expression")."""
    cls = RecordingExpressionCompiler if start == "expression" else RecordingCompiler
    return cls(provenance, source, filename, tree, start)
