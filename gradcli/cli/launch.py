"""The `gradcli` command's entry (the script, `python -m gradcli`): `command()`.

Two one-shot commands are answered here, without loading Typer and Rich, which are a fifth of their
instructions and which they do not use (no help, no completion, no view): `gradcli eval EXPR --at ...` whose
output goes to a pipe or a file — how scripts, editors and benchmarks call it — and `gradcli run FILE`. What
they write is byte for byte what the Typer command writes (cli.plain draws Rich's table, cli.running is run's
own loop; tests/cli/test_launch.py compares the two). Anything else — another command, an option this path does
not know, a terminal for eval — goes to the Typer app (cli.app.main) as it would without this path, so that
help, errors and views stay Typer's and Rich's.
"""

import os
import sys

from .common import EXIT_OK, exit_codes, stderr_write

# eval's options this path takes: the option -> (its name in api.evaluate, whether it takes a value)
_OPTIONS = {
    "--at": ("at", True), "-a": ("at", True), "--weight": ("weight", True), "-w": ("weight", True),
    "--dtype": ("dtype", True), "--seed": ("seed", True), "--order": ("order", True),
    "--precision": ("precision", True), "-p": ("precision", True), "--retain-graph": ("retain_graph", False),
    "--values": ("values", False), "-q": ("values", False), "--json": ("json", False),
}
# where Rich would not write what cli.plain writes: colour or a terminal forced, a console that is not UTF-8
_RICH_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS", "_GRADCLI_COMPLETE")


def command():
    """The `gradcli` command: the process is the command's own, so its policies are on (cli.process), the
    command runs, and the process leaves at once without Python's teardown."""
    from . import process
    process.take_over()
    argv = sys.argv[1:]
    try:
        code = one_shot(argv)
        if code is None:
            from .app import main
            process.resume_collector()  # (the commands of the Typer app run scripts, sessions, batches)
            main(argv)
            code = 0
    except SystemExit as done:
        code = done.code
        if code is not None and not isinstance(code, int):  # sys.exit("message"), as Python would show it
            stderr_write("%s\n" % code)
            code = 1
    process.leave(code or 0)


def one_shot(argv):
    """Run `argv` here if it is a one-shot command this path answers exactly as the Typer command would — `eval`
    of one expression to a pipe, `run` of one file — and return 0, or raise SystemExit with the exit code where
    it fails (common.exit_codes, as the Typer command's); None, having done nothing, for anything else."""
    evaluation = _eval_request(argv)
    if evaluation is not None and not sys.stdout.isatty() and _plain_console():
        seconds = _envelope()
        if seconds is not False:
            with exit_codes():
                _evaluate(evaluation, seconds)
            return EXIT_OK
        return None
    derivative = _diff_request(argv)
    if derivative is not None and not sys.stdout.isatty() and _plain_console() and _envelope() is not False:
        with exit_codes():
            _differentiate(*derivative)
        return EXIT_OK
    script = _run_request(argv)
    if script is not None and _envelope() is None:  # (a --timeout runs the script in a worker: cli.batch)
        from .common import Failed, read_text
        from .running import run_here
        with exit_codes():
            if run_here([("<stdin>" if script["file"] == "-" else script["file"], read_text(script["file"]))],
                        keep_going=script["keep_going"]):
                raise Failed()  # (its errors are reported as it ran)
        return EXIT_OK
    return None


def _envelope():
    """The limits and the memory envelope, as main_options sets them (from GRADCLI_MAX_... and GRADCLI_TIMEOUT:
    none is given before the command on this path): the timeout in seconds (None: none), or False where a value
    is bad usage (Typer then says so)."""
    from . import process
    from ..base.errors import GradcliError
    from ..core import limits
    try:
        limits.configure()
        limits.configure_envelope()
        limits.current()
        process.limit_memory(limits.max_memory())
        return limits.timeout()
    except GradcliError:
        return False


def _evaluate(request, seconds):
    from . import process
    from .plain import print_precision
    from ..app import api
    from ..base.errors import GradcliError
    json_output, values = request.pop("json"), request.pop("values")
    form = "json" if json_output else "values" if values else "view"
    digits, expression = request.pop("precision"), request.pop("expression")
    with process.timed(seconds), print_precision(digits):
        try:
            result = api.evaluate(expression, **request)
        except GradcliError as error:
            from .evaluation import failure
            raise failure(error, form, {"graph": False, "explain": False, "depth": None,
                                        "inputs": request["at"]}) from None
        _show(result, form)


