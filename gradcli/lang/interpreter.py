"""The interpreter: Lark's tree compiled once into Python closures, then run.

Compiling walks the tree top-down (targets and expressions need different treatment, and loops need
top-down control), turning every node into a small closure `run(frame)`. Running a loop body then costs a few
calls per statement instead of a tree walk. Nothing is handed to Python's eval/exec: names resolve only through
the frame and lang.namespace, attributes only through its allow-list.

Errors: a closure that can fail attaches its source position to the error on its way out (`try` is free in
CPython 3.11 until something raises), so the innermost failing expression names the line and column.
"""

import gc
import operator

from lark import Token, Tree

from . import namespace
from .parser import parse
from .. import errors, grad_mode, limits
from ..errors import GradcliError, Position

_MISSING = object()


class _Break(BaseException):
    pass


class _Continue(BaseException):
    pass


class _Return(BaseException):
    def __init__(self, value):
        self.value = value


def located(exc, position):
    """The exception as a GradcliError carrying `position` (unless an inner one is already there)."""
    if isinstance(exc, GradcliError):
        return exc.at(position)
    if isinstance(exc, RecursionError):
        return GradcliError("maximum recursion depth exceeded", "RecursionError", position)
    if isinstance(exc, MemoryError):
        return GradcliError("out of memory", "MemoryError", position)
    message = str(exc) if not isinstance(exc, KeyError) else repr(exc.args[0]) if exc.args else ""
    return GradcliError(message, type(exc).__name__, position)


class Frame:
    """Variables of one scope: the module's, or a function call's locals (which see the locals of the
    functions around its def, innermost first, then the module's)."""

    __slots__ = ("vars", "globals", "context", "enclosing")

    def __init__(self, variables, globals_, context, enclosing=()):
        self.vars, self.globals, self.context, self.enclosing = variables, globals_, context, enclosing


class Context:
    """Per-session state shared by all frames: output, builtins, warnings already shown."""

    def __init__(self, write, expression_mode=False):
        self.write = write
        self.builtins = limits.guard_builtins(namespace.make_builtins(write))
        torch_names, clashing = namespace.math_names(expression_mode)
        for name in clashing:
            self.builtins.pop(name, None)
        self.torch_names = torch_names
        self.position = None  # the statement running now, for warnings
        self.warned = set()


class Function:
    """A `def` of the script: positional and default parameters; a def inside a def reads the enclosing
    call's variables (as they are when it runs, like Python's closures; it cannot rebind them)."""

    def __init__(self, name, parameters, defaults, body, globals_, context, enclosing=()):
        self.name, self.parameters, self.defaults = name, parameters, defaults
        self.body, self.globals, self.context, self.enclosing = body, globals_, context, enclosing

    def __call__(self, *args, **kwargs):
        if len(args) > len(self.parameters):
            raise errors.type_error("%s() takes %d positional arguments but %d were given"
                                    % (self.name, len(self.parameters), len(args)))
        local = dict(zip(self.parameters, args))
        for name, value in kwargs.items():
            if name not in self.parameters:
                raise errors.type_error("%s() got an unexpected keyword argument '%s'" % (self.name, name))
            if name in local:
                raise errors.type_error("%s() got multiple values for argument '%s'" % (self.name, name))
            local[name] = value
        for name in self.parameters:
            if name not in local:
                if name not in self.defaults:
                    raise errors.type_error("%s() missing 1 required positional argument: '%s'" % (self.name, name))
                local[name] = self.defaults[name]
        try:
            self.body(Frame(local, self.globals, self.context, self.enclosing))
        except _Return as signal:
            return signal.value
        return None

    def __repr__(self):
        return "<function %s at %#x>" % (self.name, id(self))


