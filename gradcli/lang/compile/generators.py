"""Generator functions: a def (or a lambda) whose body yields, compiled in a generator mode, and the generator
object its call returns.

A body that yields is compiled as generator closures: each statement that yields somewhere inside it becomes a
Python generator function `run(frame)` that `yield from`s its parts, so the script's `yield` is a Python `yield`
at the bottom of that chain, and next/send/throw/close travel down it as Python sends them. The statements of
such a body that do not yield stay the ordinary closures, and a function without yield never meets this module.

A yield stands in a simple statement (`yield v`, `x = yield v`, `total += yield`, `log.append((yield))`,
`return (yield)`): the statement's yields run first, in the order Python runs them, then the ordinary statement,
each yield in it reading the value it received. That is CPython's order but for what the statement evaluates
before a yield (`f() + (yield)` calls f after it): different only where that part has side effects or reads what
changes while the generator is suspended. A yield that runs only sometimes (inside `and`, `or`, `if ... else`)
is refused, as is one in a compound statement's header (`while (yield):`).

The generator object runs its body only while a run of its script is under way: resuming it ticks the
iteration budget and counts as a call (the recursion limit), and a generator dropped while suspended runs its
`finally` and `with` exits then, as CPython's do, but not once its run has ended (runtime.Context.live): no
script code runs in the host afterwards, as no script class has a __del__ (lang.compile.classes).
"""

from ..syntax import Tree
from ..sandbox import namespace
from . import classes, exceptions
from .handling import Handled
from .runtime import Function, Returned, _Break, _Continue, _MISSING, _Return, located
from ...base.errors import GradcliError
from ...core import limits

_YIELDS = frozenset(("yield_expr", "yield_from"))
# the statements a yield may stand in, and those whose blocks hold statements
_TAKES_YIELD = frozenset(("expression_statement", "assign", "augassign", "annassign", "return"))
_BLOCKS = frozenset(("block", "if", "elif", "else", "while", "for", "with", "try", "except", "finally"))
# expressions a statement's yields are not looked for in: scopes of their own, and the parts that run only
# sometimes (a yield there is refused: e_yield_expr)
_NOT_HOISTED = frozenset(("lambda", "generator", "list_comprehension", "set_comprehension", "dict_comprehension",
                          "conditional", "and_", "or_"))


def is_yield(node):
    return node.__class__ is Tree and node.data in _YIELDS


def yields(node):
    """Whether the statement (or block) `node` yields where gradcli's generators take a yield, outside the
    functions and classes it defines: what makes a def a generator function, and a statement one to compile in
    the generator mode."""
    kind = node.data
    if kind in _TAKES_YIELD:
        return bool(yields_in(node))
    if kind in _BLOCKS:
        return any(child.__class__ is Tree and yields(child) for child in node.children)
    return False


def yields_in(node, found=None):
    """The yields of a simple statement, in the order Python runs them (a yield's operand before it, left
    before right), but those in _NOT_HOISTED parts."""
    found = [] if found is None else found
    for child in node.children:
        if child.__class__ is Tree and child.data not in _NOT_HOISTED:
            yields_in(child, found)
    if node.data in _YIELDS:
        found.append(node)
    return found


class GeneratorFunction(Function):
    """A def or lambda whose body yields: a call binds its arguments as any call does, then returns the
    generator, which runs the body as it is resumed."""

    def run(self, frame):
        return Generator(self, frame)


GeneratorFunction.__name__ = "function"


def _body(body, frame):
    """The host generator running a generator function's body: its return value is StopIteration's value."""
    try:
        return (yield from body(frame))
    except _Return as signal:
        return signal.value


