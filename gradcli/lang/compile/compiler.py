"""Compiling statements: blocks, assignments, imports, control flow and `def`, on top of the expressions.

Compiling walks the tree top-down (loops need top-down control, and break/continue/return are checked
where they stand), turning every statement into a closure `run(frame)`; running a loop body then costs a few
calls per statement instead of a tree walk.
"""

import operator

from ..syntax import Tree

from ..sandbox import guards, namespace, system
from . import classes, exceptions
from .expressions import ExpressionCompiler, kind_of
from .handling import Handling
from .runtime import _MISSING, _Break, _Continue, _Return, located, raised_when_run
from ...base import errors
from ...core import limits
from ...base.errors import GradcliError

# with the size checks of guards.guard_operator, as for the binary operators
_AUGMENTED = {token: guards.guard_operator(op) for token, op in {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow, "^=": operator.ipow,
    "@=": operator.imatmul, "&=": operator.iand, "|=": operator.ior,
}.items()}


_COMPOUND = frozenset(("if", "while", "for", "with", "def", "class", "try"))
_UNMARKED = _COMPOUND | {"pass"}  # statements Compiler.statement does not mark as running (see there)
_SELF_MARKING = frozenset(("assign", "expression_statement"))  # statements whose rule takes the position and marks it itself


class StatementPosition(tuple):
    """A statement's Position, worked out when something reads it. Every simple statement has one, marking
    it as the running statement (warnings and errors from outside its expressions point at it), but few are
    ever read (docs/bench.md has what building them all cost). StatementPosition((compiler, node)): a tuple
    is made without running Python code, which an __init__ would; it compares as the object it is, as any
    position does."""

    __slots__ = ()
    __eq__, __ne__, __hash__ = object.__eq__, object.__ne__, object.__hash__
    compiler = property(operator.itemgetter(0))
    node = property(operator.itemgetter(1))

    def __getattr__(self, name):  # line, column, filename, render(), ...: those of the Position
        return getattr(self[0].position(self[1]), name)


def _marked(body, position):
    """The simple statement `body` marked as the running statement at `position`, which its errors carry."""
    def run(frame):  # returns the value of an expression statement (the REPL echoes a lone one)
        frame.context.position = position
        try:
            return body(frame)
        except Exception as exc:
            raise located(exc, position) from None
    return run


def _failing_when_run(resolve):
    """An import statement: resolve() gives its runner, or raises because gradcli cannot bind it (a module it
    lacks or refuses, a member it has not). Then the statement fails when it runs, as Python's import does: the
    lines above it run first, so a tutorial importing torch.fx at line 300 stops there, after printing what its
    first 299 lines print (or earlier, where torch stops too), not before printing anything; and an
    `except ImportError` around it catches what torch's Python raises too (a module torch has not, torchvision),
    never a refusal (_refusal). A name the statement may not bind is still refused before anything runs."""
    try:
        return resolve()
    except GradcliError as error:
        return raised_when_run(error)


def _refusal(error):
    """The error for an import torch's Python would have done (a standard-library module or a host member
    gradcli withholds, a torch module it lacks): no `except` of the script catches it, since the path it
    would take is one Python never takes (lang.compile.exceptions.catchable)."""
    error.refused = True
    return error


