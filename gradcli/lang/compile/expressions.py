"""Compiling expressions and assignment targets: each parse-tree node becomes a closure `run(frame)`.

One method per grammar rule (`e_<rule>`; `t_<rule>` for assignment targets), found through a table built at
import; the operators come from one table. A closure that can fail attaches its source position to the error on
its way out (`try` is free in CPython 3.11 until something raises), so the innermost failing expression names
the line and column. It keeps its parse-tree node and works the position out only then (most closures never
fail): the tree lives as long as the compiled program, but compiling skips building a Position for every node.
"""

import operator

from ..syntax import Token, Tree

from ..sandbox import guards, namespace
from .calls import Calls
from .displays import Displays
from .definitions import Definitions
from .generators import Generators, is_yield
from ..syntax.positions import Places
from ..sandbox.namespace import TENSOR_PLAIN_MEMBERS, Module
from ..sandbox.system import ASSIGNED
from .runtime import _MISSING, DUNDER_READERS, located, raised_when_run, refuses
from ...base import errors
from ...core import limits
from ...base.errors import GradcliError, Position
from ...core.tensor import Tensor

# ---------------------------------------------------------------- operators
# grammar rule -> Python operator (the grammar aliases `**` and `^` both to pow), with the size checks of
# guards.guard_operator: `"a" * 10**10`, `10**10**10` are refused before Python builds them
_OPERATORS = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
    "floordiv": operator.floordiv, "mod": operator.mod, "matmul": operator.matmul, "pow": operator.pow,
    "bitand": operator.and_, "bitor": operator.or_,
}
_BINARY = {rule: guards.guard_operator(op) for rule, op in _OPERATORS.items()}
_UNARY = {"neg": operator.neg, "pos": operator.pos, "not_": operator.not_, "invert": operator.invert}
_COMPARE = {token: guards.guard_operator(op) for token, op in {  # (== and != of shared nested lists)
    "<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge, "<=": operator.le,
    "!=": operator.ne, "is": operator.is_, "is not": operator.is_not,
    "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}.items()}



_LEAVES = frozenset(("NAME", "INT", "FLOAT"))  # tokens that stand for an expression on their own
# `-x` of a constant number is worked out as it compiles: it cannot fail, nor give another value when it runs
_FOLDED_NUMBERS = frozenset((int, float))
_FOLDED_UNARY = frozenset(("neg", "pos"))


def compile_expression(source, filename, tree=None):
    """The closure of the expression `source` (parsed here unless its `tree` is given)."""
    if tree is None:
        from ..syntax.parser import parse
        tree = parse(source, filename, "expression")
    return ExpressionCompiler(source, filename, tree, "expression").compile_whole()


def kind_of(node):
    """What compiles `node`: a Tree's rule, or a leaf token's type (NAME, INT, FLOAT): the key of the rule tables
    (_EXPRESSION_RULES, _TARGET_RULES below, compiler._STATEMENT_RULES)."""
    return node.data if node.__class__ is Tree else node.type


class ExpressionCompiler(Calls, Displays, Definitions, Generators):
    """Turns expression trees into closures; the statement compiler builds on it."""

    def __init__(self, source, filename, tree=None, start="start"):
        self.source, self.filename = source, filename
        self.tree, self.start = tree, start  # what is being compiled: the positions of its nodes, on demand
        self._places = None  # where the tree's nodes stand (lang.syntax.positions), made on first use
        self.loops = 0         # enclosing loops of the statement being compiled: break/continue need one
        self.in_function = False
        self.scope = None      # the innermost def, lambda, class body or comprehension (None: the module)
        self.received = {}     # the yields of the simple statement being compiled in a generator -> their keys
        self.echo = None       # interactive input: called with the value of each module-level expression statement
        # Compiling recurses once per level of nested expressions and blocks, and so do the compiled closures
        # when they run: nesting beyond the max_depth limit is refused here, where the recursion is.
        self.depth, self.max_depth = 0, limits.current()["max_depth"]
        # What the closures compiled so far are, for the closures of the nodes above them to build on (plain
        # closures only: a recording compiler's wrapped ones are in none of these, and are compiled as written).
        self.literals = {}    # a number's text -> its closure (one per distinct number, shared by its uses)
        # closure -> the value it always gives (numbers, True, False, None, their -x, tuples of them), or for a
        # list display of constants, the list it copies (and its sublists, a list display's each)
        self.constants = {}

    def compile_whole(self):
        """The closure of the whole expression this compiler was made for."""
        try:
            return self.expression(self.tree)
        except RecursionError:  # compiling recurses along the tree: thousands of nested operators
            raise GradcliError("expression too deeply nested", "SyntaxError", self.position(self.tree)) from None

    def nested(self, compile_rule, node):
        """compile_rule(self, node), one level of nesting deeper (a SyntaxError beyond the max_depth limit)."""
        return ExpressionCompiler.expression(self, node, compile_rule)

    def position(self, node):
        """Where `node` stands (lang.syntax.positions, whichever parser made the tree). Run-time closures call it
        only on failure."""
        return Position(self.filename, self.source, *self.places().of(node))

    @property
    def _positioned(self):
        """The nodes Lark's positioned parse placed (lang.syntax.positions), None while no node needed it."""
        return self._places._twins if self._places is not None else None

    def places(self):
        if self._places is None or self._places.tree is not self.tree:
            self._places = Places(self.source, self.tree, self.start)
        return self._places

    def error(self, node, message, kind="SyntaxError"):
        return GradcliError(message, kind, self.position(node))

    def field(self, text, token, offset):
        """An f-string field's expression, compiled on its own (lang.compile.strings asks: it does not compile); `text`
        stands at `offset` in the string `token`'s text, which is where its errors point."""
        from ..syntax.parser import parse
        string = self.position(token)
        before = str(token)[:offset]
        lines = before.count("\n")
        column = offset - before.rfind("\n") if lines else string.column + offset
        compiler = FieldCompiler(text, self.filename, None, string.source, string.line + lines, column)
        try:
            compiler.tree = parse(text, self.filename, "expression")
        except GradcliError as exc:
            exc.position = exc.position and compiler.place(exc.position)
            raise
        return compiler.compile_whole()

    # ------------------------------------------------------------ assignment targets
    # One method per kind (`t_<rule>`) rather than one with a branch per kind: a function creates the cells of
    # all the variables its closures capture as it starts, whichever branch then runs.
    def target(self, node):
        """A closure `set(frame, value)` for an assignment target."""
        compile_target = _TARGET_RULES.get(node.data if node.__class__ is Tree else node.type)  # (kind_of)
        if compile_target is None:
            raise self.error(node, "assignment to yield expression not possible" if is_yield(node) else
                             "cannot assign to this expression")
        return compile_target(self, node)

    def t_NAME(self, token):
        return self.name_setter(token)

    def t_attribute(self, node):
        obj = self.expression(node.children[0])
        attribute = self.checked_name(node.children[1], "AttributeError")

        def set_attribute(frame, value):
            namespace.set_attribute(obj(frame), attribute, value)
        return set_attribute

    def t_subscript(self, node):
        obj = self.expression(node.children[0])
        index = self.index(node.children[1])

        def set_item(frame, value):
            container = obj(frame)
            container[index(frame)] = value
        return set_item

    def unpacking_target(self, node):
        """`a, b = ...`, `[a, b] = ...`: one target per item of the value."""
        setters = [self.target(child) for child in node.children]
        count = len(setters)

        def unpack(frame, value):
            try:
                values = list(value)
            except TypeError:
                raise errors.type_error("cannot unpack non-iterable %s object" % type(value).__name__) from None
            if len(values) != count:
                if len(values) < count:
                    raise errors.value_error("not enough values to unpack (expected %d, got %d)"
                                             % (count, len(values)))
                raise errors.value_error("too many values to unpack (expected %d)" % count)
            for setter, v in zip(setters, values):
                setter(frame, v)
        return unpack

    def checked_name(self, token, kind="NameError"):
        """The name of `token`, unless it is a dunder (`__class__`, `__import__`): those are never reachable, but
        for a module's `__version__` (`torch.__version__`, served from the module's own members)."""
        name = token.value  # the plain str (a Token compares and hashes through Python code)
        if refuses(name, kind):
            raise self.refusal(token, kind)
        return name

    def refusal(self, token, kind):
        error = GradcliError("gradcli does not give access to '%s'" % token.value, kind, self.position(token))
        error.refused = True  # what Python would give, withheld: no `except` of the script catches it
        return error

    # ------------------------------------------------------------ expressions
    def expression(self, node, compile_rule=None):
        """The closure of the expression `node`, compiled one level of nesting deeper (by `compile_rule` when
        the node is not an expression's: nested())."""
        if compile_rule is None:
            # kind_of(node), written out: this runs for every node of every expression
            if node.__class__ is Tree:
                compile_rule = _EXPRESSION_RULES.get(node.data)
            elif self.depth < self.max_depth:  # a leaf: nothing nests in it, so no level deeper to count
                run = self.literals.get(node.value)  # a number compiled before (no name's text reads as one)
                if run is not None:
                    return run
                compile_rule = _LEAF_RULES.get(node.type)
                if compile_rule is not None:
                    return compile_rule(self, node)
            else:
                compile_rule = _EXPRESSION_RULES.get(node.type)
            if compile_rule is None:
                if isinstance(node, Token):
                    raise self.error(node, "unexpected '%s'" % node)
                raise self.error(node, "gradcli does not support this expression")
        depth = self.depth + 1
        if depth > self.max_depth:
            raise limits.depth_error().at(self.position(node))
        self.depth = depth
        try:
            return compile_rule(self, node)
        finally:
            self.depth = depth - 1

    def e_expression(self, node):
        return self.expression(node.children[0])

    def e_NAME(self, token):
        name = token.value
        if name[:2] == "__":
            if name == "__name__":  # the one dunder scripts read: `if __name__ == "__main__":`
                return lambda frame: "__main__"
            self.checked_name(token)
        if self.scope is not None and name in self.scope.locals:
            return self._local(token, name)

        def run(frame):
            try:
                return frame.vars[name]
            except KeyError:
                pass
            for scope in frame.enclosing:
                if name in scope:
                    return scope[name]
            context = frame.context
            value = frame.globals.get(name, _MISSING)
            if value is _MISSING:
                value = context.builtins.get(name, _MISSING)
                if value is _MISSING:
                    value = context.torch_names.get(name, _MISSING)
                    if value is _MISSING:
                        raise _undefined(name, frame, self.position(token))
            return value
        return run

    def _local(self, token, name):
        """A variable the function binds somewhere in its body: Python reads it from the function's own
        variables only (UnboundLocalError before it is bound), never from around the def."""
        def run(frame):
            try:
                return frame.vars[name]
            except KeyError:
                raise GradcliError("cannot access local variable '%s' where it is not associated with a value"
                                   % name, "UnboundLocalError", self.position(token)) from None
        return run

    def e_INT(self, token):
        text = token.value
        run = self.literals.get(text)
        if run is None:
            digits = text.replace("_", "")
            run = self.literals[text] = self.constant(
                int(digits, 0) if text[:2].lower() in ("0x", "0o", "0b") else int(digits))
        return run

    def e_FLOAT(self, token):
        text = token.value  # (an INT's text never reads as a FLOAT's: one dict serves both)
        run = self.literals.get(text)
        if run is None:
            run = self.literals[text] = self.constant(float(text.replace("_", "")))
        return run

    def constant(self, value):
        """The closure giving `value`, known as a constant to the nodes above it (a display of constants)."""
        run = lambda frame: value  # noqa: E731
        self.constants[run] = value
        return run

    def e_true(self, node):
        return self.constant(True)

    def e_false(self, node):
        return self.constant(False)

    def e_none(self, node):
        return self.constant(None)

    def e_ellipsis(self, node):
        return lambda frame: Ellipsis

    def e_strings(self, node):
        from .strings import compile_string
        parts = [compile_string(token, self) for token in node.children]
        if len(parts) == 1:
            return parts[0]

        def run(frame):
            return "".join(part(frame) for part in parts)
        return run

    def _binary(self, node):
        # (a tensor on the left runs gradcli's own operator, which checks sizes itself: no guard applies)
        guarded, plain = _BINARY[node.data], _OPERATORS[node.data]
        left_node, right_node = node.children
        left, right = self.expression(left_node), self.expression(right_node)
        if node.data == "pow" and "^" in self._between(left_node, right_node):
            guarded, plain = guards.as_written(guarded, "^"), guards.as_written(plain, "^")

        def run(frame):
            a = left(frame)
            b = right(frame)
            try:
                return plain(a, b) if a.__class__ is Tensor else guarded(a, b)
            except Exception as exc:
                raise located(exc, self.position(node)) from None
        return run

    def _between(self, left_node, right_node):
        """The text between two operands (the operator, brackets, spaces); empty where it is not known."""
        places = self.places()
        left, right = places.offsets(left_node), places.offsets(right_node)
        return self.source[left[1]:right[0]] if left and right else ""

    def _unary(self, node):
        operand = self.expression(node.children[0])
        value = self.constants.get(operand, _MISSING)
        if value.__class__ in _FOLDED_NUMBERS and node.data in _FOLDED_UNARY:  # `-1.0`: a constant
            return self.constant(_UNARY[node.data](value))
        return self.applied(_UNARY[node.data], operand, node)

    def applied(self, function, operand, node):
        """The closure of function(the operand's value), failing at `node`."""
        def run(frame):
            value = operand(frame)
            try:
                return function(value)
            except Exception as exc:
                raise located(exc, self.position(node)) from None
        return run

    def e_and_(self, node):
        left, right = (self.expression(c) for c in node.children)

        def run(frame):
            value = left(frame)
            return right(frame) if value else value
        return run

    def e_or_(self, node):
        left, right = (self.expression(c) for c in node.children)

        def run(frame):
            value = left(frame)
            return value if value else right(frame)
        return run

    def e_conditional(self, node):
        then, test, otherwise = (self.expression(c) for c in node.children)
        return lambda frame: then(frame) if test(frame) else otherwise(frame)

    def e_compare(self, node):
        operands, ops, pending = [], [], []
        for child in node.children:
            if isinstance(child, Token) and child.type not in _LEAVES:  # an operator's word: `<`, `not`, `in`
                pending.append(str(child))
            else:
                if pending:
                    ops.append(_COMPARE[" ".join(pending)])
                    pending = []
                operands.append(self.expression(child))

        def run(frame):
            a = operands[0](frame)
            result = True
            try:
                for op, operand in zip(ops, operands[1:]):
                    b = operand(frame)
                    result = op(a, b)
                    if len(ops) > 1 and not result:
                        return result
                    a = b
            except Exception as exc:
                raise located(exc, self.position(node)) from None
            return result
        return run

    def e_attribute(self, node):
        obj = self.expression(node.children[0])
        token = node.children[1]
        name = token.value
        if name[:2] == "__":  # one of the dunders a script may read, or checked_name's refusal
            read = DUNDER_READERS.get(name)
            if read is not None:
                return self.applied(read, obj, token)
            if refuses(name, "AttributeError"):
                return self.refused_read(obj, token)

        tensor_member = name in TENSOR_PLAIN_MEMBERS  # (a frozenset: asked once, here)

        def run(frame):
            value = obj(frame)
            try:
                # get_attribute's first two cases, without a call: a tensor's member, a module's
                if tensor_member and value.__class__ is Tensor:
                    return getattr(value, name)
                if value.__class__ is Module and not ASSIGNED:
                    members = value.members
                    # (a member read before is in the dict itself: found without Members.__contains__'s call)
                    if dict.__contains__(members, name) or name in members:
                        return members[name]
                return namespace.get_attribute(value, name)
            except Exception as exc:
                raise located(exc, self.position(token)) from None  # the attribute's name
        return run

    def refused_read(self, obj, token):
        """`m.__file__`: refused where it is read, as an import gradcli cannot bind is (compiler._failing_when_run),
        after `m` is evaluated as Python evaluates it; the lines above run first, so a tutorial reading a
        compiled extension's `__file__` at line 739 stops there, or earlier where torch stops (recipes/benchmark,
        on CUDA at line 218). Writing or deleting a dunder is refused before anything runs."""
        return raised_when_run(self.refusal(token, "AttributeError"), first=obj)

    def e_subscript(self, node):
        obj = self.expression(node.children[0])
        index = self.index(node.children[1])

        def run(frame):
            container = obj(frame)
            key = index(frame)
            try:
                return container[key]
            except Exception as exc:
                raise located(exc, self.position(node)) from None
        return run

    def index(self, node):
        """The closure for the inside of `[...]`: one item, or a tuple of items (`x[1, :]`, `x[1,]`)."""
        if isinstance(node, Tree) and node.data == "index_tuple":
            items = [self.index(c) for c in node.children]
            return lambda frame: tuple(item(frame) for item in items)
        if isinstance(node, Tree) and node.data == "slice":
            start, stop, step = (self.expression(c) if c is not None else None for c in node.children)
            return lambda frame: guards.checked_slice(start(frame) if start else None, stop(frame) if stop else None,
                                                      step(frame) if step else None)
        return self.expression(node)


# The rule tables: grammar rule (or leaf token type) -> the method compiling it. Compiling a node is one dict
# lookup in a module global (an attribute of the class would be looked up the slow way, per node).
_C = ExpressionCompiler
_TARGET_RULES = {  # what an assignment may bind
    "NAME": _C.t_NAME, "attribute": _C.t_attribute, "subscript": _C.t_subscript,
    "tuple_display": _C.unpacking_target, "target_tuple": _C.unpacking_target, "list": _C.unpacking_target,
    "tuple": _C.unpacking_target,
}
_EXPRESSION_RULES = {
    # leaves and constants
    "NAME": _C.e_NAME, "INT": _C.e_INT, "FLOAT": _C.e_FLOAT, "strings": _C.e_strings,
    "true": _C.e_true, "false": _C.e_false, "none": _C.e_none, "ellipsis": _C.e_ellipsis,
    # operators (the arithmetic ones: _binary and _unary, below)
    "expression": _C.e_expression, "and_": _C.e_and_, "or_": _C.e_or_, "conditional": _C.e_conditional,
    "compare": _C.e_compare, "attribute": _C.e_attribute, "subscript": _C.e_subscript,
    # calls.py, definitions.py
    "call": _C.e_call, "lambda": _C.e_lambda,
    # displays.py
    "list": _C.e_list, "tuple": _C.e_tuple, "tuple_display": _C.e_tuple_display, "dict": _C.e_dict,
    "set": _C.e_set, "generator": _C.e_generator, "list_comprehension": _C.e_list_comprehension,
    "dict_comprehension": _C.e_dict_comprehension, "set_comprehension": _C.e_set_comprehension,
    # generators.py: a yield inside an expression (refused), the value a yield received
    "yield_expr": _C.e_yield_expr, "yield_from": _C.e_yield_from,
    **dict.fromkeys(_BINARY, _C._binary),
    **dict.fromkeys(_UNARY, _C._unary),
}
del _C
_LEAF_RULES = {kind: _EXPRESSION_RULES[kind] for kind in _LEAVES}  # (their rules compile no node below them)


class FieldCompiler(ExpressionCompiler):
    """An f-string field's expression: compiled from its own text, placed where that text stands in the script
    (starting at `line`, `column` of `script`), as errors show it."""

    def __init__(self, text, filename, tree, script, line, column):
        super().__init__(text, filename, tree, "expression")
        self.script, self.line, self.column = script, line, column

    def position(self, node):
        return self.place(super().position(node))

    def place(self, inner):
        """A position in the field's text, as a position in the script."""
        shift = self.column - 1 if inner.line == 1 else 0
        return Position(self.filename, self.script, inner.line + self.line - 1, inner.column + shift,
                        inner.end_column and inner.end_column + shift)


def _undefined(name, frame, position):
    """Python's NameError; for one of Python's builtins the sandbox withholds (compile, exec, eval, open, ...),
    the refusal instead: the name exists in Python, a script only cannot reach it."""
    if namespace.withheld_builtin(name):
        return GradcliError("gradcli does not give access to Python's builtin '%s' (%s)"
                            % (name, namespace.withheld_builtin(name)), "NameError", position)
    return GradcliError("name '%s' is not defined" % name, "NameError", position,
                        suggest=lambda: errors.suggestion(name, _visible_names(frame)))


def _visible_names(frame):
    """Every name a script could have meant where `frame` runs (for a NameError's suggestion)."""
    names = set(frame.vars).union(frame.globals, frame.context.builtins, frame.context.torch_names)
    for scope in frame.enclosing:
        names.update(scope)
    return names
