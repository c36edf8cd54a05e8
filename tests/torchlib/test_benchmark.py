"""timeit of code in strings and torch.utils.benchmark (Timer, Measurement, Language): the text torch 2.13 prints
(tests/golden/benchmark/cases.json, recorded by its record.py on AVX2), with each measured time and its unit
masked: they are gradcli's own and differ from run to run. The code in the strings is compiled by the script's
compiler: it reaches only what a script reaches, and its runs tick the run's budget."""

import json
import re

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.core import limits
from conftest import TESTS

RECORD = json.loads((TESTS / "golden" / "benchmark" / "cases.json").read_text(encoding="utf-8"))
_TIME = re.compile(r"\d+\.\d+ (ns|us|ms|s)\b")


def _masked(text):
    return _TIME.sub("T", re.sub("0x[0-9a-f]+", "0x", text))


@pytest.mark.parametrize("name", sorted(RECORD["cases"]))
def test_as_torch_prints_it(name):
    case = RECORD["cases"][name]
    written, error = [], None
    try:
        api.run_script("import torch\n" + case["source"] + "\n", "<case>", write=written.append)
    except GradcliError as exc:
        error = "%s: %s" % (exc.kind, exc.message)
    assert (_masked("".join(written)), error) == (_masked(case["stdout"]), case["error"])


def test_recorded_with_torch_2_13():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX2"


def test_from_main_reads_the_scripts_own_names():
    assert api.run_script("import timeit\ndef f():\n    return 1\n"
                          "print(timeit.Timer('f()', setup='from __main__ import f').timeit(3) >= 0)\n") == "True\n"


@pytest.mark.parametrize("stmt, kind", [
    ("import shutil", "ModuleNotFoundError"),
    ("__import__('os')", None),
    ("open('/etc/passwd')", None),
    ("(1).__class__.__subclasses__()", None),
    ("x = (", "SyntaxError"),
])
def test_code_in_a_string_is_the_scripts_own(stmt, kind):
    for module, call in (("timeit", "timeit.timeit(%r, number=1)"),
                         ("torch.utils.benchmark as benchmark", "benchmark.Timer(%r).timeit(1)")):
        with pytest.raises(GradcliError) as info:
            api.run_script("import torch\nimport %s\n%s\n" % (module, call % stmt))
        assert kind is None or info.value.kind == kind, str(info.value)


@pytest.mark.parametrize("source", ["import timeit\ntimeit.timeit('pass', number=10 ** 9)",
                                    "import timeit\ntimeit.timeit('while True:\\n    pass', number=1)",
                                    "import torch.utils.benchmark as b\nb.Timer('1').blocked_autorange(min_run_time=10 ** 6)"])
def test_every_run_ticks_the_budget(source):
    limits.configure(max_iterations=10 ** 4)
    try:
        with pytest.raises(GradcliError) as info:
            api.run_script("import torch\n" + source + "\n")
        assert info.value.kind == "LimitError"
    finally:
        limits.reset()


def test_cpp_is_out_of_reach():
    with pytest.raises(GradcliError, match="Language.CPP compiles and runs C"):
        api.run_script("from torch.utils.benchmark import Language, Timer\nTimer('x;', language=Language.CPP)")
