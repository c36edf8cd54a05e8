"""The commands: eval, run and repl. Each is options, a docstring and a call into gradcli.api.

This is the one place where errors become stderr text and exit codes: 0 ok, 1 an error in the script or
expression, 2 bad usage (unknown option, missing file). Nothing heavy is imported at module level: a
one-shot `gradcli eval` is judged by its cold start.
"""

import os
import sys
from typing import List, Optional

import typer

from .. import __version__
from . import calculus
from .common import EXIT_ERROR, EXIT_INTERRUPTED
from .common import check_dtype as _check_dtype, parse_at as _parse_at, positive, report as _report
from .common import report_interrupt, stderr_write as _stderr_write, usage_error as _usage_error
from .params import Command, ExpressionCommand, Group


_EXIT_CODES = ("[bold]Exit status:[/bold] 0 ok, 1 an error in the expression or script, "
               "2 bad usage (unknown option, missing file).")


app = typer.Typer(
    cls=Group, add_completion=True, pretty_exceptions_enable=False, rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    help="""PyTorch's autograd answers from a terminal, on numpy: evaluate and differentiate expressions,
run scripts with torch's exact output, or explore in a REPL.

[bold]Examples:[/bold]

  gradcli "mean(3*(x+2)^2)" --at "x=ones(2,2)"      (same as gradcli eval ...)

  gradcli run examples/linear.py

  gradcli diff "x^2*sin(x)" x                       (the derivative)

  gradcli repl                                        (or just gradcli, on a terminal)

""" + _EXIT_CODES)


def _version_callback(value: bool):
    if value:
        print("gradcli " + __version__)
        raise typer.Exit()


def _limit(name):
    """A resource-limit option (gradcli/limits.py), before the command: `gradcli --max-iterations 1000 run x.py`."""
    from ..limits import LIMITS
    limit = LIMITS[name]
    return typer.Option(None, limit.option, metavar="N", rich_help_panel="Limits",
                        help="Most %s (default %d; env %s)." % (limit.what, limit.default, limit.env))


@app.callback()
def main_options(version: bool = typer.Option(False, "--version", "-V", callback=_version_callback,
                                              is_eager=True, help="Show the version and exit."),
                 max_elements: Optional[str] = _limit("max_elements"),
                 max_iterations: Optional[str] = _limit("max_iterations"),
                 max_depth: Optional[str] = _limit("max_depth"),
                 max_recursion: Optional[str] = _limit("max_recursion"),
                 max_script_size: Optional[str] = _limit("max_script_size"),
                 max_int_bits: Optional[str] = _limit("max_int_bits")):
    """PyTorch's autograd answers from a terminal, on numpy."""
    from .. import limits
    from ..errors import GradcliError
    try:  # a bad value, given here or in GRADCLI_MAX_..., is bad usage
        limits.configure(max_elements=max_elements, max_iterations=max_iterations, max_depth=max_depth,
                         max_recursion=max_recursion, max_script_size=max_script_size, max_int_bits=max_int_bits)
        limits.current()
    except GradcliError as error:
        raise _usage_error(error.message) from None


# ---------------------------------------------------------------- errors and exit codes
class _ReaderGone(BaseException):
    """stdout's reader left (`gradcli run x.py | head`). A BaseException, so that the interpreter does not
    report it as an error of the script's print()."""


def _write_stdout(text):
    try:
        sys.stdout.write(text)
    except BrokenPipeError:
        raise _ReaderGone() from None


def _read(name):
    """The text of a file argument (- is standard input); a missing file is bad usage (exit 2)."""
    if name == "-":
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        with open(name, encoding="utf-8-sig") as f:  # a UTF-8 byte order mark marks the encoding, as for Python
            return f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise _usage_error("cannot read %s: %s" % (name, getattr(exc, "strerror", None) or exc)) from None


