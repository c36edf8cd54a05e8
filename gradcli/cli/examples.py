"""`gradcli example [NAME]`: the example scripts shipped inside the package (the wheel carries examples/ as
gradcli/examples), so that `--help`'s examples work anywhere, not only in a checkout."""

import pathlib
import sys
from typing import Optional

import typer

from .common import UsageError

_PACKAGE = pathlib.Path(__file__).resolve().parent.parent
_FOLDERS = (_PACKAGE / "examples", _PACKAGE.parent / "examples")  # installed, then a checkout


def examples():
    """name -> path of every shipped example script, by name."""
    for folder in _FOLDERS:
        if folder.is_dir():
            return {path.stem: path for path in sorted(folder.glob("*.py"))}
    return {}


def summary(path):
    """The example's first comment line, which says what it shows."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    return first.lstrip("# ").strip() if first.startswith("#") else ""


def example_command(
    name: Optional[str] = typer.Argument(None, metavar="NAME", show_default=False,
                                         help="Which example, e.g. linear; without it, the list."),
    run: bool = typer.Option(False, "--run", "-r", help="Run the example instead of printing it, e.g. gradcli "
                                                        "example linear --run."),
):
    """The example scripts that come with gradcli: the list, one script's text (to read, or to save and change),
    or its run.

    [bold]Examples:[/bold]

      gradcli example                        (the list)

      gradcli example linear > linear.py     (a copy to change)

      gradcli example linear | gradcli run - (or: gradcli example linear --run)

    """
    found = examples()
    if name is None:
        width = max((len(n) for n in found), default=0)
        for example, path in found.items():
            sys.stdout.write("%-*s  %s\n" % (width, example, summary(path)))
        return
    if name not in found:
        from ..base.errors import suggestion
        meant = suggestion(name, found)
        raise UsageError("no example '%s'%s (gradcli example lists them)" % (
            name, "; did you mean '%s'?" % meant if meant else ""))
    text = found[name].read_text(encoding="utf-8")
    if not run:
        sys.stdout.write(text)
        return
    from ..app import api
    api.run_script(text, "%s.py" % name, write=sys.stdout.write, warn=sys.stderr.write)


COMMANDS = {"example": example_command}
