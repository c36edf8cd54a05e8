"""What the commands share: exit codes, errors on stderr, and the parsing of --at and --dtype."""

import sys

import typer

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
    sys.stderr.write(text)
    sys.stderr.flush()


def usage_error(message):
    stderr_write("gradcli: %s\n" % message)
    return typer.Exit(EXIT_USAGE)


def parse_at(items, option="--at"):
    """NAME=VALUE options as a dict (bad usage for anything else, or a name given twice)."""
    inputs = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip().isidentifier() or not value.strip():
            raise typer.BadParameter("expected NAME=VALUE, got %r" % item, param_hint="'%s'" % option)
        if name.strip() in inputs:
            raise typer.BadParameter("%s is given twice" % name.strip(), param_hint="'%s'" % option)
        inputs[name.strip()] = value
    return inputs


def check_dtype(value: str):
    if value not in ("float32", "float64"):
        raise typer.BadParameter("expected float32 or float64, got %r" % value)
    return value


def positive(text, option="--order"):
    """An option's value as a positive integer (bad usage otherwise)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise typer.BadParameter("expected a positive integer, got %r" % text, param_hint="'%s'" % option)
    return value
