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

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


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


@app.callback()
def main_options(version: Optional[bool] = typer.Option(None, "--version", callback=_version_callback,
                                                       is_eager=True, help="Show the version and exit.")):
    """gradcli: PyTorch-compatible autograd on numpy, from the command line."""


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
    code = _eval(expression, _parse_at(at), weight, retain_graph, dtype)
    if code != EXIT_OK:
        raise typer.Exit(code)


def _eval(expression, at, weight, retain_graph, dtype):
    """eval's work, for the typer command and for the fast path of main(); returns the exit code."""
    from ..api import evaluate
    from ..errors import GradcliError
    from . import render
    try:
        result = evaluate(expression, at, weight=weight, retain_graph=retain_graph, dtype=dtype)
    except GradcliError as error:
        _report(error)
        return EXIT_ERROR
    render.show_result(result)
    return EXIT_OK


_EVAL_VALUE_OPTIONS = {"--at": "at", "-a": "at", "--weight": "weight", "-w": "weight", "--dtype": "dtype"}


def _plain_eval(argv):
    """eval's arguments when argv is `eval EXPR` with only --at/-a, --weight/-w, --dtype VALUE and
    --retain-graph, each spelt plainly; None for anything else, which typer then parses. A one-shot is judged
    by its cold start, and typer's parameter handling (pydantic validators) is half of it."""
    if not argv or argv[0] != "eval":
        return None
    expression, at = None, {}
    options = {"weight": None, "dtype": None, "retain_graph": False}
    args = iter(argv[1:])
    for arg in args:
        if arg == "--retain-graph":
            options["retain_graph"] = True
        elif arg in _EVAL_VALUE_OPTIONS:
            value = next(args, None)
            if value is None:
                return None
            if _EVAL_VALUE_OPTIONS[arg] != "at":
                options[_EVAL_VALUE_OPTIONS[arg]] = value
                continue
            name, sep, value = value.partition("=")
            if not sep or not name.strip().isidentifier():
                return None  # typer reports the bad --at
            at[name.strip()] = value
        elif arg.startswith("-") or expression is not None:
            return None
        else:
            expression = arg
    if expression is None:
        return None
    return dict(options, expression=expression, at=at)


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
        except OSError as exc:
            sys.stderr.write("gradcli: cannot read %s: %s\n" % (name, exc.strerror))
            raise typer.Exit(EXIT_USAGE) from None
        try:
            run_script(text, "<stdin>" if name == "-" else name, write=_write_stdout, warn=sys.stderr.write)
        except GradcliError as error:
            _report(error)
            raise typer.Exit(EXIT_ERROR) from None
        finally:
            sys.stdout.flush()


def _write_stdout(text):
    sys.stdout.write(text)


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
    plain = _plain_eval(argv)
    if plain is not None:
        sys.exit(_eval(**plain))
    app(args=argv, prog_name="gradcli")