# ---------------------------------------------------------------- eval
@app.command("eval", cls=ExpressionCommand)
def eval_command(
    expressions: List[str] = typer.Argument(None, show_default=False, metavar="EXPR",
                                            help="Expressions such as \"mean(3*(x+2)^2)\"; several are a batch."),
    at: List[str] = typer.Option([], "--at", "-a", metavar="NAME=VALUE", show_default=False,
                                 help="An input: a leaf that requires grad (a number or e.g. \"ones(2,2)\")."),
    weight: Optional[str] = typer.Option(None, "--weight", "-w", metavar="VALUE",
                                         help="The gradient to start backward from, for a non-scalar result."),
    retain_graph: bool = typer.Option(False, "--retain-graph", help="Keep the graph's saved values."),
    dtype: str = typer.Option("float32", "--dtype", metavar="float32|float64", callback=_check_dtype,
                              help="The inputs' dtype."),
    tangent: List[str] = typer.Option([], "--tangent", "-t", metavar="NAME=VALUE", show_default=False,
                                      help="A direction for the value's derivative along it (the JVP, "
                                           "torch.autograd.functional.jvp); inputs left out move by 0."),
    order: str = typer.Option("1", "--order", metavar="N",
                              help="The N-th derivatives: autograd.grad with create_graph=True, then N-1 times "
                                   "autograd.grad of the sum of the result (elementwise for an elementwise EXPR)."),
    file: Optional[str] = typer.Option(None, "--file", "-f", metavar="FILE",
                                       help="Evaluate each line of FILE (- for stdin); blank and # lines skipped."),
    json_output: bool = typer.Option(False, "--json", help="Print one JSON object (per expression) only."),
    graph: bool = typer.Option(False, "--graph", help="Show the backward graph as a tree: each node's source "
                                                      "text, value and gradient."),
    dot: Optional[str] = typer.Option(None, "--dot", metavar="FILE",
                                      help="Write the backward graph as Graphviz DOT (- for stdout; FILE.svg too "
                                           "if `dot` is installed)."),
    explain: bool = typer.Option(False, "--explain", "-e",
                                 help="Show the backward pass step by step: each node's formula (derivatives.yaml "
                                      "spelling) with its values, the gradient in and out, each leaf's sum."),
    graph_depth: Optional[str] = typer.Option(None, "--graph-depth", metavar="N|all",
                                              help="How many levels of the graph the views show (default 25); "
                                                   "deeper nodes are counted on one line."),
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE",
                                      help="Draw the backward graph as an SVG picture (no Graphviz needed)."),
):
    """Evaluate an expression, run backward, and show the value, its grad_fn and each input's gradient.

    [bold]Examples:[/bold]

      gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)"

      gradcli eval "x*y" --at x=2. --at y=3. --graph

      gradcli eval "x^2" --at "x=tensor([1.,2.])" --weight "ones(2)" --json

      gradcli eval --file exprs.txt --at x=3.                (one result per line)

      gradcli eval "mean(3*(x+2)^2)" --at "x=ones(2,2)" --explain   (the chain rule, step by step)

      gradcli eval "sum(x*y)" --at x=2. --at "y=ones(3)" --graph --svg graph.svg

      gradcli eval "x^3*y" --at x=2. --at y=1. --order 2      (d2/dx2 and d2/dy2)

      gradcli eval "x*y" --at "x=tensor([1.,2.])" --at y=3. --tangent "x=ones(2)" --weight "ones(2)"

    """
    from .. import api
    from ..errors import GradcliError
    inputs = _parse_at(at)
    expressions = list(expressions or ())
    if file is None and not expressions:
        raise _usage_error("eval needs an expression or --file FILE (see gradcli eval --help)")
    if file is not None and expressions:
        raise _usage_error("give expressions or --file, not both")
    if (dot is not None or svg is not None) and (file is not None or len(expressions) > 1):
        raise _usage_error("--dot and --svg take a single expression")
    depth = _graph_depth(graph_depth)
    explaining = explain or graph or dot is not None or svg is not None  # the views show what explain records
    if file is None and len(expressions) == 1:
        try:
            result = api.evaluate(expressions[0], inputs, weight=weight, retain_graph=retain_graph, dtype=dtype,
                                  explain=explaining, order=positive(order),
                                  tangent=_parse_at(tangent, "--tangent"))
        except GradcliError as error:
            _report(_with_hint(error))
            raise typer.Exit(EXIT_ERROR) from None
        if dot != "-":
            _show(result, json_output, graph, explain=explain, depth=depth)
        from .explain_view import write_pictures
        write_pictures(result, dot, svg, depth)
        return
    lines, filename = (_read(file).splitlines(), "<stdin>" if file == "-" else file) if file is not None \
        else (expressions, "<expressions>")
    failed = 0
    try:
        for number, outcome in api.evaluate_lines(lines, inputs, weight=weight, retain_graph=retain_graph,
                                                  dtype=dtype, filename=filename, explain=explaining,
                                                  order=positive(order), tangent=_parse_at(tangent, "--tangent")):
            if isinstance(outcome, GradcliError):
                failed += 1
                _report(_with_hint(outcome))
            else:
                _show(outcome, json_output, graph, line=number, explain=explain, depth=depth)
    except GradcliError as error:  # a bad --at value: nothing can be evaluated
        _report(error)
        raise typer.Exit(EXIT_ERROR) from None
    if failed:
        raise typer.Exit(EXIT_ERROR)