def _differentiate(expression, wrt):
    from . import plain
    from ..app import calculus
    result = calculus.diff(expression, wrt or None, {}, 1, "float64")
    text = plain.diff_text(result)
    if text is None:
        from .differentiate import show_diff
        show_diff(result)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def _diff_request(argv):
    """`diff EXPR [WRT]...` with no option: (expression, names), or None."""
    if len(argv) < 2 or argv[0] != "diff" or any(word.startswith("-") for word in argv[1:]):
        return None
    return (argv[1], argv[2:]) if all(name.isidentifier() for name in argv[2:]) else None


def _run_request(argv):
    """`run FILE` (FILE may be -) with no option but --keep-going: {"file", "keep_going"}, or None."""
    if not argv or argv[0] != "run":
        return None
    files = [word for word in argv[1:] if word == "-" or not word.startswith("-")]
    options = [word for word in argv[1:] if word != "-" and word.startswith("-")]
    if len(files) != 1 or any(option not in ("-k", "--keep-going") for option in options):
        return None
    return {"file": files[0], "keep_going": bool(options)}


def _show(result, form):
    if form == "json":
        from .common import write_json
        write_json(result.to_dict())
        return
    from . import plain
    text = plain.gradient_values(result) if form == "values" else plain.view_text(result, _console_width())
    if text is None:  # outside what cli.plain draws as Rich does: Rich draws it
        from . import render
        render.show_result(result)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


def _eval_request(argv):
    """api.evaluate's arguments for `argv` when it is `[eval] EXPR` with options of _OPTIONS only, each valid
    (with `precision`, `values` and `json` beside), or None."""
    if argv and argv[0] == "eval":
        argv = argv[1:]
    elif not argv or argv[0].isidentifier():
        return None  # another command, or a bare word that may be a misspelt one (app.misspelt_command)
    found = {"at": [], "weight": None, "dtype": "float32", "seed": None, "order": "1", "precision": None,
             "retain_graph": False, "values": False, "json": False}
    expressions = []
    i = 0
    while i < len(argv):
        word = argv[i]
        option, equals, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if option in _OPTIONS:
            name, takes_value = _OPTIONS[option]
            if takes_value and not equals:
                if i + 1 >= len(argv):
                    return None
                i, value = i + 1, argv[i + 1]
            elif not takes_value:
                if equals:
                    return None
                value = True
            if name == "at":
                found["at"].append(value)
            else:
                found[name] = value
        elif word.startswith("-"):
            return None  # another option, or an expression with a leading minus: Typer's
        else:
            expressions.append(word)
        i += 1
    if len(expressions) != 1 or (found["values"] and found["json"]):
        return None
    return _checked(found, expressions[0])


def _checked(found, expression):
    """The options' values as api.evaluate takes them, or None where one is bad usage (Typer then says so)."""
    from ..app.api import INPUT_DTYPES, split_inputs
    inputs = {}
    for item in found["at"]:
        for part in split_inputs(item):
            name, sep, value = part.partition("=")
            name = name.strip()
            if not sep or not name.isidentifier() or not value.strip() or name in inputs:
                return None
            inputs[name] = value
    dtype = INPUT_DTYPES.get(found["dtype"].strip().removeprefix("torch."))
    order, seed, precision = (_integer(found["order"], 1), _integer(found["seed"]),
                              _integer(found["precision"], 0))
    if dtype is None or order is False or seed is False or precision is False:
        return None
    return dict(expression=expression, at=inputs, weight=found["weight"], dtype=dtype, seed=seed, order=order,
                retain_graph=found["retain_graph"], precision=precision, values=found["values"],
                json=found["json"])


def _integer(text, least=None):
    """An option's integer (None when not given), or False when it is not one (or is below `least`)."""
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        return False
    return False if least is not None and value < least else value


def _plain_console():
    """Whether Rich, in this environment, would write to stdout plain text in UTF-8 (cli.render.console)."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    columns = os.environ.get("COLUMNS")
    return sys.platform != "win32" and encoding == "utf8" and not any(
        name in os.environ for name in _RICH_ENVIRONMENT) and (columns is None or columns.isdigit() and
                                                               int(columns) > 0)


def _console_width():
    """The width Rich gives a console whose output is not a terminal: COLUMNS, else the size of the first of
    stdin, stdout and stderr that is a terminal, else 80."""
    columns = os.environ.get("COLUMNS")
    if columns is not None:
        return int(columns)
    for stream in (0, 1, 2):
        try:
            return os.get_terminal_size(stream).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80