class Compiler(Handling, ExpressionCompiler):
    """Turns a parse tree into closures: `s_<rule>` for statements, the `e_<rule>` of ExpressionCompiler for
    expressions."""

    def loop_body(self, node):
        """A loop's block, compiled knowing that `break` and `continue` are allowed in it: a closure that runs
        the block once and returns True when it breaks out of the loop."""
        block = self.in_loop(self.block, node)

        def run(frame):
            try:
                block(frame)
            except _Break:
                return True
            except _Continue:
                pass
            return False
        return run

    def in_loop(self, compile_block, node):
        """compile_block(node) knowing that `break` and `continue` are allowed in it."""
        self.loops += 1
        try:
            return compile_block(node)
        finally:
            self.loops -= 1

    def statement_position(self, node):
        return StatementPosition((self, node))

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
        kind = node.data
        compile_rule = _STATEMENT_RULES.get(kind)
        if compile_rule is None:
            raise self.error(node, "gradcli does not support this statement")
        if kind in _UNMARKED:  # their parts carry positions of their own; `pass` has none, and does nothing
            return self.nested(compile_rule, node)
        position = StatementPosition((self, node))
        if kind in _SELF_MARKING:  # one closure, not a marking one around the statement's: a frame less a run
            return self.nested(lambda compiler, node: compile_rule(compiler, node, position), node)
        return _marked(self.nested(compile_rule, node), position)

    def block(self, node):
        return self.statements(node.children)

    def s_expression_statement(self, node, position=None):
        """(With `position`, as s_assign.)"""
        expression = self.expression(node.children[0])
        echo = self.echo if self.scope is None else None
        if echo is None:
            return expression if position is None else _marked(expression, position)

        def run(frame):  # Python's interactive mode: each expression statement outside a def or class shows
            value = expression(frame)
            echo(value)
            return value
        return run if position is None else _marked(run, position)

    def s_assign(self, node, position=None):
        """With the statement's `position`, the closure marks the statement as running and places its errors
        itself (Compiler.statement's closure does that for the others)."""
        children = node.children
        targets, value_node = children[:-1], children[-1]
        value = self.expression(value_node)
        name = self.own_variable(targets[0]) if len(targets) == 1 else None
        if name is not None:  # `x = ...`, the most common statement
            if position is None:
                def run_name(frame):
                    frame.vars[name] = value(frame)
                return run_name

            def run_marked(frame):  # (Compiler.statement's marking closure and run_name, in one)
                frame.context.position = position
                try:
                    frame.vars[name] = value(frame)
                except Exception as exc:
                    raise located(exc, position) from None
            return run_marked
        if position is not None:
            return _marked(self.s_assign(node), position)
        if len(targets) == 1:
            setter = self.target(targets[0])

            def run(frame):
                setter(frame, value(frame))
            return run
        setters = [self.target(t) for t in targets]

        def run_many(frame):
            v = value(frame)
            for setter in setters:
                setter(frame, v)
        return run_many

    def s_annassign(self, node):
        """`x: int = 0` assigns as `x = 0` does; the annotation is not evaluated, and `x: int` alone does nothing
        at run time (it makes x local to a function, as in Python)."""
        target_node, _, *value_node = node.children
        if kind_of(target_node) not in ("NAME", "attribute", "subscript"):
            raise self.error(target_node, "only single target (not tuple) can be annotated"
                             if kind_of(target_node) == "tuple_display" else "illegal target for annotation")
        if not value_node:
            return lambda frame: None
        return self.s_assign(Tree("assign", [target_node, value_node[0]], node.meta))

    def s_augassign(self, node):
        target_node, op_token, value_node = node.children
        op = _AUGMENTED[str(op_token)]
        if op_token == "^=":
            op = guards.as_written(op, "^=")
        value = self.expression(value_node)
        kind = kind_of(target_node)
        # Python's rule: `t op= v` rebinds t to t.__iop__(v) (in place for tensors and lists), and evaluates the
        # container and the index of `a[i] += v` or `a.b += v` once.
        if kind == "NAME":
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
        return self._loop_signal(node, _Break, "'break' outside loop")

    def s_continue(self, node):
        return self._loop_signal(node, _Continue, "'continue' not properly in loop")

    def _loop_signal(self, node, signal, misplaced):
        """break/continue: a signal the enclosing loop catches; outside a loop, Python's SyntaxError."""
        if not self.loops:
            raise self.error(node, misplaced)

        def run(frame):
            raise signal()
        return run

    def s_return(self, node):
        if not self.in_function:
            raise self.error(node, "'return' outside function")
        value = self.expression(node.children[0]) if node.children else (lambda frame: None)

        def run(frame):
            raise _Return(value(frame))
        return run

    def s_del(self, node):
        targets = node.children[0].children if kind_of(node.children[0]) == "tuple_display" else node.children
        deleters = [self._deleter(n) for n in targets]

        def run(frame):
            for delete in deleters:
                delete(frame)
        return run

    def _deleter(self, node):
        """`del name` (in the scope `global` names) or `del container[index]`."""
        kind = kind_of(node)
        if kind == "subscript":
            obj, index = self.expression(node.children[0]), self.index(node.children[1])

            def delete_item(frame):
                container, key = obj(frame), index(frame)
                try:
                    del container[key]
                except Exception as exc:
                    raise located(exc, self.position(node)) from None
            return delete_item
        if kind != "NAME":
            raise self.error(node, "gradcli can delete names and items only")
        name = self.checked_name(node)
        in_globals = self.scope is not None and name in self.scope.globals

        def delete_name(frame):
            if (frame.globals if in_globals else frame.vars).pop(name, _MISSING) is _MISSING:
                raise GradcliError("name '%s' is not defined" % name, "NameError")
        return delete_name

    def s_import(self, node):
        """`import a.b, c as d`: each module bound in turn (`import a.b` binds `a`); one gradcli cannot bind fails
        where the statement runs, after the ones before it are bound (as Python's)."""
        steps = []
        for item in node.children:
            dotted = ".".join(str(t) for t in item.children[0].children)
            whole = len(item.children) == 1
            setter = self.name_setter(item.children[0].children[0] if whole else item.children[1])

            def resolve(item=item, dotted=dotted, whole=whole, setter=setter):
                module = self.module(node, dotted)  # (an unknown one: the statement's error, as CPython's line)
                value = namespace.MODULES[dotted.split(".")[0]] if whole else module
                return lambda frame: setter(frame, value)
            steps.append(_failing_when_run(resolve))
        if len(steps) == 1:
            return steps[0]

        def run(frame):
            for step in steps:
                step(frame)
        return run

    def s_from_import(self, node):
        dotted = ".".join(str(t) for t in node.children[0].children)
        if dotted == "__main__":
            return self._from_main(node)
        # the names bound, `as NAME` or the member's own (a name the script may not bind is refused now)
        items = [(item, str(item.children[0]), self.name_setter(item.children[-1]))
                 for item in node.children[1].children]

        def resolve():
            module = self.module(node, dotted)
            bindings = []
            for item, name, setter in items:
                submodule = namespace.MODULES.get(dotted + "." + name)
                if submodule is not None:
                    bindings.append((setter, lambda submodule=submodule: submodule))
                elif name in module.members:  # (read as it runs: os.environ is the running script's own)
                    bindings.append((setter, lambda members=module.members, name=name: members[name]))
                elif hasattr(system.HOST.get(dotted), name):
                    raise _refusal(self.error(item, "gradcli does not give access to '%s.%s'" % (dotted, name),
                                              "ImportError"))
                else:
                    raise self.error(item, "cannot import name '%s' from '%s' (gradcli has no such member)"
                                     % (name, dotted), "ImportError")

            def run(frame):
                for setter, member in bindings:
                    setter(frame, member())
            return run
        return _failing_when_run(resolve)

    def _from_main(self, node):
        """`from __main__ import f`: the script's own f (as timeit's setup strings take names from the script)."""
        names = [(self.name_setter(item.children[-1]), str(item.children[0])) for item in node.children[1].children]

        def run(frame):
            main = frame.context.main
            for setter, name in names:
                if name not in main:
                    raise GradcliError("cannot import name '%s' from '__main__' (unknown location)" % name,
                                       "ImportError")
                setter(frame, main[name])
        return run

    def module(self, node, dotted):
        module = namespace.MODULES.get(dotted)
        if module is None:
            if dotted.split(".")[0] in system.STANDARD_LIBRARY:
                raise _refusal(self.error(
                    node, "gradcli does not give access to Python's module '%s' (a script may import torch, numpy, "
                    "math, random, collections, itertools, time, datetime, timeit, warnings, pathlib, zipfile, "
                    "pprint and parts of os, sys and importlib)" % dotted, "ModuleNotFoundError"))
            missing = namespace.missing_torch_module(dotted)
            if missing is not None:
                raise _refusal(self.error(node, missing.message, missing.kind))
            raise self.error(node, "gradcli has no module '%s'" % dotted, "ModuleNotFoundError")
        return module

    def s_if(self, node):
        """`if`/`elif` tests, each with its block and its node (for the position of a failing test), and the
        `else` block."""
        children = node.children
        tests = [(self.expression(children[0]), self.block(children[1]), children[0])]
        otherwise = None
        for part in children[2:]:
            if part.data == "elif":
                test_node, block_node = part.children
                tests.append((self.expression(test_node), self.block(block_node), test_node))
            else:
                otherwise = self.block(part.children[0])

        def run(frame):
            for test, body, test_node in tests:
                try:
                    passed = test(frame)
                    passed = passed if passed.__class__ is bool else bool(passed)
                except Exception as exc:
                    raise located(exc, self.position(test_node)) from None
                if passed:
                    body(frame)
                    return
            if otherwise is not None:
                otherwise(frame)
        return run

    def condition(self, test_node):
        """A loop's (or a generator's if's) test: a closure giving its truth, marking it as the running statement
        while it runs (Ctrl-C, warnings) and placing its errors."""
        test = self.expression(test_node)
        header = StatementPosition((self, test_node))

        def check(frame):
            frame.context.position = header
            try:
                value = test(frame)
                return value if value.__class__ is bool else bool(value)
            except Exception as exc:
                raise located(exc, self.position(test_node)) from None
        return check

    def s_while(self, node):
        check = self.condition(node.children[0])
        body = self.loop_body(node.children[1])
        otherwise = self.block(node.children[2].children[0]) if len(node.children) > 2 else None

        def run(frame):
            while check(frame):
                limits.tick()
                if body(frame):
                    return
            if otherwise is not None:
                otherwise(frame)
        return run

    def for_header(self, node):
        """A for loop's (setter of its targets, iterable's closure, targets' node, iterable's node)."""
        targets_node, iterable_node = node.children[:2]
        if isinstance(targets_node, Tree) and targets_node.data == "targets" and len(targets_node.children) == 1:
            targets_node = targets_node.children[0]  # `for v in t` binds v, it does not unpack it
        return self.target(targets_node), self.expression(iterable_node), targets_node, iterable_node

    def s_for(self, node):
        setter, iterable, targets_node, iterable_node = self.for_header(node)
        body = self.loop_body(node.children[2])
        otherwise = self.block(node.children[3].children[0]) if len(node.children) > 3 else None

        def run(frame):
            try:
                items = limits.iterated(iterable(frame))
            except Exception as exc:
                raise located(exc, self.position(iterable_node)) from None
            while True:
                item = _MISSING
                try:  # the budget, the iterator and the unpacking into targets can fail (a 0-d tensor, a short tuple)
                    limits.tick()
                    item = next(items)
                    setter(frame, item)
                except StopIteration:
                    break
                except Exception as exc:
                    failed = iterable_node if item is _MISSING else targets_node
                    raise located(exc, self.position(failed)) from None
                if body(frame):
                    return
            if otherwise is not None:
                otherwise(frame)
        return run

    def with_managers(self, node):
        """A with statement's items: (the manager's closure, the `as` name's setter or None, the item's node)."""
        managers = []
        for item in node.children[:-1]:
            alias = self.t_NAME(item.children[1]) if len(item.children) > 1 else None
            managers.append((self.expression(item.children[0]), alias, item))
        return managers

    def enter_all(self, frame, managers, entered):
        """Enter the managers in order, each entered one added to `entered` (to be left if a later one fails)."""
        for manager, alias, item_node in managers:
            try:
                value = manager(frame)
                if not (isinstance(value, namespace.CONTEXT_MANAGERS) or _script_manager(value)):
                    raise errors.type_error("'%s' object does not support the context manager protocol"
                                            % type(value).__name__)
                result = value.__enter__()
            except Exception as exc:
                raise located(exc, self.position(item_node)) from None
            entered.append((value, item_node))
            if alias is not None:
                alias(frame, result)

    def leave_all(self, entered, error):
        return _exit_all(entered, error, self.position)

    def s_with(self, node):
        managers = self.with_managers(node)
        body = self.block(node.children[-1])
        enter, leave = self.enter_all, self.leave_all

        def run(frame):
            entered = []
            try:
                enter(frame, managers, entered)
                body(frame)
            except GradcliError as error:
                if not leave(entered, error):
                    raise
            except BaseException:  # break, continue, return (and Ctrl-C) leave the block too
                leave(entered, None)
                raise
            else:
                leave(entered, None)
        return run


