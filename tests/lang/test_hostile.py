"""The hostile corpus (tests/hostile/corpus.py): each case ends within 20 s, non-zero, with a clean message of
its kind, no traceback, no signal, under 3 GB — scripts as one `gradcli run -j 2 --report` batch (each in its
worker, under --timeout 15 --max-memory 2.5G), expressions one `gradcli eval` each. A sample runs in the normal
suite; `pytest -m slow tests/lang/test_hostile.py` runs it all."""

import json
import re
import sys

import pytest

from conftest import TESTS, run_cli

sys.path.insert(0, str(TESTS / "hostile"))
from corpus import CASES  # noqa: E402

SCRIPTS = [case for case in CASES if case[1] == "script"]
EXPRESSIONS = [case for case in CASES if case[1] == "eval"]
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


def check_expression(case):
    name, _, expression, kind = case
    result = run_cli(*ENVELOPE, "eval", expression, "--at", "x=ones(3)", timeout=40)
    assert result.returncode == 1, (name, result.stderr[:300])
    assert "Traceback" not in result.stderr and _first_error(result.stderr) == kind, (name, result.stderr[:300])


def test_the_corpus_is_big_and_covers_both_modes():
    assert len(CASES) >= 150 and len(EXPRESSIONS) >= 15
    assert len({case[0] for case in CASES}) == len(CASES)


def test_a_sample_of_the_scripts(tmp_path):
    check_scripts(SCRIPTS[::12], tmp_path)


@pytest.mark.parametrize("case", EXPRESSIONS[::7], ids=lambda case: case[0])
def test_a_sample_of_the_expressions(case):
    check_expression(case)


@pytest.mark.slow
def test_every_script(tmp_path):
    check_scripts(SCRIPTS, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("case", EXPRESSIONS, ids=lambda case: case[0])
def test_every_expression(case):
    check_expression(case)