class Generator:
    """A generator object, as CPython's: iter() is itself, next() and send() resume it, throw() raises inside
    it, close() ends it with GeneratorExit, repr `<generator object NAME at 0x...>`. A script calls send, throw
    and close on it and reads nothing else: gi_frame, gi_code and the like stay out of reach (below)."""

    __slots__ = ("_gen", "_qualname", "_name", "_context")

    def __init__(self, function, frame):
        self._gen = _body(function.body, frame)
        self._qualname, self._name, self._context = function.qualname, function.name, frame.context

    def __iter__(self):
        return self

    def __next__(self):
        return self._resume(self._gen.send, None)

    def send(self, value):
        return self._resume(self._gen.send, value)

    def throw(self, value, *rest):
        """throw(exception): the exception raised where the generator is suspended (a class is instantiated)."""
        if rest:  # (Python's three-argument form, deprecated since 3.12)
            raise GradcliError("gradcli's throw() takes one argument: the exception (or its class)", "TypeError")
        return self._resume(self._gen.throw, exceptions.raised(value))

    def close(self):
        """GeneratorExit raised where the generator is suspended: its finally blocks and with exits run. A script
        that re-raises it (or another GeneratorExit) has closed it too."""
        if self._gen.gi_frame is None:
            return None
        if not self._context.live:  # (cleanup code skips itself: see live())
            self._gen.close()
            return None
        try:
            self._resume(lambda _: self._gen.close(), None)
        except GradcliError as error:
            if error.kind != "GeneratorExit":
                raise
        return None

    def _resume(self, step, value):
        context = self._context
        if not context.live:
            raise GradcliError("a generator of a script runs only while its script runs", "RuntimeError")
        context.depth += 1
        try:
            limits.check_recursion(context.depth)
            limits.tick()
            return step(value)
        except StopIteration as stop:  # (not StopIteration itself: the value is the script's, located binds it)
            raise Returned(*stop.args) from None
        except GradcliError as error:
            if error.kind == "StopIteration":  # PEP 479: it would end the caller's loop
                error = GradcliError("generator raised StopIteration", "RuntimeError", error.position)
            raise error.left_function(self._name)
        finally:
            context.depth -= 1

    def __del__(self):
        """Collected while suspended in a run: closed as CPython closes it, its errors ignored as CPython's are
        (printed there as 'Exception ignored in'); after its run, nothing of it runs (close())."""
        if self._gen.gi_suspended:
            try:
                self.close()
            except Exception:  # (a GradcliError; Python's "generator ignored GeneratorExit")
                pass

    def __repr__(self):
        return "<generator object %s at %#x>" % (self._qualname, id(self))


Generator.__name__ = Generator.__qualname__ = "generator"  # type(gen) prints <class 'generator'>
# what a script may call on a generator, and what CPython's has that would reach its frame, code or delegate
namespace.allow_members(Generator, ("send", "throw", "close"), withheld=(
    "gi_frame", "gi_code", "gi_yieldfrom", "gi_running", "gi_suspended", "ag_frame", "ag_code", "ag_await",
    "ag_running", "cr_frame", "cr_code", "cr_await", "cr_running", "cr_origin", "cr_suspended"))


def live(frame):
    """Whether the run of the frame's script is under way: cleanup (finally, with exits, except GeneratorExit)
    runs then only, so a generator collected after its run runs no script code."""
    return frame.context.live


