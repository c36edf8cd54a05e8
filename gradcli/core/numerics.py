"""numpy as torch behaves while gradcli computes: inf and nan come silently (log(0), 0/0, the mean of nothing),
so numpy's floating-point warnings are off, within a run only.

The library never changes numpy's error state or the warning filters for its host: each entry point that runs
user ops (lang.compile.interpreter's run and evaluate, api.evaluate) does so inside `quiet()`, which gives the host
its own settings back when the run ends.
"""

import contextlib
import warnings

import numpy as np

from ..base.runstate import ProcessWide


def _numpy_warnings_filtered():
    held = warnings.catch_warnings()
    held.__enter__()
    warnings.filterwarnings("ignore", category=RuntimeWarning, module="numpy")
    return held


# The warning filters are one list per process (catch_warnings is not thread-safe: two runs at once, each saving
# and restoring the list, would leave one's filter in the host), so they are set while any run needs them.
_NUMPY_WARNINGS_FILTERED = ProcessWide(_numpy_warnings_filtered, lambda held: held.__exit__(None, None, None))


@contextlib.contextmanager
def quiet():
    """numpy's floating-point errors ignored, and its RuntimeWarnings ("Mean of empty slice") filtered out,
    until the block ends. numpy's error state is per thread (a context variable since numpy 2.0, thread-local
    before), so np.errstate is the run's own; the warning filters are _NUMPY_WARNINGS_FILTERED."""
    with np.errstate(all="ignore"), _NUMPY_WARNINGS_FILTERED:
        yield


try:  # numpy 2 keeps the error state in a context variable: one prepared state can be set and reset cheaply
    from numpy._core.umath import _extobj_contextvar, _make_extobj
    _IGNORE_ALL = _make_extobj(all="ignore")
except ImportError:  # numpy 1.x: np.errstate it is
    _extobj_contextvar = None


class errors_ignored:
    """`np.errstate(all="ignore")` for the many short calls of gradcli.kernels, which compute every branch of
    a function and select: np.errstate builds its state anew on each entry (about a microsecond, more than a
    small kernel's arithmetic); this sets one prepared state."""

    __slots__ = ("_token",)

    def __enter__(self):
        self._token = _extobj_contextvar.set(_IGNORE_ALL) if _extobj_contextvar else np.errstate(all="ignore")
        if not _extobj_contextvar:
            self._token.__enter__()

    def __exit__(self, *exc_info):
        if _extobj_contextvar:
            _extobj_contextvar.reset(self._token)
        else:
            self._token.__exit__(*exc_info)
