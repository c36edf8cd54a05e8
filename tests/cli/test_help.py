"""Help that reads like a finished tool's: no type placeholders (`<bool>`, `<list[str]>`), an example in every
option's help, the manual (--help-all), and the examples shipped with the package (gradcli example)."""

import re

import pytest
import typer.main

from conftest import ROOT, normalize_addresses, run_cli
from gradcli.cli import app as cli

COMMAND = typer.main.get_command(cli.app)
NAMES = list(COMMAND.commands)
TYPER_OWN = {"--help", "--install-completion", "--show-completion"}  # Typer's own options, Typer's own words


@pytest.mark.parametrize("args", [["--help"], ["--help-all"]] + [[name, "--help"] for name in NAMES])
def test_help_shows_no_type_placeholders(args):
    result = run_cli(*args, env={"COLUMNS": "100"})
    assert result.returncode == 0, result.stderr
    assert not re.search(r"<\w+(\[\w+\])?>", result.stdout), result.stdout


@pytest.mark.parametrize("name", [None] + NAMES)
def test_every_option_has_an_example(name):
    command = COMMAND if name is None else COMMAND.commands[name]
    for param in command.params:
        if param.param_type_name == "option" and not set(param.opts) & TYPER_OWN:
            assert "e.g." in (param.help or ""), "%s %s has no example" % (name or "gradcli", param.opts[0])


def test_help_all_is_every_commands_help_in_order():
    out = run_cli("--help-all", env={"COLUMNS": "100"}).stdout
    places = [out.index("Usage: gradcli [OPTIONS] COMMAND")]
    places += [out.index("Usage: gradcli %s " % name) for name in NAMES]
    assert places == sorted(places) and len(NAMES) >= 5


def test_examples_are_listed_printed_and_run():
    listing = run_cli("example").stdout.splitlines()
    shipped = sorted(p.stem for p in (ROOT / "examples").glob("*.py"))
    assert [line.split()[0] for line in listing] == shipped
    assert listing[shipped.index("linear")].split(None, 1)[1].startswith("Fit y = 2x + 1")
    assert run_cli("example", "linear").stdout == (ROOT / "examples" / "linear.py").read_text()
    ran = run_cli("example", "linear", "--run")
    assert normalize_addresses(ran.stdout) == normalize_addresses((ROOT / "examples" / "linear.expected").read_text())
    wrong = run_cli("example", "lineer")
    assert wrong.returncode == 2 and "did you mean 'linear'?" in wrong.stderr