class Generators:
    """The compiler's part for generator functions (mixed into ExpressionCompiler). The generator variants of
    the statements are `g_<rule>`; every closure they make is a Python generator function."""

    def generator_block(self, node):
        """The generator closure of a block (a def's body): the statements that yield in their generator
        variant, the others as ordinary closures."""
        parts = tuple((self.generator_statement(n), True) if yields(n) else (self.statement(n), False)
                      for n in node.children)

        def run(frame):
            for statement, resumable in parts:
                if resumable:
                    yield from statement(frame)
                else:
                    statement(frame)
        return run

    def generator_statement(self, node):
        return self.nested(_GENERATOR_RULES[node.data], node)

    def generator_loop_body(self, node):
        """loop_body's generator variant: the block once, returning True when it breaks out of the loop."""
        block = self.in_loop(self.generator_block, node)

        def run(frame):
            try:
                yield from block(frame)
            except _Break:
                return True
            except _Continue:
                pass
            return False
        return run

    # ------------------------------------------------------------ the yield itself
    def yield_value(self, node):
        """The generator closure of a yield expression: what it yields, and it returns what it received
        (send's value, None for next); `yield from` delegates to the iterable, a generator's send, throw and
        close too, and returns its return value."""
        if node.data == "yield_from":
            iterable_node = node.children[0]
            iterable = self.expression(iterable_node)

            def delegate(frame):
                try:
                    items = limits.iterated(iterable(frame))
                except Exception as exc:
                    raise located(exc, self.position(iterable_node)) from None
                if classes.is_script_instance(items):  # its own close() or throw() would be script code that
                    items = (item for item in items)  # Python calls on close, after the run too: not delegated
                return (yield from items)
            return delegate
        value = self.expression(node.children[0]) if node.children else None

        def produce(frame):
            return (yield value(frame) if value is not None else None)
        return produce

    def _yielding(self, node):
        """A simple statement with yields: each yield, its received value kept in the frame under a key of its
        own, then the ordinary statement, in which each yield reads that value (e_yield_expr)."""
        hoisted = yields_in(node)
        outer = self.received
        self.received = dict(outer)
        self.received.update((id(y), object()) for y in hoisted)  # (an object() key: no script names it)
        try:
            produced = tuple((self.received[id(y)], self.yield_value(y)) for y in hoisted)
            rest = getattr(self, "s_" + node.data)(node)
        finally:
            self.received = outer
        position = self.statement_position(node)

        def run(frame):
            frame.context.position = position
            try:
                for key, produce in produced:
                    frame.vars[key] = yield from produce(frame)
                    frame.context.position = position  # (the caller's statements ran meanwhile)
                rest(frame)
            except Exception as exc:
                raise located(exc, position) from None
        return run

    g_expression_statement = g_assign = g_augassign = g_annassign = g_return = _yielding

    def e_yield_expr(self, node):
        """A yield inside an expression: the value it received, in a statement whose yields ran first
        (_yielding); elsewhere CPython's SyntaxError where it has one, gradcli's where CPython would run it."""
        key = self.received.get(id(node))
        if key is not None:
            return lambda frame: frame.vars.pop(key)
        scope = self.scope
        if scope is not None and scope.kind == "comprehension":
            raise self.error(node, "'yield' inside %s" % scope.display)
        if not self.in_function:
            raise self.error(node, "'yield' outside function")
        raise self.error(node, "gradcli does not support 'yield' here: a generator's yield stands in a simple "
                               "statement, outside `and`, `or` and `... if ... else ...`")

    e_yield_from = e_yield_expr

    # ------------------------------------------------------------ compound statements
    def g_if(self, node):
        children = node.children
        tests = [(self.condition(children[0]), self.generator_block(children[1]))]
        otherwise = None
        for part in children[2:]:
            if part.data == "elif":
                tests.append((self.condition(part.children[0]), self.generator_block(part.children[1])))
            else:
                otherwise = self.generator_block(part.children[0])

        def run(frame):
            for test, body in tests:
                if test(frame):
                    return (yield from body(frame))
            if otherwise is not None:
                yield from otherwise(frame)
        return run

    def g_while(self, node):
        check = self.condition(node.children[0])
        body = self.generator_loop_body(node.children[1])
        otherwise = self.generator_block(node.children[2].children[0]) if len(node.children) > 2 else None

        def run(frame):
            while check(frame):
                limits.tick()
                if (yield from body(frame)):
                    return
            if otherwise is not None:
                yield from otherwise(frame)
        return run

    def g_for(self, node):
        setter, iterable, targets_node, iterable_node = self.for_header(node)
        body = self.generator_loop_body(node.children[2])
        otherwise = self.generator_block(node.children[3].children[0]) if len(node.children) > 3 else None

        def run(frame):
            try:
                items = limits.iterated(iterable(frame))
            except Exception as exc:
                raise located(exc, self.position(iterable_node)) from None
            while True:
                item = _MISSING
                try:  # (s_for's loop, written out again: s_for keeps its own inline, the commonest loop of all)
                    limits.tick()
                    item = next(items)
                    setter(frame, item)
                except StopIteration:
                    break
                except Exception as exc:
                    raise located(exc, self.position(iterable_node if item is _MISSING else targets_node)) from None
                if (yield from body(frame)):
                    return
            if otherwise is not None:
                yield from otherwise(frame)
        return run

    def g_with(self, node):
        managers = self.with_managers(node)
        body = self.generator_block(node.children[-1])
        enter, leave = self.enter_all, self.leave_all

        def run(frame):
            entered = []
            try:
                enter(frame, managers, entered)
                yield from body(frame)
            except GradcliError as error:
                if not leave(entered, error):
                    raise
            except BaseException:  # break, continue, return, GeneratorExit leave the block too
                if live(frame):
                    leave(entered, None)
                raise
            else:
                leave(entered, None)
        return run

    def g_try(self, node):
        body, handlers, otherwise, final = self.try_parts(node, self.generator_block)
        matching = self.matching

        def handle(frame, error):
            handled = Handled(frame, error, matching(frame, error, handlers))
            with handled:
                yield from handled.handler.block(frame)

        def run(frame):
            try:
                try:
                    yield from body(frame)
                except Exception as exc:
                    error = located(exc, frame.context.position or self.position(node))
                    if not handlers or not exceptions.catchable(error):
                        raise error from None
                    yield from handle(frame, error)
                except GeneratorExit:  # close(): `except GeneratorExit` may see it, while the run lasts
                    if not handlers or not live(frame):
                        raise
                    yield from handle(frame, exceptions.raised(GeneratorExit()))
                else:
                    if otherwise is not None:
                        yield from otherwise(frame)
            finally:
                if final is not None and live(frame):
                    yield from final(frame)
        return run


_GENERATOR_RULES = {rule: getattr(Generators, "g_" + rule) for rule in _TAKES_YIELD | _BLOCKS - {
    "block", "elif", "else", "except", "finally"}}
