"""Compiling the statements about exceptions: try/except/else/finally, raise and assert.

A handler catches what Python's `except` would: the GradcliError every failure is, matched through the class of
its kind (lang.compile.exceptions), never a gradcli limit. `e` is Python's exception object carrying torch's message.
"""

from . import exceptions
from .runtime import located
from ...base.errors import GradcliError

from ...core import limits


class Handler:
    """An `except` clause: its classes' closure (None for a bare except) and node, the `as` name and its setter,
    its block."""

    __slots__ = ("kinds", "kinds_node", "alias", "setter", "block")

    def __init__(self, kinds, kinds_node, alias, setter, block):
        self.kinds, self.kinds_node, self.alias, self.setter, self.block = kinds, kinds_node, alias, setter, block


class Handled:
    """While a handler's block runs: the error is the one a bare `raise` re-raises, bound to the `as` name, which
    is deleted afterwards (as in Python)."""

    __slots__ = ("frame", "error", "handler", "value")

    def __init__(self, frame, error, matched):
        self.frame, self.error = frame, error
        self.handler, self.value = matched

    def __enter__(self):
        self.frame.context.handling.append(self.error)
        if self.handler.setter is not None:
            self.handler.setter(self.frame, self.value)

    def __exit__(self, *exc):
        handling = self.frame.context.handling
        if handling[-1] is self.error:
            handling.pop()
        else:  # a generator's handler, suspended while other handlers began: this one's entry only
            del handling[max(i for i, error in enumerate(handling) if error is self.error)]
        if self.handler.alias is not None:
            self.frame.vars.pop(self.handler.alias, None)


class Handling:
    """The compiler's part for exceptions (mixed into the statement Compiler)."""

    def s_assert(self, node):
        test = self.expression(node.children[0])
        message = self.expression(node.children[1]) if len(node.children) > 1 else None

        def run(frame):
            if not test(frame):
                if message is None:
                    raise exceptions.raised(AssertionError())
                text = message(frame)
                limits.check_nested_size(text)  # (the message is written out: str of a shared nested list)
                raise exceptions.raised(AssertionError(text))
        return run

    def try_parts(self, node, compile_block):
        """A try statement's (body, handlers, else block, finally block), its blocks compiled by compile_block."""
        body = compile_block(node.children[0])
        handlers, otherwise, final = [], None, None
        for part in node.children[1:]:
            if part.data == "except":
                kinds = self.expression(part.children[0]) if len(part.children) > 1 else None
                setter = self.name_setter(part.children[1]) if len(part.children) == 3 else None
                alias = part.children[1].value if setter else None
                handlers.append(Handler(kinds, part.children[0], alias, setter, compile_block(part.children[-1])))
            elif part.data == "else":
                otherwise = compile_block(part.children[0])
            else:
                final = compile_block(part.children[0])
        return body, handlers, otherwise, final

    def matching(self, frame, error, handlers):
        """(the first handler whose classes match the error, the exception object it binds); the error raised
        again when none matches."""
        value = exceptions.exception_value(error)
        for handler in handlers:
            if handler.kinds is not None:
                try:
                    matches = isinstance(value, exceptions.check_handler(handler.kinds(frame)))
                except Exception as exc:
                    raise located(exc, self.position(handler.kinds_node)) from None
                if not matches:
                    continue
            return handler, value
        raise error

    def s_try(self, node):
        """try/except/else/finally. A handler catches what Python's `except` would (never a gradcli limit: see
        lang.compile.exceptions); `e` is bound while its block runs, then deleted, as in Python."""
        body, handlers, otherwise, final = self.try_parts(node, self.block)
        matching = self.matching

        def handle(frame, error):
            handled = Handled(frame, error, matching(frame, error, handlers))
            with handled:
                handled.handler.block(frame)

        def run(frame):
            try:
                try:
                    body(frame)
                except Exception as exc:
                    error = located(exc, frame.context.position or self.position(node))
                    if not handlers or not exceptions.catchable(error):
                        raise error from None
                    handle(frame, error)
                else:
                    if otherwise is not None:
                        otherwise(frame)
            finally:
                if final is not None:
                    final(frame)
        return run

    def s_raise(self, node):
        """`raise E(...)`, `raise E`, `raise e` (`from cause` is evaluated and ignored: only the last line of
        Python's traceback is reported), and a bare `raise` re-raising the exception being handled."""
        if not node.children:
            def reraise(frame):
                if not frame.context.handling:
                    raise GradcliError("No active exception to reraise", "RuntimeError")
                raise frame.context.handling[-1]
            return reraise
        value = self.expression(node.children[0])
        cause = self.expression(node.children[1]) if len(node.children) > 1 else None

        def run(frame):
            raised = value(frame)
            if cause is not None:
                cause(frame)
            raise exceptions.raised(raised)
        return run
