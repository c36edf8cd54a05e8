"""torch.autograd's anomaly detection: while it is on, each recorded node remembers where in the script the forward
op ran, and backward names that place when a node fails (and, with check_nan, when it returns nan).

Stdlib only: the mode is the run state's (base.runstate), which also says where the script is (`position`, the
interpreter's); the op table asks this module when it records a node (`remember`), the engine when a node fails
(`failed`).
"""

import weakref

from . import errors
from .runstate import current

_traces = weakref.WeakKeyDictionary()  # node -> the forward trace, while anomaly mode is on

ENABLED_WARNING = ("Anomaly Detection has been enabled. This mode will increase the runtime and should only be "
                   "enabled for debugging.")
_TRIGGERED = " (Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/python_anomaly_mode.cpp:122.)"


def is_enabled():
    return current().anomaly


def is_check_nan_enabled():
    return current().check_nan


def snapshot():
    state = current()
    return state.anomaly, state.check_nan


def restore(mode):
    state = current()
    state.anomaly, state.check_nan = mode


def set_detect_anomaly(mode, check_nan=True):
    """torch.autograd.set_detect_anomaly: on or off for what follows (usable as a context manager too)."""
    return Mode(mode, check_nan, warn=False)


def detect_anomaly(check_nan=True):
    """torch.autograd.detect_anomaly(): on inside a `with` block, with torch's warning that it costs time."""
    return Mode(True, check_nan, warn=True, deferred=True)


class Mode:
    """An anomaly-mode setting: in force at once, or (from detect_anomaly) inside a `with` block."""

    def __init__(self, mode, check_nan, warn, deferred=False):
        self.previous = snapshot()
        self.state = (bool(mode), bool(check_nan))
        self.warn = warn
        if not deferred:
            restore(self.state)

    def __enter__(self):
        self.previous = snapshot()
        if self.warn:
            errors.warn(ENABLED_WARNING)
        restore(self.state)
        return None

    def __exit__(self, *exc):
        restore(self.previous)
        return False


def remember(node):
    """Keep where the forward op that made `node` ran (anomaly mode is on)."""
    source = current().position
    position = source() if source is not None else None
    if position is not None:
        _traces[node] = '  File "%s", line %d, in <module>\n    %s\n' % (position.filename, position.line,
                                                                      position.source_line().strip())


def failed(node):
    """The warning torch gives when a node fails in backward with anomaly mode on."""
    errors.warn("Error detected in %s. Traceback of forward call that caused the error:\n%s%s"
                % (node.name(), _traces.get(node, ""), _TRIGGERED))


def nan_error(node, nr):
    return errors.GradcliError("Function '%s' returned nan values in its %dth output." % (node.name(), nr))
