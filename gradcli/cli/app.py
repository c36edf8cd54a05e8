"""The commands: eval, run and repl. Each is options, a docstring and a call into gradcli.app.api.

Commands raise; `_Commands.main` runs them under common.exit_codes, the one place where an error becomes stderr
text and an exit code:
0 ok, 1 an error in the script or expression, 2 bad usage (an unknown option, a bad option value, a missing file),
130 interrupted. Nothing heavy is imported at module level: a one-shot `gradcli eval` is judged by its cold
start.
"""

import os
import sys
from typing import List, Optional

import typer

from .. import __version__
from . import differentiate as calculus, evaluation, examples
from .common import Failed, Interrupted, UsageError, bad_value, exit_codes, read_text, stderr_write
from .params import Command, ExpressionCommand, Group


class _Commands(Group):
    """gradcli's commands, run under common.exit_codes (through main() and through Typer's CliRunner alike)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as interrupt:
            raise Interrupted(interrupt) from None

    def main(self, *args, **kwargs):
        with exit_codes():
            return super().main(*args, **kwargs)

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, self._limits_first(ctx, list(args)))

    def _limits_first(self, ctx, args):
        """`args` with the limits given after the command (`gradcli run -j 2 --timeout 10 a.py`) moved before it,
        where Typer takes them; a command's own options and their values stay, and so does all after `--`."""
        if not any(arg.startswith(("--max-", "--timeout")) for arg in args):  # (the common case, at no cost)
            return args
        takes_value = {name: not param.is_flag for param in self.get_params(ctx)
                       if getattr(param, "param_type_name", None) == "option" for name in param.opts}
        limits = {name for param in self.get_params(ctx) if getattr(param, "rich_help_panel", None) == _LIMITS
                  for name in param.opts}
        i = 0
        while i < len(args) and args[i].startswith("-") and args[i] != "--":  # the group's own options
            i += 1 + (takes_value.get(args[i], False) and "=" not in args[i])
        command = self.get_command(ctx, args[i]) if i < len(args) else None
        if command is None:
            return args
        own = {name: not param.is_flag for param in command.get_params(ctx)
               if getattr(param, "param_type_name", None) == "option" for name in param.opts}
        before, after, j = args[:i], [args[i]], i + 1
        while j < len(args) and args[j] != "--":
            name = args[j].split("=", 1)[0]
            width = 1 + (takes_value.get(name, own.get(name, False)) and "=" not in args[j])
            (before if name in limits else after).extend(args[j:j + width])
            j += width
        return before + after + args[j:]


_LIMITS = "Limits (before or after the command)"  # the help panel of the options every command takes


_EXIT_CODES = ("[bold]Exit status:[/bold] 0 ok, 1 an error in the expression or script, "
               "2 bad usage (an unknown option, a bad option value, a missing file), 130 interrupted.")


app = typer.Typer(
    cls=_Commands, add_completion=True, pretty_exceptions_enable=False, rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]},
    help="""PyTorch's autograd answers from a terminal, on numpy: evaluate and differentiate expressions,
run scripts with torch's exact output, or explore in a REPL.

[bold]Examples:[/bold]

  gradcli "mean(3*(x+2)^2)" --at "x=ones(2,2)"  (as gradcli eval ...)

  gradcli example linear | gradcli run -        (gradcli example lists them)

  gradcli diff "x^2*sin(x)" x                   (the derivative)

  gradcli repl                                  (or gradcli, on a terminal)

""" + _EXIT_CODES)


def _version_callback(value: bool):
    if value:
        print("gradcli " + __version__)
        raise typer.Exit()


