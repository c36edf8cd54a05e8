"""torch.save and torch.load for scripts, in memory.

gradcli writes no files for a script (what a script can reach ends at its own output), so `torch.save(obj, path)`
keeps a copy of `obj` under `path` for the rest of the run (a REPL session keeps it for the session) and
`torch.load(path)` in the same run gives a copy back, as a file written and read by torch would: tensors come back
as detached leaves with their `requires_grad`, Parameters as Parameters, containers rebuilt. torch's default load
(`weights_only=True`) accepts tensors, containers, numbers, strings, sizes, dtypes and devices; anything else (a
whole module) fails as torch's does. The files are the run state's (base.runstate): each session has its own,
as it has its own generator.
"""

import collections

from ..base import dtypes, errors
from ..base.runstate import current
from ..core import limits
from .nn.parameter import Parameter
from . import torch_module
from ..core.tensor import Device, Size, Tensor


def _files():
    """path -> the saved copy, of the run in progress."""
    state = current()
    if state.files is None:
        state.files = {}
    return state.files


_PLAIN = (type(None), bool, int, float, complex, str, bytes, Size, Device, dtypes.DType)

WEIGHTS_ONLY_FAILED = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those steps "
    "only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of "
    "the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` "
    "set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only if you got the "
    "file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please check the "
    "recommended steps in the following error message.\n\tWeightsUnpickler error: Unsupported global: GLOBAL %s "
    "was not an allowed global by default. Please use `torch.serialization.add_safe_globals([%s])` or the "
    "`torch.serialization.safe_globals([%s])` context manager to allowlist this global if you trust this "
    "class/function.\n\nCheck the documentation of torch.load to learn more about types accepted by default with "
    "weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")


class _Object:
    """What torch.save kept of an object torch's default load refuses: the name of its class."""

    def __init__(self, qualified):
        self.qualified = qualified


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """torch.save: `obj` as it is now, kept under the path `f` for this run."""
    limits.check_nested_size(obj, what="the saved value")
    _files()[_path(f)] = _copied(obj, saving=True)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """torch.load: a copy of what torch.save kept under the path `f` in this run."""
    path, files = _path(f), _files()
    if path not in files:
        raise errors.GradcliError("[Errno 2] No such file or directory: %r" % path, "FileNotFoundError")
    return _copied(files[path], weights_only=weights_only is not False)


def saved_paths():
    """The paths torch.save has kept in this run (what a script's pathlib sees as its files)."""
    return _files().keys()


def _path(f):
    if not isinstance(f, str) and hasattr(type(f), "__fspath__"):  # a pathlib.Path (lang.sandbox.paths)
        f = type(f).__fspath__(f)
    if not isinstance(f, str):
        raise errors.GradcliError("gradcli's torch.save and torch.load take a path (a str), not a %s"
                                  % type(f).__name__, "NotImplementedError")
    return f


def _copied(obj, saving=False, weights_only=True, memo=None):
    """obj's copy: tensors detached and cloned (their requires_grad kept), containers rebuilt, a part shared
    within obj shared in the copy (as pickle's memo keeps it). Saving, an object of another kind is kept as its
    class's name; loading it fails as torch's weights_only load does (a whole module loaded with
    weights_only=False is not implemented)."""
    if isinstance(obj, _PLAIN):
        return obj
    memo = {} if memo is None else memo
    key = id(obj)
    if key not in memo:
        memo[key] = (_copy_of(obj, saving, weights_only, memo), obj)  # (obj kept: its id stays its own)
    return memo[key][0]


def _copy_of(obj, saving, weights_only, memo):
    if isinstance(obj, Tensor):
        data = obj.detach().clone()
        if isinstance(obj, Parameter):
            return Parameter(data, requires_grad=obj.requires_grad)
        return data.requires_grad_(obj.requires_grad) if obj.requires_grad else data
    if isinstance(obj, (dict, collections.OrderedDict)):
        return type(obj)((key, _copied(value, saving, weights_only, memo)) for key, value in obj.items())
    if isinstance(obj, (list, tuple)) and type(obj) in (list, tuple):
        return type(obj)(_copied(value, saving, weights_only, memo) for value in obj)
    if saving:
        return _Object(_qualified_name(obj))
    if weights_only:
        raise errors.GradcliError(WEIGHTS_ONLY_FAILED % ((obj.qualified,) * 3), "UnpicklingError")
    raise errors.GradcliError("gradcli does not implement torch.load(weights_only=False) of a whole object (%s) yet: "
                              "save and load its state_dict()" % obj.qualified, "NotImplementedError")


def _qualified_name(obj):
    kind = type(obj)
    return "%s.%s" % (torch_module(kind.__module__), kind.__qualname__)
