"""numpy's print options, np.repeat and np.convolve for scripts (issue 27): the run's own options, sized output.

What the scripts print is numpy's (tests/corpora/language/numpy/016.py, numpy on this machine the oracle); here,
that the options are one run's only and that what they would make print is bounded."""

import numpy as np
import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.core import limits

N = "import numpy as np\nimport sys\n"


def test_print_options_are_the_runs_own():
    host = np.get_printoptions()
    with np.printoptions(precision=2, threshold=4, edgeitems=2):
        expected = str(np.arange(6.) / 3)
    assert "..." in expected
    assert api.run_script(N + "np.set_printoptions(precision=2, threshold=4, edgeitems=2)\n"
                              "print(np.arange(6.) / 3)") == expected + "\n"
    assert np.get_printoptions() == host  # the host's numpy prints as before, and so does the next run
    assert api.run_script(N + "print(np.arange(6.) / 3, np.get_printoptions() == %r)" % host) == \
        "%s True\n" % (np.arange(6.) / 3)


def test_a_printoptions_block_changes_them_inside_it_only():
    assert api.run_script(N + "np.set_printoptions(precision=3)\nwith np.printoptions(precision=1) as o:\n"
                              "    print(np.array([2 / 3]), o['precision'])\nprint(np.array([2 / 3]))") == \
        "[0.7] 1\n[0.667]\n"


@pytest.mark.parametrize("source", [
    "np.set_printoptions(threshold=sys.maxsize)\nprint(np.zeros(10**6))",
    "np.set_printoptions(precision=10**6, floatmode='fixed')\nprint(np.ones(200))",
    "np.set_printoptions(nanstr='n' * 10**6, threshold=sys.maxsize)\nprint(np.ones(200))",
    "with np.printoptions(threshold=sys.maxsize, edgeitems=10**9):\n    print(repr(np.zeros(10**6)))",
    "np.set_printoptions(edgeitems=10**4)\nprint(f'{np.zeros((100, 10**4))}')",
    "print(np.ones(10).repeat(2 * 10**6))", "print(np.repeat(np.ones((10, 10)), 2 * 10**5, axis=1))",
    "print(np.ones(3).repeat([1, 10**7, 1]))", "print(np.float64(1).repeat(2 * 10**7))",
    "print(np.convolve(np.ones(10**4), np.ones(10**4)))",
    "np.set_printoptions(formatter={'all': lambda x: 'a' * 10**5})\nprint(np.ones(200))",
    "np.set_printoptions(3, 1000, 3, 75, False, 'nan', 'inf', {'float': lambda x: 'a' * 10**5})\nprint(np.ones(200))",
    "with np.printoptions(formatter={'int': lambda x: 'a' * 10**6}):\n    print(np.arange(20))",
])
def test_what_the_options_and_repeats_would_make_is_sized_first(source):
    limits.configure(max_elements=10 ** 7)
    try:
        with pytest.raises(GradcliError) as error:
            api.run_script(N + source)
    finally:
        limits.reset()
    assert error.value.kind == "LimitError" and error.value.position is not None, str(error.value)


@pytest.mark.parametrize("call", ["np.set_printoptions(override_repr=print)",
                                  "with np.printoptions(override_repr=repr):\n    print(np.ones(1))"])
def test_numpys_scalars_print_as_numpys(call):
    with pytest.raises(GradcliError) as error:
        api.run_script(N + call)
    assert error.value.kind == "NotImplementedError" and "no override_repr" in error.value.message


def test_the_version_is_the_installed_numpys():
    assert api.run_script(N + "print(np.__version__)") == np.__version__ + "\n"
