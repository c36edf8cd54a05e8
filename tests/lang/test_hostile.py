"""The hostile corpora (tests/hostile/corpus.py, tests/hostile/values.py): each case ends within 20 s, with a
clean message of its kind, no traceback, no signal, under 3 GB — scripts as one `gradcli run -j 2 --report` batch
(each in its worker, under --timeout 15 --max-memory 2.5G) and through the library's default, isolated
`gradcli.run_script` (the host's state unchanged after each), expressions one `gradcli eval` each, commands (diff,
plot, check, ...) one each, REPL inputs one session each, which goes on after the error. A sample runs in the normal
suite; `pytest -m slow tests/lang/test_hostile.py` runs it all."""

import json
import random
import re
import sys
import time

import pytest

from conftest import TESTS, run_cli

sys.path.insert(0, str(TESTS / "hostile"))
from corpus import CASES as EARLIER  # noqa: E402
from values import CASES as VALUES  # noqa: E402

CASES = EARLIER + VALUES
SCRIPTS = [case for case in CASES if case[1] == "script"]
EXPRESSIONS = [case for case in CASES if case[1] == "eval"]
COMMANDS = [case for case in CASES if case[1] == "cli"]
REPL = [case for case in CASES if case[1] == "repl"]
# a case the envelope ends still ends within 20 s, and its peak resident memory stays below the address space
ENVELOPE = ("--timeout", "15", "--max-memory", "2.5G")
GB3 = 3 * 10 ** 9


def _first_error(stderr):
    """The kind of the first error line: `file:line:col: Kind: ...` or `file: Kind: ...`."""
    for line in stderr.splitlines():
        match = re.match(r"^\S+?:(?:\d+:\d+:)? (\w+): ", line)
        if match:
            return match.group(1)
    return None


def check_scripts(cases, tmp_path):
    paths = []
    for name, _, source, _ in cases:
        path = tmp_path / ("%s.py" % name)
        path.write_text(source)
        paths.append(str(path))
    report = tmp_path / "report.jsonl"
    result = run_cli(*ENVELOPE, "run", "-j", "2", "--report", str(report), *paths, timeout=60 + 25 * len(cases))
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    lines = [json.loads(line) for line in report.read_text().splitlines()]
    assert [line["path"] for line in lines] == paths
    failures = []
    for (name, _, source, kind), line in zip(cases, lines):
        got = _first_error(line["stderr"])
        if not (line["status"] in ("error", "limit") and line["exit_code"] == 1 and line["seconds"] < 20
                and (line["peak_memory"] or 0) < GB3 and got == kind):
            failures.append("%s: %s %s %.1fs %s (%s)" % (name, line["status"], line["exit_code"], line["seconds"],
                                                        got, line["stderr"][:200]))
    assert not failures, "\n".join(failures)
    return lines


def _host_state():
    import numpy as np
    return random.getstate(), np.random.get_state()[1].tobytes(), sys.getrecursionlimit(), sys.getswitchinterval()


def check_library(cases):
    """Each script through gradcli.run_script, untrusted (the default): its error raised here, of its kind,
    within 20 s, and this process as it was."""
    import gradcli
    from gradcli.base.errors import GradcliError
    before, failures = _host_state(), []
    for name, _, source, kind in cases:
        start = time.monotonic()
        try:
            gradcli.run_script(source, name + ".py", timeout=15, max_memory="2.5G")
            got = None
        except GradcliError as error:
            got = error.kind
        seconds = time.monotonic() - start
        if got != kind or seconds >= 20 or _host_state() != before:
            failures.append("%s: %s %.1fs" % (name, got, seconds))
    assert not failures, "\n".join(failures)


def check_expression(case):
    name, _, expression, kind = case
    result = run_cli(*ENVELOPE, "eval", expression, "--at", "x=ones(3)", timeout=40)
    assert result.returncode == 1, (name, result.stderr[:300])
    assert "Traceback" not in result.stderr and _first_error(result.stderr) == kind, (name, result.stderr[:300])


def check_command(case, tmp_path):
    """A one-shot command: exit 1 (a limit, as every LimitError exits), its kind first, the expression's
    position (a caret) unless the limit is an option's (--points), nothing written."""
    name, _, argv, kind = case
    result = run_cli(*ENVELOPE, *argv, timeout=40, cwd=str(tmp_path))
    assert result.returncode == 1, (name, result.returncode, result.stderr[:300])
    assert "Traceback" not in result.stderr and _first_error(result.stderr) == kind, (name, result.stderr[:300])
    # (the envelope's --timeout, which a loaded machine can reach first, names no position)
    assert "^" in result.stderr or "--points" in argv or "ran for more than" in result.stderr, (name, result.stderr[:300])
    assert not list(tmp_path.iterdir()), name


def check_repl(case, tmp_path):
    """Typed into the REPL: the error reported with its line and caret, and the session goes on."""
    name, _, source, kind = case
    result = run_cli(*ENVELOPE, "repl", input=source + "\nprint('alive')\n", timeout=40, cwd=str(tmp_path))
    assert result.returncode == 0 and "alive" in result.stdout, (name, result.returncode, result.stderr[:300])
    assert "Traceback" not in result.stderr and _first_error(result.stderr) == kind, (name, result.stderr[:300])
    assert "^" in result.stderr and not list(tmp_path.iterdir()), (name, result.stderr[:300])


def test_the_corpus_is_big_and_covers_every_mode():
    assert len(CASES) >= 150 and len(EXPRESSIONS) >= 15
    assert len(VALUES) >= 150 and len(COMMANDS) >= 10 and len(REPL) >= 10
    assert len({case[0] for case in CASES}) == len(CASES)


def test_a_sample_of_the_scripts(tmp_path):
    earlier = [case for case in SCRIPTS if case in EARLIER]
    check_scripts(earlier[::12] + [case for case in SCRIPTS if case in VALUES][::40], tmp_path)


def test_a_sample_of_the_scripts_in_the_library():
    check_library([case for case in SCRIPTS if case in VALUES][20::40])


@pytest.mark.parametrize("case", EXPRESSIONS[::7], ids=lambda case: case[0])
def test_a_sample_of_the_expressions(case):
    check_expression(case)


@pytest.mark.parametrize("case", COMMANDS[8::4], ids=lambda case: case[0])  # (the diffs take seconds each)
def test_a_sample_of_the_commands(case, tmp_path):
    check_command(case, tmp_path)


@pytest.mark.parametrize("case", REPL[::5], ids=lambda case: case[0])
def test_a_sample_of_the_repl_inputs(case, tmp_path):
    check_repl(case, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("case", COMMANDS, ids=lambda case: case[0])
def test_every_command(case, tmp_path):
    check_command(case, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("case", REPL, ids=lambda case: case[0])
def test_every_repl_input(case, tmp_path):
    check_repl(case, tmp_path)


@pytest.mark.slow
def test_every_script(tmp_path):
    check_scripts(SCRIPTS, tmp_path)


@pytest.mark.slow
def test_every_script_in_the_library():
    check_library(SCRIPTS)


@pytest.mark.slow
@pytest.mark.parametrize("case", EXPRESSIONS, ids=lambda case: case[0])
def test_every_expression(case):
    check_expression(case)
