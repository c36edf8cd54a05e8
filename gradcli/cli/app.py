"""The commands: eval, run and repl. Each is options, a docstring and one call into gradcli.api.

This is the one place where errors become stderr text and exit codes: 0 ok, 1 an error in the script or
expression, 2 bad usage.
"""

import sys
from typing import List, Optional

import typer

from .. import __version__

app = typer.Typer(add_completion=True, pretty_exceptions_enable=False, no_args_is_help=False,
                  help="PyTorch's autograd answers from a terminal: evaluate, differentiate, run scripts.",
                  context_settings={"help_option_names": ["-h", "--help"]})

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


class _StdoutClosed(BaseException):
    """stdout's reader went away (`gradcli run x.py | head -1`): passes through the interpreter's handlers."""


def _report(error):
    """A GradcliError on stderr: position, source line and caret when known."""
    sys.stdout.flush()
    message = str(error)
    if error.position is not None:
        message = error.position.render(message)
    sys.stderr.write("gradcli: " + message + "\n" if error.position is None else message + "\n")
    sys.stderr.flush()


def _parse_at(items):
    inputs = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        if not sep or not name.strip().isidentifier():
            raise typer.BadParameter("expected NAME=VALUE, got %r" % item, param_hint="--at")
        inputs[name.strip()] = value
    return inputs


def _version_callback(value: bool):
    if value:
        print("gradcli " + __version__)
        raise typer.Exit()


_LIMIT_HELP = "A resource limit (see gradcli/limits.py; also GRADCLI_MAX_...)."


@app.callback()
def main_options(version: Optional[bool] = typer.Option(None, "--version", callback=_version_callback,
                                                       is_eager=True, help="Show the version and exit."),
                 max_elements: Optional[int] = typer.Option(None, "--max-elements", min=1, help=_LIMIT_HELP),
                 max_iterations: Optional[int] = typer.Option(None, "--max-iterations", min=1, help=_LIMIT_HELP),
                 max_depth: Optional[int] = typer.Option(None, "--max-depth", min=1, help=_LIMIT_HELP),
                 max_recursion: Optional[int] = typer.Option(None, "--max-recursion", min=1, help=_LIMIT_HELP),
                 max_script_size: Optional[int] = typer.Option(None, "--max-script-size", min=1, help=_LIMIT_HELP),
                 max_int_bits: Optional[int] = typer.Option(None, "--max-int-bits", min=1, help=_LIMIT_HELP)):
    """gradcli: PyTorch-compatible autograd on numpy, from the command line."""
    from .. import limits
    from ..errors import GradcliError
    try:
        limits.configure(max_elements=max_elements, max_iterations=max_iterations, max_depth=max_depth,
                         max_recursion=max_recursion, max_script_size=max_script_size, max_int_bits=max_int_bits)
        limits.current()  # a bad GRADCLI_MAX_... is a usage error
    except GradcliError as error:
        _report(error)
        raise typer.Exit(EXIT_USAGE) from None


@app.command("eval")
def eval_command(
    expression: str = typer.Argument(..., help="The expression, e.g. \"mean(3*(x+2)^2)\"."),
    at: List[str] = typer.Option([], "--at", "-a", help="An input NAME=VALUE (a leaf that requires grad)."),
    weight: Optional[str] = typer.Option(None, "--weight", "-w", help="The gradient for a non-scalar result."),
    retain_graph: bool = typer.Option(False, "--retain-graph", help="Keep the graph's saved values."),
    dtype: Optional[str] = typer.Option(None, "--dtype", help="float32 (default) or float64 inputs."),
):
    """Evaluate EXPRESSION, run backward and show the value, its grad_fn and every input's gradient.

    Example: gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)"
    """
    from ..api import evaluate
    from ..errors import GradcliError
    from . import render
    try:
        result = evaluate(expression, _parse_at(at), weight=weight, retain_graph=retain_graph, dtype=dtype)
    except GradcliError as error:
        _report(error)
        raise typer.Exit(EXIT_ERROR) from None
    except KeyboardInterrupt:
        _interrupted()
    render.show_result(result)


@app.command("run")
def run_command(
    files: List[str] = typer.Argument(..., help="Script files, or - for standard input."),
):
    """Run scripts of the PyTorch-compatible subset and print exactly what torch would print.

    Example: gradcli run examples/tutorial.py
    """
    from ..api import run_script
    from ..errors import GradcliError
    for name in files:
        try:
            text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text (%s)" % exc.reason
            sys.stderr.write("gradcli: cannot read %s: %s\n" % (name, reason))
            raise typer.Exit(EXIT_USAGE) from None
        try:
            run_script(text, "<stdin>" if name == "-" else name, write=_write_stdout, warn=sys.stderr.write)
        except GradcliError as error:
            _report(error)
            raise typer.Exit(EXIT_ERROR) from None
        except KeyboardInterrupt:
            _interrupted()
        except _StdoutClosed:
            _quiet_stdout()
            raise typer.Exit(EXIT_ERROR) from None
        finally:
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                pass


def _write_stdout(text):
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise _StdoutClosed() from None


def _quiet_stdout():
    """Point stdout at /dev/null so that Python's flush at exit does not complain about the closed pipe."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _interrupted():
    """Ctrl-C: what was printed stays, a one-line note, exit 130 as a shell reports SIGINT."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    sys.stderr.write("gradcli: interrupted\n")
    raise typer.Exit(EXIT_INTERRUPTED)


@app.command("repl")
def repl_command():
    """An interactive session in the same language, with history and completion."""
    from .repl import run_repl
    run_repl()


_COMMANDS = ("eval", "run", "repl")


def main(argv=None):
    """Entry point: `gradcli EXPR --at ...` without a command means eval; no arguments on a terminal, repl."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = ["repl"] if sys.stdin.isatty() else ["--help"]
    elif argv[0] not in _COMMANDS and not argv[0].startswith("-"):
        argv.insert(0, "eval")
    app(args=argv, prog_name="gradcli")
