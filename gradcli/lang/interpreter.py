"""The interpreter: Lark's tree compiled once into Python closures (lang.compiler), then run.

Nothing is handed to Python's eval/exec: names resolve only through the frame and lang.namespace, attributes
only through its allow-list.
"""

import gc

from .compiler import Compiler
from .expressions import compile_expression
from .parser import parse
from .runtime import Context, Frame, _Break, _Continue, _Return, located
from .. import errors, grad_mode, limits, memory
from ..errors import GradcliError, Position


_LONG_SOURCE = 20_000  # characters


def compile_program(source, filename="<input>", start="start"):
    """Parse and compile `source`; returns a list of top-level statement closures (or one expression)."""
    # A long script's tree and closures are millions of acyclic objects; Python's cycle collector, rerun over
    # all of them as they grow, took most of the time of parsing and compiling (5,000 lines: 9-10 s -> 4 s).
    # Short inputs (a REPL line, an expression) leave the collector alone: freezing would also keep whatever
    # cyclic garbage the session has made so far.
    collecting = gc.isenabled() and len(source) > _LONG_SOURCE
    if collecting:
        gc.disable()
    try:
        tree = parse(source, filename, start)
        if start == "expression":
            return compile_expression(source, filename, tree)
        compiler = Compiler(source, filename, tree, start)
        compiled = []
        for node in tree.children:
            try:
                compiled.append(compiler.statement(node))
            except RecursionError:  # compiling recurses along the tree: thousands of nested operators
                raise GradcliError("expression too deeply nested", "SyntaxError", compiler.position(node)) from None
        return compiled
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
            if len(source) > _LONG_SOURCE:  # short ones (REPL inputs) are not worth keeping
                memory.free_at_exit(statements)

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
