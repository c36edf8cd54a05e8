"""Did-you-mean ranks by Python's edit distance, then by how often the corpora's scripts call the name
(base.names_by_use, written by tests/golden/names/make_names_by_use.py); CPython's own choices are checked in
tests/cli/test_run_ux.py."""

import importlib.util

from conftest import GOLDEN
from gradcli.app import api
from gradcli.base.errors import GradcliError, suggestion
from gradcli.base.names_by_use import NAMES_BY_USE


def _generator():
    spec = importlib.util.spec_from_file_location("make_names_by_use", GOLDEN / "names" / "make_names_by_use.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_is_the_corpora_counted():
    generator = _generator()
    names = generator.names_by_use()
    assert list(NAMES_BY_USE) == names, "run: python tests/golden/names/make_names_by_use.py"
    assert names.index("sin") < names.index("sign") and names.index("sum") < names.index("mean")


def test_among_names_equally_close_the_most_called_wins():
    assert suggestion("sinn", ["sign", "sin", "sinc"]) == "sin"  # sign, sin and sinc are all one edit away
    assert suggestion("mea", ["meat", "mean"]) == "mean"
    assert suggestion("zzyy", ["zzya", "zzyb"]) == "zzya"  # neither is called: Python's (alphabetical) choice
    assert suggestion("sine", ["sign", "sinh", "sin"]) == "sin"  # a nearer name still wins over a more called


def test_eval_suggests_sin_for_sinn():
    try:
        api.evaluate("sinn(x)", at={"x": "1."})
    except GradcliError as error:
        assert error.kind == "NameError" and error.suggestion == "sin"
    else:
        raise AssertionError("sinn(x) evaluated")
