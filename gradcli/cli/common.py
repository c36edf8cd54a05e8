"""What the commands share: exit codes and the exceptions a command raises for them, errors on stderr, and the
parsing of --at, --dtype and numbers.

A command never exits itself: it raises (a GradcliError, UsageError, Failed, typer.BadParameter for a bad option
value), and `exit_codes` below is the one place where that becomes stderr text and an exit code (entered by
cli.app's `_Commands.main` and by cli.launch). Typer is imported only where a function needs it: cli.launch's
one-shot eval uses this module without loading it."""

import contextlib
import sys

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130


def report(error, write=None):
    """A GradcliError on stderr: the call chain if it left a function, `file:line:col: message`, the source line
    and a caret when known."""
    write = write or stderr_write
    sys.stdout.flush()
    if error.position is not None:
        write(error.report() + "\n")
    else:
        write("gradcli: %s\n" % error)


def report_interrupt(interrupt, write=None):
    """Ctrl-C on stderr: the statement that was running (`file:line:col: KeyboardInterrupt`, its line and a
    caret) when the interpreter said which, then `gradcli: interrupted`."""
    write = write or stderr_write
    sys.stdout.flush()
    position = getattr(interrupt, "position", None)
    write("\n" + (position.render("KeyboardInterrupt") + "\n" if position is not None else "") +
          "gradcli: interrupted\n")


def stderr_write(text):
    """Write `text` to stderr; what stderr's encoding cannot hold (a lone surrogate in a script's message)
    is written escaped, never a failure of gradcli."""
    try:
        sys.stderr.write(text)
    except UnicodeEncodeError:
        encoding = sys.stderr.encoding or "utf-8"
        sys.stderr.write(text.encode(encoding, "backslashreplace").decode(encoding))
    sys.stderr.flush()


class UsageError(Exception):
    """Bad usage a command finds past its options' parsing (a file it cannot read, options that do not go
    together): `gradcli: MESSAGE` on stderr, exit 2. A bad value of one option is typer.BadParameter instead
    (bad_value), which names the option in Typer's usage box."""


class Failed(Exception):
    """The command failed in a way it has shown already (a failing check, the scripts' errors reported as they
    ran): exit 1. A message, if any, is said as `gradcli: MESSAGE`."""


class ReaderGone(BaseException):
    """stdout's reader left (`gradcli run x.py | head`). A BaseException, so that the interpreter does not
    report it as an error of the script's print()."""


class Interrupted(BaseException):
    """Ctrl-C in a command, carried past Typer (which would end the process with a silent 130) to main()."""

    def __init__(self, interrupt):
        super().__init__()
        self.interrupt = interrupt


@contextlib.contextmanager
def exit_codes():
    """The one place where what a command raises becomes stderr text and an exit code (SystemExit). Typer says
    its own usage errors (an unknown option, a bad option value: typer.BadParameter) with exit 2."""
    import os
    from ..base.errors import GradcliError
    try:
        yield
        return
    except Interrupted as interrupted:  # (carried past Typer)
        report_interrupt(interrupted.interrupt)
        code = EXIT_INTERRUPTED
    except KeyboardInterrupt as interrupt:  # the statement that was running, when the interpreter said which
        report_interrupt(interrupt)
        code = EXIT_INTERRUPTED
    except UsageError as error:
        stderr_write("gradcli: %s\n" % error)
        code = EXIT_USAGE
    except Failed as failed:  # what failed is shown already
        if str(failed):
            stderr_write("gradcli: %s\n" % failed)
        code = EXIT_ERROR
    except GradcliError as error:  # the expression's or script's, or the timeout (say, while showing)
        report(error)
        code = EXIT_ERROR
    except (BrokenPipeError, ReaderGone):  # `gradcli run x.py | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = EXIT_ERROR
    except Exception as exc:  # a bug in gradcli, not bad input: one line, the traceback on request
        if os.environ.get("GRADCLI_DEBUG"):
            raise
        stderr_write("gradcli: internal error: %s: %s\n(this is a bug in gradcli; GRADCLI_DEBUG=1 shows the "
                      "traceback)\n" % (type(exc).__name__, exc))
        code = EXIT_ERROR
    sys.exit(code)


def read_text(name):
    """The text of a file argument (- is standard input); a missing file is bad usage (exit 2). A UTF-8 byte
    order mark marks the encoding, as it does for Python, and is not part of the text."""
    if name == "-":
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        with open(name, encoding="utf-8") as f:  # (utf-8-sig's codec would be one more import at start)
            return f.read().removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError("cannot read %s: %s" % (name, getattr(exc, "strerror", None) or exc)) from None


def parse_at(items, option="--at"):
    """NAME=VALUE options as {name: value text} (bad usage for anything else, or a name given twice); one
    option may give several, `--at x=1,y=2`."""
    import typer
    from ..app.api import split_inputs
    inputs = {}
    for item in items:
        for part in split_inputs(item):
            name, sep, value = part.partition("=")
            if not sep or not name.strip().isidentifier() or not value.strip():
                raise bad_value(option, "NAME=VALUE", item)
            if name.strip() in inputs:
                raise typer.BadParameter("%s is given twice" % name.strip(), param_hint="'%s'" % option)
            inputs[name.strip()] = value
    return inputs


def check_dtype(value: str):
    """--dtype: float32 or float64, by any of torch's names for them (float, double, torch.float64)."""
    from ..app.api import INPUT_DTYPES
    canonical = INPUT_DTYPES.get(value.strip().removeprefix("torch."))
    if canonical is None:
        raise bad_value("--dtype", "float32 (float) or float64 (double)", value)
    return canonical


def bad_value(option, expected, text):
    """Bad usage (exit 2) in one style for every option of every command: Typer's usage box saying
    `Invalid value for '--order': expected 1 or 2, got '3'`."""
    import typer
    return typer.BadParameter("expected %s, got %r" % (expected, text), param_hint="'%s'" % option)


def positive(text, option="--order", least=1, most=None):
    """An option's value as an integer from `least` (to `most`); bad usage otherwise."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < least or most is not None and value > most:
        expected = ("a positive integer" if least == 1 else "an integer of at least %d" % least) if most is None \
            else " or ".join(str(n) for n in range(least, most + 1))
        raise bad_value(option, expected, text)
    return value


def write_json(data):
    """One JSON object on stdout, always valid JSON: every nan and inf null, with its text beside
    (`"value": null, "value_text": "inf"`: explain_format.json_safe)."""
    import json
    from ..explain.text import json_safe
    sys.stdout.write(json.dumps(json_safe(data), allow_nan=False) + "\n")
    sys.stdout.flush()
