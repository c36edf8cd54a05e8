"""The interpreter: Lark's tree compiled once into Python closures (lang.compile.compiler), then run.

Nothing is handed to Python's eval/exec: names resolve only through the frame and lang.sandbox.namespace, attributes
only through its allow-list. A run leaves the host process as it found it: what a script sets (grad mode, the
default dtype, print options, seeds, ...) is its session's run state (base.runstate), in force only while it runs
and only in the thread running it; numpy's settings, the warning filters and the recursion limit are the run's
only while it runs (Interpreter._running).
"""

import contextlib

from .compiler import Compiler
from .expressions import compile_expression
from ..syntax.parser import parse
from .runtime import Context, Frame, _Break, _Continue, _Return, located
from ..sandbox import system
from ...base import errors, runstate
from ...core import limits, numerics
from ...base.errors import GradcliError, Position


def compile_program(source, filename="<input>", tree=None, provenance=None, echo=None):
    """Parse `source` (unless its `tree` is given) and compile it: a list of top-level statement closures.
    Every failure is a GradcliError with a position. With `provenance` (lang.compile.provenance), the closures report
    where the values they make come from. With `echo`, an interactive input: each expression statement outside
    a def or class passes its value to echo(value), as Python's REPL prints them (`1; 2` shows both)."""
    with limits.recursion_room:
        try:
            if tree is None:
                tree = parse(source, filename)
            if provenance is None:
                compiler = Compiler(source, filename, tree)
            else:
                from .provenance import recording_compiler
                compiler = recording_compiler(provenance, source, filename, tree, "start")
            compiler.echo = echo
            compiled = []
            for node in tree.children:
                try:
                    compiled.append(compiler.statement(node))
                except RecursionError:  # compiling recurses along the tree: thousands of nested operators
                    raise GradcliError("expression too deeply nested", "SyntaxError",
                                       compiler.position(node)) from None
            return compiled
        except Exception as exc:  # every failure leaves the interpreter as a GradcliError
            raise located(exc, Position(filename, source, 1, 1)) from None


class Interpreter:
    """Runs programs in one persistent set of variables and run state (a script, or a REPL session)."""

    def __init__(self, write, expression_mode=False, warn=None, provenance=None):
        self.context = Context(write, expression_mode)
        self.provenance = provenance  # lang.compile.provenance: set, the programs it compiles report their values
        self.variables = {}
        self.frame = Frame(self.variables, self.variables, self.context)
        self.warn_write = warn
        # grad mode, default dtype, print options, generators, torch.save's files, ...: a session starts as a new
        # torch process and keeps what its runs set (set_grad_enabled(False) lasts in Python's REPL too)
        self.state = runstate.RunState()
        self.state.warn = self._warning_sink
        self.state.position = self._position
        self.state.run_text = self._run_text
        self.context.main = self.variables  # what `from __main__ import name` reads
        self.state.system = system.SystemState(write)  # its os.environ, warning filters and sys.stdout

    def _warning_sink(self, message, category, once=False):
        action = self.state.system.action(message, category)
        if action == "ignore":
            return
        if action == "error":
            raise GradcliError(message, category)
        position = self.context.position
        key = (position.filename, position.line, category, message) if position and not once else (
            None, None, category, message)
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

    def _position(self):
        return self.context.position

    def _run_text(self, text, namespace, filename):
        """Code in a string (timeit's and torch.utils.benchmark's stmt and setup), compiled by this compiler as the
        script's own code and run in `namespace`: a callable running it once. It sees what the script sees and
        no more; its loops and calls tick the run's budget as the script's do."""
        program = compile_program(text, filename)
        frame = Frame(namespace, namespace, self.context)

        def run():
            for statement in program:
                statement(frame)
        return run

    @contextlib.contextmanager
    def _running(self):
        """One run: this session's run state in force in this thread (the caller's is untouched, and back when
        the run ends), a fresh iteration budget, numpy quiet and room for deep recursion."""
        with runstate.entered(self.state), numerics.quiet(), limits.recursion_room:
            limits.start_run()
            live, self.context.live = self.context.live, True
            try:
                yield
            finally:
                self.context.live = live

    def run(self, source, filename="<input>", on_error=None, program=None):
        """Run a script (its `program`, when compile_program has compiled it already) and return the value of
        its last statement (an expression statement's; None otherwise). Errors stop it, unless `on_error(error)`
        is given: then each failing top-level statement is reported through it and the script goes on
        (--keep-going)."""
        with self._running():
            if program is None:
                program = compile_program(source, filename, provenance=self.provenance)
            value = None
            try:
                for statement in program:
                    try:
                        try:
                            value = statement(self.frame)
                        except (GradcliError, _Break, _Continue, _Return):
                            raise
                        except Exception as exc:  # a compound statement's own machinery; never a traceback
                            raise located(exc, self.context.position or Position(filename, source, 1, 1)) from None
                    except GradcliError as exc:
                        exc.at(self.context.position or Position(filename, source, 1, 1))  # e.g. a loop's limit
                        if on_error is None:
                            raise
                        value = None
                        on_error(exc)
            except KeyboardInterrupt as interrupt:  # Ctrl-C: say which statement was running
                if isinstance(interrupt, errors.Interrupted):
                    raise
                raise errors.Interrupted(self.context.position) from None
            except (_Break, _Continue):
                raise GradcliError("'break' or 'continue' outside loop", "SyntaxError") from None
            except _Return:
                raise GradcliError("'return' outside function", "SyntaxError") from None
            return value

    def evaluate(self, source, filename="<expression>"):
        """The value of one expression in this interpreter's variables."""
        with self._running():
            try:
                if self.provenance is None:
                    expression = compile_expression(source, filename)
                else:
                    from .provenance import recording_compiler
                    expression = recording_compiler(self.provenance, source, filename,
                                                    parse(source, filename, "expression"), "expression").compile()
            except Exception as exc:
                raise located(exc, Position(filename, source, 1, 1)) from None
            try:
                return expression(self.frame)
            except GradcliError:
                raise
            except Exception as exc:
                raise located(exc, Position(filename, source, 1, 1)) from None