def _with_hint(error):
    from ..errors import IMPLICIT_GRAD_SCALAR
    if error.message == IMPLICIT_GRAD_SCALAR:
        error.message += " (give the output's gradient with --weight, e.g. --weight \"ones_like(...)\")"
    return error


def _show(result, json_output, graph, line=None, explain=False, depth=None):
    if json_output:
        import json
        data = result.to_dict()
        if line is not None:
            data["line"] = line
        if graph:
            from ..graph_formats import json_data
            data["graph"] = json_data(result.graph())
        if explain:
            data["explain"] = result.explain().to_list()
        from ..explain_format import json_safe
        sys.stdout.write(json.dumps(json_safe(data), allow_nan=False) + "\n")
        sys.stdout.flush()
        return
    from . import render
    render.show_result(result, graph=result.graph() if graph else None, line=line, graph_depth=depth)
    if explain:
        from .explain_view import show_explanation
        show_explanation(result.explain())


def _graph_depth(text):
    """--graph-depth: a positive number of levels, or "all"; None when not given."""
    if text is None or text == "all":
        return text
    from .common import positive
    return positive(text, "--graph-depth")


# ---------------------------------------------------------------- run
@app.command("run", cls=Command, epilog=_EXIT_CODES)
def run_command(
    files: List[str] = typer.Argument(..., metavar="FILE", help="Script files, or - for standard input."),
    keep_going: bool = typer.Option(False, "--keep-going", "-k",
                                    help="Report each failing top-level statement and go on."),
    explain: bool = typer.Option(False, "--explain", "-e",
                                 help="On stderr: each backward()'s steps, why a .grad read is None, and gradients "
                                      "added to a .grad that held one (stdout stays the script's)."),
):
    """Run scripts of gradcli's PyTorch subset and print exactly what torch would print.

    The script's output goes to stdout; errors go to stderr as file:line:col: message, the source line and a caret.

    [bold]Examples:[/bold]

      gradcli run examples/linear.py

      echo 'import torch; print(torch.ones(2) * 3)' | gradcli run -

      gradcli run --keep-going experiments.py 2> errors.txt

      gradcli run --explain chain.py               (the chain rule and .grad notes on stderr)

    """
    from .. import api
    from ..errors import GradcliError
    from . import process
    from .progress import DelayedProgress
    scripts = [(name, _read(name)) for name in files]  # every file readable before anything runs
    failed = 0
    for name, text in scripts:
        filename = "<stdin>" if name == "-" else name
        with DelayedProgress(filename) as progress:
            def report(error):
                nonlocal failed
                failed += 1
                _report(error, progress.write_stderr)
            try:
                if explain:  # compiled to record where values come from: run_script does both
                    api.run_script(text, filename, write=_write_stdout, warn=progress.write_stderr,
                                   on_error=report if keep_going else None, explain=progress.write_stderr)
                else:
                    with process.compiling(text):
                        script = api.compile_script(text, filename)
                    process.keep_until_exit(script)
                    script.run(write=_write_stdout, warn=progress.write_stderr,
                               on_error=report if keep_going else None)
            except GradcliError as error:
                report(error)
            except KeyboardInterrupt as interrupt:  # Typer turns it into a silent exit 130: say so here
                report_interrupt(interrupt, progress.write_stderr)
                raise typer.Exit(EXIT_INTERRUPTED) from None
            finally:
                sys.stdout.flush()
        if failed and not keep_going:
            break
    if failed:
        raise typer.Exit(EXIT_ERROR)


