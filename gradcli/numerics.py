"""numpy as torch behaves while gradcli computes: inf and nan come silently (log(0), 0/0, the mean of nothing),
so numpy's floating-point warnings are off, within a run only.

The library never changes numpy's process-wide error state or the warning filters: each entry point that runs
user ops (lang.interpreter's run and evaluate, api.evaluate) does so inside `quiet()`, which gives the host
its own settings back when the run ends.
"""

import contextlib
import warnings

import numpy as np


@contextlib.contextmanager
def quiet():
    """numpy's floating-point errors ignored, and its RuntimeWarnings ("Mean of empty slice") filtered out,
    until the block ends."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.filterwarnings("ignore", category=RuntimeWarning, module="numpy")
        yield