def _limit(name):
    """A resource-limit option (gradcli/core/limits.py), before the command or after it (_Commands._limits_first):
    `gradcli --max-iterations 1000 run x.py`."""
    from ..core.limits import LIMITS
    limit = LIMITS[name]
    return typer.Option(None, limit.option, metavar="N", rich_help_panel=_LIMITS,
                        help="Most %s (default %d; env %s), e.g. gradcli %s %d run x.py." % (
                            limit.what, limit.default, limit.env, limit.option, limit.default // 10 or 1))


def _help_all_callback(ctx: typer.Context, value: bool):
    if value:
        from .manual import print_manual
        print_manual(ctx)
        raise typer.Exit()


@app.callback()
def main_options(ctx: typer.Context,
                 version: bool = typer.Option(False, "--version", "-V", callback=_version_callback,
                                              is_eager=True, help="Show the version and exit, e.g. gradcli -V."),
                 help_all: bool = typer.Option(False, "--help-all", callback=_help_all_callback, is_eager=True,
                                               show_default=False,
                                               help="Show the help of every command, one after another (the "
                                                    "manual), e.g. gradcli --help-all | less."),
                 max_elements: Optional[str] = _limit("max_elements"),
                 max_tensor_bytes: Optional[str] = _limit("max_tensor_bytes"),
                 max_iterations: Optional[str] = _limit("max_iterations"),
                 max_depth: Optional[str] = _limit("max_depth"),
                 max_recursion: Optional[str] = _limit("max_recursion"),
                 max_script_size: Optional[str] = _limit("max_script_size"),
                 max_int_bits: Optional[str] = _limit("max_int_bits"),
                 max_nesting: Optional[str] = _limit("max_nesting"),
                 max_memory: Optional[str] = typer.Option(
                     None, "--max-memory", metavar="SIZE", rich_help_panel=_LIMITS,
                     help="Most memory per script, enforced by the OS (0: none; default a quarter of the "
                          "machine's; env GRADCLI_MAX_MEMORY), e.g. gradcli --max-memory 2G run x.py."),
                 timeout: Optional[str] = typer.Option(
                     None, "--timeout", metavar="SECONDS", rich_help_panel=_LIMITS,
                     help="Most seconds of CPU and of wall clock per script run by `run`, per command (eval, diff, "
                          "...) and per REPL input (default: none, 60 for batches; env GRADCLI_TIMEOUT), e.g. gradcli "
                          "--timeout 20 run -j 2 *.py.")):
    """PyTorch's autograd answers from a terminal, on numpy."""
    from ..core import limits
    from ..base.errors import GradcliError
    from . import process
    try:  # a bad value, given here or in GRADCLI_MAX_..., is bad usage (the message names which)
        limits.configure(max_elements=max_elements, max_tensor_bytes=max_tensor_bytes,
                         max_iterations=max_iterations, max_depth=max_depth,
                         max_recursion=max_recursion, max_script_size=max_script_size, max_int_bits=max_int_bits,
                         max_nesting=max_nesting)
        limits.configure_envelope(max_memory=max_memory, timeout=timeout)
        limits.current()
        process.limit_memory(limits.max_memory())
        seconds = limits.timeout()
    except GradcliError as error:
        raise typer.BadParameter(error.message) from None
    if ctx.invoked_subcommand not in ("run", "repl"):  # run times each script in its worker, repl each input
        ctx.with_resource(process.timed(seconds))


# ---------------------------------------------------------------- eval (cli/evaluation.py)
for _name, _command in evaluation.COMMANDS.items():
    app.command(_name, cls=ExpressionCommand)(_command)


# ---------------------------------------------------------------- run
@app.command("run", cls=Command, epilog=_EXIT_CODES)
def run_command(
    files: List[str] = typer.Argument(..., metavar="FILE", help="Script files, e.g. train.py, or - for standard "
                                                                  "input."),
    keep_going: bool = typer.Option(False, "--keep-going", "-k",
                                    help="Report each failing top-level statement and go on, e.g. gradcli run -k "
                                         "a.py b.py."),
    explain: bool = typer.Option(False, "--explain", "-e",
                                 help="On stderr: each backward()'s steps, why a .grad read is None, and gradients "
                                      "added to a .grad that held one (stdout stays the script's), e.g. gradcli "
                                      "run -e chain.py."),
    explain_steps: Optional[str] = typer.Option(
        None, "--explain-steps", metavar="N,M",
        help="With --explain: write these backward calls step by step (counted from 1) and fold the others "
             "into their gradients (default: the first call through each graph), e.g. gradcli run "
             "--explain-steps 1,50 train.py."),
    interactive: bool = typer.Option(False, "--interactive", "-i",
                                     help="Then the REPL, with the script's variables (as python -i), e.g. gradcli "
                                          "run -i train.py."),
    jobs: Optional[str] = typer.Option(None, "--jobs", "-j", metavar="N",
                                       help="Run N files at once, each in its own worker process (auto: one per "
                                            "core); output stays per file and in order, e.g. gradcli run -j 2 *.py."),
    html: Optional[str] = typer.Option(None, "--html", metavar="FILE",
                                       help="Write a self-contained page (offline) that steps through the "
                                            "script's last backward() on its graph, e.g. gradcli run --html "
                                            "backward.html chain.py."),
    report: Optional[str] = typer.Option(None, "--report", metavar="FILE.jsonl",
                                         help="Write one JSON object per file: path, status, exit_code, seconds, "
                                              "peak_memory, stdout, stderr, message, e.g. gradcli run --report "
                                              "out.jsonl *.py."),
    cluster: Optional[str] = typer.Option(None, "--cluster", metavar="ADDRESS",
                                          help="Run the files on a Dask cluster's workers (the cluster extra), each "
                                               "in its own worker process there, e.g. gradcli run --cluster "
                                               "tcp://10.0.0.5:8786 -j 32 *.py."),
    headers: bool = typer.Option(False, "--headers",
                                 help="Several files: each one's output after a line ==> FILE <== (as head "
                                      "marks files), also when piped (on a terminal, always), e.g. gradcli run "
                                      "--headers a.py b.py | less."),
):
    """Run scripts of gradcli's PyTorch subset and print exactly what torch would print.

    The script's output goes to stdout; errors go to stderr as file:line:col: message, the source line and a caret.

    [bold]Examples:[/bold]

      gradcli example linear | gradcli run -       (gradcli example lists them)

      echo 'import torch; print(torch.ones(2) * 3)' | gradcli run -

      gradcli run --keep-going experiments.py 2> errors.txt

      gradcli run --explain chain.py          (the chain rule, on stderr)

      gradcli run -i train.py                 (then the REPL, its variables)

      gradcli run --html backward.html chain.py    (its last backward, a page)

    """
    from ..core import limits
    from . import batch
    from .running import run_here, write_stdout
    if interactive:
        if len(files) != 1 or files[0] == "-":
            raise UsageError("run -i takes one script file (the REPL reads standard input after it)")
        from .repl import run_repl
        run_repl(startup=(read_text(files[0]), files[0]))
        return
    shown = _explain_steps(explain_steps)
    explain = explain or shown is not None
    explaining = dict(explain_steps=shown, explain_width=_stderr_width()) if explain else {}
    workers = batch.jobs_option(jobs)
    if html is not None and (len(files) != 1 or workers or report or cluster):
        raise UsageError("run --html takes one script file, run in this process (no -j, --report or --cluster)")
    scripts = [("<stdin>" if name == "-" else name, read_text(name)) for name in files]  # all readable first
    if html is None and batch.isolated(files, workers, report, limits.timeout() is not None, cluster):
        try:
            headers = len(scripts) > 1 and (headers or sys.stdout.isatty())
            failed = batch.run(scripts, workers, report, keep_going, explaining, write_stdout, cluster,
                               headers)
        except batch.Terminated:  # (SIGTERM: a KeyboardInterrupt, so that the batch ends as Ctrl-C ends it)
            stderr_write("\ngradcli: terminated\n")
            raise typer.Exit(batch.EXIT_TERMINATED) from None
        if failed:
            raise Failed()  # (each file's errors are reported as it ran)
        return
    if run_here(scripts, keep_going, explaining if explain else None, html):
        raise Failed()  # (each file's errors are reported as it ran)


def _explain_steps(text):
    """--explain-steps 1,50 as a set of backward-call numbers (None: not given); anything else is bad usage."""
    if text is None:
        return None
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isdigit() and int(part) > 0 for part in parts):
        raise bad_value("--explain-steps", "backward-call numbers counted from 1, such as 1,50", text)
    return {int(part) for part in parts}


def _stderr_width():
    """The columns explanations on stderr are wrapped to: the terminal's, 80 when piped."""
    import shutil
    return shutil.get_terminal_size((80, 24)).columns if sys.stderr.isatty() else 80


# ---------------------------------------------------------------- repl
@app.command("repl", cls=Command)
def repl_command():
    """An interactive session, like Python's REPL: torch, nn and F imported, values echoed, highlighting, whole
    blocks edited and recalled from history, completion, help(name) and name?, dir(x), _.

    Commands inside: :help, :vars, :graph NAME, :explain NAME, :why EXPR, :save FILE, :load FILE, :reset, :q.
    Ctrl-C cancels the input or stops a running statement; exit(), :q or Ctrl-D leaves. History is kept in
    $XDG_STATE_HOME/gradcli/history (default ~/.local/state/gradcli/history).

    [bold]Example:[/bold]

      gradcli repl

    """
    from .repl import run_repl
    run_repl()


# ---------------------------------------------------------------- the shipped examples (cli/examples.py)
for _name, _command in examples.COMMANDS.items():
    app.command(_name, cls=Command)(_command)


# ---------------------------------------------------------------- the derivative commands (cli/calculus.py)
for _name, _command in calculus.COMMANDS.items():
    app.command(_name, cls=ExpressionCommand)(_command)


# ---------------------------------------------------------------- entry point
_COMMANDS = (*evaluation.COMMANDS, "run", "repl", *examples.COMMANDS, *calculus.COMMANDS)
_ROOT_OPTIONS = ("-h", "--help", "--help-all", "-V", "--version", "--install-completion", "--show-completion")
_LIMIT_OPTIONS = ("--max-", "--timeout")


def resolve_argv(argv, interactive):
    """The arguments Typer sees: `gradcli EXPR ...` and `gradcli --json EXPR` mean eval; no arguments mean
    repl on a terminal and --help otherwise. Shell completion passes through untouched."""
    argv = list(argv)
    if "_GRADCLI_COMPLETE" in os.environ:
        return argv
    start = 0  # past the limits (`gradcli --timeout 5 EXPR`): each takes a value, unless given as --opt=value
    while start < len(argv) and argv[start].startswith(_LIMIT_OPTIONS):
        start += 1 if "=" in argv[start] else 2
    if start >= len(argv):
        return argv + (["repl"] if interactive else ["--help"])
    if argv[start] not in _COMMANDS and argv[start] not in _ROOT_OPTIONS:
        argv.insert(start, "eval")
    return argv


def misspelt_command(argv):
    """The command a mistyped first word meant (`gradcli evl x` -> "eval"), or None. Such a word would be
    evaluated as an expression (resolve_argv); it is taken for a command instead if it is a bare name close to
    a command's, and no torch function, constant or --at input has that name."""
    if not argv or argv[0] in _COMMANDS or not argv[0].isidentifier() or "_GRADCLI_COMPLETE" in os.environ:
        return None
    word = argv[0]
    from ..base.errors import suggestion
    meant = suggestion(word, _COMMANDS)
    if meant is None or any(arg.lstrip().startswith(word + "=") or ("," + word + "=") in arg for arg in argv[1:]):
        return None
    from ..lang.sandbox.namespace import math_names
    return None if word in math_names(True)[0] else meant


def main(argv=None):
    """What the `gradcli` command runs (cli.launch.command); raises SystemExit with the exit code (_Commands.main)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    meant = misspelt_command(argv)
    if meant is not None:
        with exit_codes():
            raise UsageError("no command '%s'; did you mean '%s'? (an expression that is a bare name goes after "
                             "eval: gradcli eval %s)" % (argv[0], meant, argv[0]))
    app(args=resolve_argv(argv, sys.stdin.isatty() and sys.stdout.isatty()), prog_name="gradcli")
