"""Record torch's timeit of code in strings and torch.utils.benchmark's printing into cases.json (torch env):

    /work/torchenv/bin/python tests/golden/benchmark/record.py

The record is tests/golden/legacy's (stdout, the exception a case ends with, the warnings, the CPU capability);
the times in it are torch's and differ from run to run: tests/torchlib/test_benchmark.py compares the text
with every number masked.
"""

import importlib.util
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

CASES = {
    "timeit_strings": (
        "import timeit\ndef f(a):\n    return a * 2\nx = torch.ones(3)\n"
        "t = timeit.Timer(stmt='f(x)', setup='z = 1', globals={'x': x, 'f': f})\n"
        "print(type(t.timeit(10)).__name__, len(t.repeat(3, 5)))\n"
        "print(timeit.timeit('y = [i for i in range(3)]', number=5) >= 0)"),
    "from_main_missing": "from __main__ import nothing_here",
    "measurement_repr": (
        "import torch.utils.benchmark as benchmark\n"
        "m = benchmark.Timer('x * y', 'x = torch.ones((128,))\\ny = torch.ones((1,))').timeit(100)\n"
        "print(m)\nprint(m.number_per_run, len(m.times), m.median == m.mean, m.title)\n"
        "def g(a):\n    return a.sum()\n"
        "print(benchmark.Timer(stmt='g(x)', setup='y = 2', globals={'x': torch.ones(4), 'g': g},\n"
        "    num_threads=2, label='Sum', sub_label='of four', description='ones').timeit(50))"),
    "language": ("from torch.utils.benchmark import Language, Timer\nprint(repr(Language.CPP), Language.PYTHON)"),
}

spec = importlib.util.spec_from_file_location("legacy_record", HERE.parent / "legacy" / "record.py")

if __name__ == "__main__":
    legacy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(legacy)
    legacy.record(CASES, HERE / "cases.json")