# ---------------------------------------------------------------- repl
@app.command("repl", cls=Command)
def repl_command():
    """An interactive session: continuation lines, echoed results, history, tab completion.

    Commands inside: :help, :vars, :graph NAME, :reset. Ctrl-C cancels the input, Ctrl-D exits.
    History is kept in $XDG_STATE_HOME/gradcli/history (default ~/.local/state/gradcli/history).

    [bold]Example:[/bold]

      gradcli repl

    """
    from .repl import run_repl
    run_repl()


# ---------------------------------------------------------------- the derivative commands (cli/calculus.py)
for _name, _command in calculus.COMMANDS.items():
    app.command(_name, cls=ExpressionCommand)(_command)


# ---------------------------------------------------------------- entry point
_COMMANDS = ("eval", "run", "repl", *calculus.COMMANDS)
_ROOT_OPTIONS = ("-h", "--help", "-V", "--version", "--install-completion", "--show-completion")


def resolve_argv(argv, interactive):
    """The arguments Typer sees: `gradcli EXPR ...` and `gradcli --json EXPR` mean eval; no arguments mean
    repl on a terminal and --help otherwise. Shell completion passes through untouched."""
    argv = list(argv)
    if "_GRADCLI_COMPLETE" in os.environ:
        return argv
    if not argv:
        return ["repl"] if interactive else ["--help"]
    if argv[0] not in _COMMANDS and argv[0] not in _ROOT_OPTIONS and not argv[0].startswith("--max-"):
        argv.insert(0, "eval")
    return argv


def command():
    """The `gradcli` command and `python -m gradcli`: the process is the command's own, so its policies are on
    (cli.process), main() runs, and the process leaves at once without Python's teardown."""
    from . import process
    process.take_over()
    try:
        main()
        code = 0
    except SystemExit as done:
        code = done.code
        if code is not None and not isinstance(code, int):  # sys.exit("message"), as Python would show it
            _stderr_write("%s\n" % code)
            code = 1
    process.leave(code or 0)


def main(argv=None):
    """What the `gradcli` command runs (see command()); raises SystemExit with the exit code."""
    argv = resolve_argv(sys.argv[1:] if argv is None else argv, sys.stdin.isatty() and sys.stdout.isatty())
    try:
        app(args=argv, prog_name="gradcli")
    except KeyboardInterrupt:
        _stderr_write("\ngradcli: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)
    except (BrokenPipeError, _ReaderGone):  # `gradcli run x.py | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # a bug in gradcli, not bad input: one line, the traceback on request
        if os.environ.get("GRADCLI_DEBUG"):
            raise
        _stderr_write("gradcli: internal error: %s: %s\n(this is a bug in gradcli; GRADCLI_DEBUG=1 shows the "
                      "traceback)\n" % (type(exc).__name__, exc))
        sys.exit(EXIT_ERROR)
