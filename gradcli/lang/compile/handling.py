"""Compiling the statements about exceptions: try/except/else/finally, raise and assert.

A handler catches what Python's `except` would: the GradcliError every failure is, matched through the class of
its kind (lang.compile.exceptions), never a gradcli limit. `e` is Python's exception object carrying torch's message.
"""

from . import exceptions
from .runtime import located
from ...base.errors import GradcliError

from ...core import limits


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

    def s_try(self, node):
        """try/except/else/finally. A handler catches what Python's `except` would (never a gradcli limit: see
        lang.compile.exceptions); `e` is bound while its block runs, then deleted, as in Python."""
        body = self.block(node.children[0])
        handlers, otherwise, final = [], None, None
        for part in node.children[1:]:
            if part.data == "except":
                kinds = self.expression(part.children[0]) if len(part.children) > 1 else None
                setter = self.name_setter(part.children[1]) if len(part.children) == 3 else None
                alias = part.children[1].value if setter else None
                handlers.append((kinds, part.children[0], alias, setter, self.block(part.children[-1])))
            elif part.data == "else":
                otherwise = self.block(part.children[0])
            else:
                final = self.block(part.children[0])

        def handle(frame, error):
            value = exceptions.exception_value(error)
            for kinds, kinds_node, alias, setter, block in handlers:
                if kinds is not None:
                    try:
                        matches = isinstance(value, exceptions.check_handler(kinds(frame)))
                    except Exception as exc:
                        raise located(exc, self.position(kinds_node)) from None
                    if not matches:
                        continue
                context = frame.context
                context.handling.append(error)
                try:
                    if setter is not None:
                        setter(frame, value)
                    block(frame)
                finally:
                    context.handling.pop()
                    if alias is not None:
                        frame.vars.pop(alias, None)
                return
            raise error

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