# ---------------------------------------------------------------- operators
# grammar rule -> Python operator (the grammar aliases `**` and `^` both to pow)
_BINARY = {
    "add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv,
    "floordiv": operator.floordiv, "mod": operator.mod, "matmul": operator.matmul, "pow": operator.pow,
    "bitand": operator.and_, "bitor": operator.or_,
}
_UNARY = {"neg": operator.neg, "pos": operator.pos, "not_": operator.not_, "invert": operator.invert}
_AUGMENTED = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "^=": operator.ipow,
    "@=": operator.imatmul, "&=": operator.iand, "|=": operator.ior,
}
_COMPARE = {
    "<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge, "<=": operator.le,
    "!=": operator.ne, "is": operator.is_, "is not": operator.is_not,
    "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}


class Compiler:
    """Turns a parse tree into closures. One method per grammar rule: `s_<rule>` for statements,
    `e_<rule>` for expressions."""

    def __init__(self, source, filename):
        self.source, self.filename = source, filename
        self.loops = 0         # enclosing loops of the statement being compiled: break/continue need one
        self.in_function = False

    def loop_body(self, node):
        """A loop's block, compiled knowing that `break` and `continue` are allowed in it."""
        self.loops += 1
        try:
            return self.block(node)
        finally:
            self.loops -= 1

    def position(self, node):
        if isinstance(node, Token):
            return Position(self.filename, self.source, node.line, node.column, node.end_column)
        meta = node.meta
        end = meta.end_column if getattr(meta, "end_line", None) == getattr(meta, "line", None) else None
        return Position(self.filename, self.source, getattr(meta, "line", 1), getattr(meta, "column", 1), end)

    def error(self, node, message, kind="SyntaxError"):
        return GradcliError(message, kind, self.position(node))

    # ------------------------------------------------------------ statements
    def statements(self, nodes):
        """A block: the statements' closures run in order."""
        compiled = tuple(self.statement(n) for n in nodes)
        if len(compiled) == 1:
            return compiled[0]

        def run(frame):
            for statement in compiled:
                statement(frame)
        return run

    def statement(self, node):
        method = getattr(self, "s_" + node.data, None)
        if method is None:
            raise self.error(node, "gradcli does not support this statement")
        body = method(node)
        position = self.position(node)
        if node.data in ("if", "while", "for", "with", "def"):
            return body  # their parts carry positions of their own

        def run(frame):
            frame.context.position = position
            try:
                body(frame)
            except Exception as exc:
                raise located(exc, position) from None
        return run

    def block(self, node):
        return self.statements(node.children)

    def s_expression_statement(self, node):
        expression = self.expression(node.children[0])
        return expression

    def s_assign(self, node):
        *targets, value_node = node.children
        value = self.expression(value_node)
        setters = [self.target(t) for t in targets]
        if len(setters) == 1:
            setter = setters[0]

            def run(frame):
                setter(frame, value(frame))
            return run

        def run_many(frame):
            v = value(frame)
            for setter in setters:
                setter(frame, v)
        return run_many

    def s_augassign(self, node):
        target_node, op_token, value_node = node.children
        op = limits.guard_operator(_AUGMENTED[str(op_token)])
        value = self.expression(value_node)
        kind = target_node.data if isinstance(target_node, Tree) else None
        # Python's rule: `t op= v` rebinds t to t.__iop__(v) (in place for tensors and lists), and evaluates the
        # container and the index of `a[i] += v` or `a.b += v` once.
        if kind == "name":
            current = self.expression(target_node)
            setter = self.target(target_node)

            def run(frame):
                setter(frame, op(current(frame), value(frame)))
            return run
        if kind == "attribute":
            obj = self.expression(target_node.children[0])
            name = self.checked_name(target_node.children[1], "AttributeError")

            def run_attribute(frame):
                o = obj(frame)
                namespace.set_attribute(o, name, op(namespace.get_attribute(o, name), value(frame)))
            return run_attribute
        if kind == "subscript":
            obj = self.expression(target_node.children[0])
            index = self.index(target_node.children[1])

            def run_item(frame):
                container, key = obj(frame), index(frame)
                container[key] = op(container[key], value(frame))
            return run_item
        raise self.error(target_node, "illegal expression for augmented assignment")

    def s_pass(self, node):
        return lambda frame: None

    def s_break(self, node):
        if not self.loops:
            raise self.error(node, "'break' outside loop")

        def run(frame):
            raise _Break()
        return run

    def s_continue(self, node):
        if not self.loops:
            raise self.error(node, "'continue' not properly in loop")

        def run(frame):
            raise _Continue()
        return run

    def s_return(self, node):
        if not self.in_function:
            raise self.error(node, "'return' outside function")
        value = self.expression(node.children[0]) if node.children else (lambda frame: None)

        def run(frame):
            raise _Return(value(frame))
        return run

    def s_assert(self, node):
        test = self.expression(node.children[0])
        message = self.expression(node.children[1]) if len(node.children) > 1 else None

        def run(frame):
            if not test(frame):
                raise GradcliError(str(message(frame)) if message else "", "AssertionError")
        return run

    def s_del(self, node):
        names = node.children[0].children if node.children[0].data == "tuple_display" else node.children
        deleters = []
        for n in names:
            if not (isinstance(n, Tree) and n.data == "name"):
                raise self.error(n, "gradcli can delete names only")
            deleters.append(str(n.children[0]))

        def run(frame):
            for name in deleters:
                if frame.vars.pop(name, _MISSING) is _MISSING:
                    raise GradcliError("name '%s' is not defined" % name, "NameError")
        return run

    def s_import(self, node):
        dotted = ".".join(str(t) for t in node.children[0].children)
        alias = str(node.children[1]) if len(node.children) > 1 else None
        module = self.module(node, dotted)
        if alias is None:
            bound, value = dotted.split(".")[0], namespace.MODULES[dotted.split(".")[0]]
        else:
            bound, value = alias, module

        def run(frame):
            frame.vars[bound] = value
        return run

    def s_from_import(self, node):
        dotted = ".".join(str(t) for t in node.children[0].children)
        module = self.module(node, dotted)
        bindings = []
        for item in node.children[1].children:
            name = str(item.children[0])
            alias = str(item.children[1]) if len(item.children) > 1 else name
            submodule = namespace.MODULES.get(dotted + "." + name)
            if submodule is not None:
                bindings.append((alias, submodule))
            elif name in module.members:
                bindings.append((alias, module.members[name]))
            else:
                raise self.error(item, "cannot import name '%s' from '%s' (gradcli has no such member)"
                                 % (name, dotted), "ImportError")

        def run(frame):
            for alias, value in bindings:
                frame.vars[alias] = value
        return run

    def module(self, node, dotted):
        module = namespace.MODULES.get(dotted)
        if module is None:
            raise self.error(node, "gradcli has no module '%s'" % dotted, "ModuleNotFoundError")
        return module

    def s_if(self, node):
        branches = []
        otherwise = None
        children = node.children
        branches.append((self.expression(children[0]), self.block(children[1])))
        for part in children[2:]:
            if part.data == "elif":
                branches.append((self.expression(part.children[0]), self.block(part.children[1])))
            else:
                otherwise = self.block(part.children[0])
        positions = [self.position(children[0])] + [self.position(p.children[0]) for p in children[2:]
                                                     if p.data == "elif"]
        tests = [(test, body, pos) for (test, body), pos in zip(branches, positions)]

        def run(frame):
            for test, body, position in tests:
                try:
                    passed = test(frame)
                    passed = passed if passed.__class__ is bool else bool(passed)
                except Exception as exc:
                    raise located(exc, position) from None
                if passed:
                    body(frame)
                    return
            if otherwise is not None:
                otherwise(frame)
        return run

    def s_while(self, node):
        test = self.expression(node.children[0])
        position = self.position(node.children[0])
        body = self.loop_body(node.children[1])
        otherwise = self.block(node.children[2].children[0]) if len(node.children) > 2 else None

        def check(frame):
            try:
                value = test(frame)
                return value if value.__class__ is bool else bool(value)
            except Exception as exc:
                raise located(exc, position) from None

        def run(frame):
            while check(frame):
                limits.tick()
                try:
                    body(frame)
                except _Break:
                    return
                except _Continue:
                    pass
            if otherwise is not None:
                otherwise(frame)
        return run

    def s_for(self, node):
        targets_node, iterable_node, block_node = node.children[:3]
        if isinstance(targets_node, Tree) and targets_node.data == "targets" and len(targets_node.children) == 1:
            targets_node = targets_node.children[0]  # `for v in t` binds v, it does not unpack it
        setter = self.target(targets_node)
        iterable = self.expression(iterable_node)
        position = self.position(iterable_node)
        target_position = self.position(targets_node)
        body = self.loop_body(block_node)
        otherwise = self.block(node.children[3].children[0]) if len(node.children) > 3 else None

        def run(frame):
            try:
                items = iter(iterable(frame))
            except Exception as exc:
                raise located(exc, position) from None
            while True:
                item = _MISSING
                limits.tick()
                try:  # the iterator and the unpacking into targets can fail too (a 0-d tensor, a short tuple)
                    item = next(items)
                    setter(frame, item)
                except StopIteration:
                    break
                except Exception as exc:
                    raise located(exc, position if item is _MISSING else target_position) from None
                try:
                    body(frame)
                except _Break:
                    return
                except _Continue:
                    pass
            if otherwise is not None:
                otherwise(frame)
        return run

    def s_with(self, node):
        *items, block_node = node.children
        managers = []
        for item in items:
            alias = str(item.children[1]) if len(item.children) > 1 else None
            managers.append((self.expression(item.children[0]), alias, self.position(item)))
        body = self.block(block_node)

        def run(frame):
            entered = []
            try:
                for manager, alias, position in managers:
                    try:
                        value = manager(frame)
                        if not isinstance(value, namespace.CONTEXT_MANAGERS):
                            raise errors.type_error("'%s' object does not support the context manager protocol"
                                                    % type(value).__name__)
                        result = value.__enter__()
                    except Exception as exc:
                        raise located(exc, position) from None
                    entered.append(value)
                    if alias:
                        frame.vars[alias] = result
                body(frame)
            finally:
                for value in reversed(entered):
                    value.__exit__(None, None, None)
        return run

    def s_def(self, node):
        name = str(node.children[0])
        parameters, defaults = [], {}
        parameter_nodes = node.children[1].children if len(node.children) > 2 else []
        default_closures = {}
        for p in parameter_nodes:
            pname = self.checked_name(p.children[0])
            if pname in parameters:
                raise self.error(p, "duplicate argument '%s' in function definition" % pname)
            parameters.append(pname)
            if len(p.children) > 1:
                default_closures[pname] = self.expression(p.children[1])
        outer = self.loops, self.in_function
        self.loops, self.in_function = 0, True  # a loop around the def does not reach into its body
        try:
            body = self.block(node.children[-1])
        finally:
            self.loops, self.in_function = outer

        def run(frame):
            for pname, value in default_closures.items():
                defaults[pname] = value(frame)
            # a def inside a call sees that call's variables (and those around it); at module level, none
            enclosing = () if frame.vars is frame.globals else (frame.vars,) + frame.enclosing
            frame.vars[name] = Function(name, tuple(parameters), dict(defaults), body, frame.globals,
                                        frame.context, enclosing)
        return run

    # ------------------------------------------------------------ assignment targets
    def target(self, node):
        """A closure `set(frame, value)` for an assignment target."""
        kind = node.data if isinstance(node, Tree) else None
        if kind == "name":
            name = self.checked_name(node.children[0])

            def set_name(frame, value):
                frame.vars[name] = value
            return set_name
        if kind == "attribute":
            obj = self.expression(node.children[0])
            attribute = self.checked_name(node.children[1], "AttributeError")

            def set_attribute(frame, value):
                namespace.set_attribute(obj(frame), attribute, value)
            return set_attribute
        if kind == "subscript":
            obj = self.expression(node.children[0])
            index = self.index(node.children[1])

            def set_item(frame, value):
                container = obj(frame)
                container[index(frame)] = value
            return set_item
        if kind in ("tuple_display", "target_tuple", "list", "tuple"):
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
        raise self.error(node, "cannot assign to this expression")

    def checked_name(self, token, kind="NameError"):
        """The name of `token`, unless it is a dunder (`__class__`, `__import__`): those are never reachable."""
        name = str(token)
        if name.startswith("__"):
            raise GradcliError("gradcli does not give access to '%s'" % name, kind, self.position(token))
        return name

    # ------------------------------------------------------------ expressions
    def expression(self, node):
        if isinstance(node, Token):
            raise self.error(node, "unexpected '%s'" % node)
        if node.data in _BINARY:
            return self._binary(node, _BINARY[node.data])
        if node.data in _UNARY:
            return self._unary(node, _UNARY[node.data])
        method = getattr(self, "e_" + node.data, None)
        if method is None:
            raise self.error(node, "gradcli does not support this expression")
        return method(node)

    def e_expression(self, node):
        return self.expression(node.children[0])

    def e_name(self, node):
        if node.children[0] == "__name__":  # the one dunder scripts read: `if __name__ == "__main__":`
            return lambda frame: "__main__"
        name = self.checked_name(node.children[0])
        position = self.position(node)

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
                        raise GradcliError("name '%s' is not defined" % name, "NameError", position)
            return value
        return run

    def e_int(self, node):
        value = int(str(node.children[0]).replace("_", ""), 0) if str(node.children[0])[:2].lower() in (
            "0x", "0o", "0b") else int(str(node.children[0]).replace("_", ""))
        return lambda frame: value

    def e_float(self, node):
        value = float(str(node.children[0]).replace("_", ""))
        return lambda frame: value

    def e_true(self, node):
        return lambda frame: True

    def e_false(self, node):
        return lambda frame: False

    def e_none(self, node):
        return lambda frame: None

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

    def e_list(self, node):
        items = [self.expression(c) for c in node.children]
        return lambda frame: [item(frame) for item in items]

    def e_tuple(self, node):
        items = [self.expression(c) for c in node.children]
        return lambda frame: tuple(item(frame) for item in items)

    e_tuple_display = e_tuple

    def comprehension(self, node):
        """A generator function `values(frame)` for `test for ... in ... if ...`: its variables live in a
        scope of their own (a copy of the enclosing variables), as in Python 3."""
        element_node, *clauses = node.children
        element = self.expression(element_node)
        loops = []
        for clause in clauses:
            targets_node, iterable_node, *conditions = clause.children
            loops.append((self.target(targets_node), self.expression(iterable_node),
                          tuple(self.expression(c) for c in conditions)))

        def produce(frame, depth):
            setter, iterable, conditions = loops[depth]
            for item in iterable(frame):
                limits.tick()
                setter(frame, item)
                if all(condition(frame) for condition in conditions):
                    if depth + 1 == len(loops):
                        yield element(frame)
                    else:
                        yield from produce(frame, depth + 1)

        def values(frame):
            return produce(Frame(dict(frame.vars), frame.globals, frame.context, frame.enclosing), 0)
        return values

    def e_list_comprehension(self, node):
        values = self.comprehension(node.children[0])
        position = self.position(node)

        def run(frame):
            try:
                return list(values(frame))
            except Exception as exc:
                raise located(exc, position) from None
        return run

    def e_generator(self, node):
        values = self.comprehension(node.children[0])
        return values  # lazy, as in Python: `all(... for ...)` stops at the first False

    def e_dict(self, node):
        pairs = [(self.expression(p.children[0]), self.expression(p.children[1])) for p in node.children]
        return lambda frame: {k(frame): v(frame) for k, v in pairs}

    def _binary(self, node, op):
        op = limits.guard_operator(op)  # `"a" * 10**10`, `10**10**10`: refused before Python builds them
        left, right = (self.expression(c) for c in node.children)
        position = self.position(node)

        def run(frame):
            a = left(frame)
            b = right(frame)
            try:
                return op(a, b)
            except Exception as exc:
                raise located(exc, position) from None
        return run









    def _unary(self, node, op):
        operand = self.expression(node.children[0])
        position = self.position(node)

        def run(frame):
            value = operand(frame)
            try:
                return op(value)
            except Exception as exc:
                raise located(exc, position) from None
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
            if isinstance(child, Token):
                pending.append(str(child))
            else:
                if pending:
                    ops.append(_COMPARE[" ".join(pending)])
                    pending = []
                operands.append(self.expression(child))
        position = self.position(node)

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
                raise located(exc, position) from None
            return result
        return run

    def e_attribute(self, node):
        obj = self.expression(node.children[0])
        name = self.checked_name(node.children[1], "AttributeError")
        position = self.position(node.children[1])
        get = namespace.get_attribute

        def run(frame):
            value = obj(frame)
            try:
                return get(value, name)
            except Exception as exc:
                raise located(exc, position) from None
        return run

    def e_subscript(self, node):
        obj = self.expression(node.children[0])
        index = self.index(node.children[1])
        position = self.position(node)

        def run(frame):
            container = obj(frame)
            key = index(frame)
            try:
                return container[key]
            except Exception as exc:
                raise located(exc, position) from None
        return run

    def index(self, node):
        """The closure for the inside of `[...]`: one item, or a tuple of items (`x[1, :]`, `x[1,]`)."""
        if isinstance(node, Tree) and node.data == "index_tuple":
            items = [self.index(c) for c in node.children]
            return lambda frame: tuple(item(frame) for item in items)
        if isinstance(node, Tree) and node.data == "slice":
            start, stop, step = (self.expression(c) if c is not None else None for c in node.children)
            return lambda frame: slice(start(frame) if start else None, stop(frame) if stop else None,
                                       step(frame) if step else None)
        return self.expression(node)

    def e_call(self, node):
        function = self.expression(node.children[0])
        positional, keywords, star, starstar = [], [], None, None
        if len(node.children) > 1:
            for arg in node.children[1].children:
                if isinstance(arg, Tree) and arg.data == "keyword":
                    keywords.append((self.checked_name(arg.children[0]), self.expression(arg.children[1])))
                elif isinstance(arg, Tree) and arg.data == "star":
                    star = self.expression(arg.children[0])
                elif isinstance(arg, Tree) and arg.data == "starstar":
                    starstar = self.expression(arg.children[0])
                else:
                    positional.append(self.expression(arg))
        position = self.position(node)

        def run(frame):
            f = function(frame)
            args = [a(frame) for a in positional]
            if star is not None:
                args.extend(star(frame))
            kwargs = {name: value(frame) for name, value in keywords}
            if starstar is not None:
                kwargs.update(starstar(frame))
            if not callable(f):
                raise GradcliError("'%s' object is not callable" % type(f).__name__, "TypeError", position)
            try:
                if isinstance(f, Function):
                    context = frame.context
                    context.depth = getattr(context, "depth", 0) + 1
                    try:
                        limits.check_recursion(context.depth)
                        limits.tick()
                        return f(*args, **kwargs)
                    finally:
                        context.depth -= 1
                return f(*args, **kwargs)
            except (_Break, _Continue, _Return):
                raise
            except Exception as exc:
                raise located(exc, position) from None
        return run


def compile_program(source, filename="<input>", start="start"):
    """Parse and compile `source`; returns a list of top-level statement closures (or one expression)."""
    # A long script's tree and closures are millions of acyclic objects; Python's cycle collector, rerun over
    # all of them as they grow, took most of the time of parsing and compiling (5,000 lines: 9-10 s -> 4 s).
    collecting = gc.isenabled()
    gc.disable()
    try:
        tree = parse(source, filename, start)
        compiler = Compiler(source, filename)
        nodes = [tree] if start == "expression" else tree.children
        compiled = []
        for node in nodes:
            try:
                compiled.append(compiler.expression(node) if start == "expression" else compiler.statement(node))
            except RecursionError:  # compiling recurses along the tree: thousands of nested operators
                raise GradcliError("expression too deeply nested", "SyntaxError", compiler.position(node)) from None
        return compiled[0] if start == "expression" else compiled
    finally:
        if collecting:
            gc.freeze()  # the closures live as long as the program: no collection needs to walk them again
            gc.enable()


class Interpreter:
    """Runs programs in one persistent set of variables (a script, or a REPL session)."""

    def __init__(self, write, expression_mode=False, warn=None):
        self.context = Context(write, expression_mode)
        self.variables = {}
        self.frame = Frame(self.variables, self.variables, self.context)
        self.warn_write = warn

    def _warning_sink(self, message, category):
        position = self.context.position
        key = (position.filename, position.line, category, message) if position else (None, None, category, message)
        if key in self.context.warned:
            return
        self.context.warned.add(key)
        if self.warn_write is None:
            return
        if position is None:
            self.warn_write("%s: %s\n" % (category, message))
        else:
            self.warn_write("%s:%d: %s: %s\n  %s\n" % (position.filename, position.line, category, message,
                                                      position.source_line().strip()))

    def run(self, source, filename="<input>", on_error=None):
        """Run a script. Errors stop it, unless `on_error(error)` is given: then each failing top-level
        statement is reported through it and the script goes on (--keep-going)."""
        limits.start_run()
        try:
            statements = compile_program(source, filename)
        except Exception as exc:  # every failure leaves the interpreter as a GradcliError
            raise located(exc, Position(filename, source, 1, 1)) from None
        previous_sink = errors.warning_sink
        errors.warning_sink = self._warning_sink
        try:
            for statement in statements:
                try:
                    try:
                        statement(self.frame)
                    except (GradcliError, _Break, _Continue, _Return):
                        raise
                    except Exception as exc:  # a compound statement's own machinery; never a traceback
                        raise located(exc, self.context.position or Position(filename, source, 1, 1)) from None
                except GradcliError as exc:
                    exc.at(self.context.position or Position(filename, source, 1, 1))  # e.g. a loop's limit
                    if on_error is None:
                        raise
                    on_error(exc)
        except (_Break, _Continue):
            raise GradcliError("'break' or 'continue' outside loop", "SyntaxError") from None
        except _Return:
            raise GradcliError("'return' outside function", "SyntaxError") from None
        finally:
            errors.warning_sink = previous_sink
            grad_mode.set_grad_enabled(True)

    def evaluate(self, source, filename="<expression>"):
        """The value of one expression in this interpreter's variables."""
        limits.start_run()
        try:
            expression = compile_program(source, filename, start="expression")
        except Exception as exc:
            raise located(exc, Position(filename, source, 1, 1)) from None
        previous_sink = errors.warning_sink
        errors.warning_sink = self._warning_sink
        try:
            return expression(self.frame)
        except GradcliError:
            raise
        except Exception as exc:
            raise located(exc, Position(filename, source, 1, 1)) from None
        finally:
            errors.warning_sink = previous_sink