def _script_manager(value):
    """An instance of a script's class defining both __enter__ and __exit__ (Python's context manager protocol)."""
    cls = type(value)
    return classes.is_script_instance(value) and callable(getattr(cls, "__enter__", None)) and \
        callable(getattr(cls, "__exit__", None))


def _exit_all(entered, error, position):
    """Leave the managers entered, the last first, as Python does: a script's __exit__ is told of the exception
    raised inside (its class, the exception, None for the traceback) and suppresses it by returning a true value;
    torch's managers never do. Whether the error is suppressed."""
    for value, item_node in reversed(entered):
        told = error if error is not None and exceptions.catchable(error) else None
        if _script_manager(value):
            exc = None if told is None else exceptions.exception_value(told)
            try:
                suppressed = value.__exit__(None if exc is None else type(exc), exc, None)
            except GradcliError:
                raise
            except Exception as exc_:
                raise located(exc_, position(item_node)) from None
            if told is not None and suppressed:
                error = None
        else:
            value.__exit__(None, None, None)
    return error is None


# grammar rule -> the method compiling that statement (Compiler.statement looks it up)
_STATEMENT_RULES = {
    # simple statements
    "expression_statement": Compiler.s_expression_statement, "assign": Compiler.s_assign,
    "annassign": Compiler.s_annassign, "augassign": Compiler.s_augassign, "del": Compiler.s_del,
    "pass": Compiler.s_pass, "break": Compiler.s_break, "continue": Compiler.s_continue,
    "return": Compiler.s_return, "import": Compiler.s_import, "from_import": Compiler.s_from_import,
    # compound statements
    "if": Compiler.s_if, "while": Compiler.s_while, "for": Compiler.s_for, "with": Compiler.s_with,
    # definitions.py
    "def": Compiler.s_def, "class": Compiler.s_class, "decorated": Compiler.s_decorated,
    "global": Compiler.s_global, "nonlocal": Compiler.s_nonlocal,
    # handling.py
    "try": Compiler.s_try, "raise": Compiler.s_raise, "assert": Compiler.s_assert,
}
