"""What the language can reach: the allow-list. Nothing of Python's namespace is reachable except through here.

- `torch` and its submodules (autograd, nn, nn.functional) as Module objects with explicit members;
- the members of tensors, grad_fn nodes, dtypes and python values a script may read or set;
- the Python builtins the subset offers;
- math spelling: bare torch function names (`mean(x)`, `ones(2, 2)`) as a fallback for unknown names.
"""

import builtins as _py
import collections
import functools
import math
from types import MethodType

import numpy as np

from ..compile import classes, exceptions
from . import guards, iterators, numpy_bridge, recorded, stand_ins, stdlib, system, training
from ...base import anomaly, dtypes, errors, grad_mode, runstate
from ...core import backward as autograd, limits, meta, printing, rng, storage
from ...torchlib import serialization
from ...kernels import cpu
from ...torchlib.autograd.function import CTX_MEMBERS, Function, FunctionCtx, once_differentiable
from ...autograd.graph import Node, RemovableHandle
from ...torchlib.nn import public as nn
from ...ops import FUNCTIONS, METHODS
from ...ops import FUNCTIONAL as NN_FUNCTIONAL, LINALG as OPS_LINALG
from ...ops.rows.creation import variable
from ...base.return_types import ReturnTypes
from ...core.tensor import CudaDevice, Device, Size, Tensor, require_cpu


class Module:
    """A module as the language sees it: a name and its members, nothing else (made by `load` on first use
    when it is given instead)."""

    __slots__ = ("name", "members", "_load")

    def __init__(self, name, members=None, load=None):
        self.name, self._load = name, load
        if members is not None:
            self.members = members

    def __getattr__(self, attribute):  # (Python calls it for an unset slot only: `members` before it is loaded)
        if attribute != "members":
            raise AttributeError(attribute)
        self.members = self._load()
        return self.members

    def __repr__(self):
        return "<module '%s'>" % self.name


Module.__name__ = "module"  # what Python's messages call a module ("bad operand type for unary -: 'module'")


class Members(dict):
    """A module's members of which some are the op table's front doors (`doors`: registries, the first that has
    a name gives it): a dict of the others, to which each door is added once looked up, so that a door's family
    is imported only when a script first reads it (ops/families). It reads as the dict of them all: its names
    are the doors' (in their order), then the others'; items() and values() load every family."""

    __slots__ = ("doors",)

    def __init__(self, doors, members=()):
        super().__init__(members)
        self.doors = doors

    def __missing__(self, name):
        for doors in self.doors:
            if name in doors:
                door = doors[name]
                dict.__setitem__(self, name, door)
                return door
        raise KeyError(name)

    def get(self, name, default=None):
        try:
            return self[name]
        except KeyError:
            return default

    def __contains__(self, name):
        return dict.__contains__(self, name) or any(name in doors for doors in self.doors)

    def keys(self):
        names = dict.fromkeys(name for doors in self.doors for name in doors)
        names.update(dict.fromkeys(dict.keys(self)))
        return names.keys()

    def __iter__(self):
        return iter(self.keys())

    def __len__(self):
        return len(self.keys())

    def items(self):
        return [(name, self[name]) for name in self.keys()]

    def values(self):
        return [self[name] for name in self.keys()]


class Later:
    """Members that `load()` makes when a script first reads one of `names` (a source of Members): the module
    that defines them is imported then."""

    __slots__ = ("names", "load", "loaded")

    def __init__(self, names, load):
        self.names, self.load, self.loaded = names, load, None

    def __contains__(self, name):
        return name in self.names

    def __iter__(self):
        return iter(self.names)

    def __getitem__(self, name):
        if self.loaded is None:
            self.loaded = self.load()
        return self.loaded[name]


TORCH_VERSION = "2.13.0+cpu"  # torch.__version__: the CPU build whose behaviour gradcli reproduces


def _torch_members():
    members = Members((FUNCTIONS,))
    for d in dtypes.ALL:
        members[d.name] = d
    members.update(dtypes.ALIASES)
    members.update({
        "no_grad": grad_mode.no_grad, "enable_grad": grad_mode.enable_grad,
        "inference_mode": grad_mode.inference_mode, "is_inference_mode_enabled": grad_mode.is_inference_mode_enabled,
        "set_grad_enabled": grad_mode.set_grad_enabled, "is_grad_enabled": grad_mode.is_grad_enabled,
        "set_printoptions": printing.set_printoptions, "Size": Size,
        "save": serialization.save, "load": serialization.load,
        "is_tensor": lambda x: isinstance(x, Tensor), "__version__": TORCH_VERSION,
        "is_anomaly_enabled": anomaly.is_enabled, "is_anomaly_check_nan_enabled": anomaly.is_check_nan_enabled,
        "device": Device, "pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan,
        "set_num_threads": _set_num_threads, "get_num_threads": cpu.num_threads,
    })
    return members


def _set_num_threads(n):
    """torch.set_num_threads: the thread count whose arithmetic large reductions and loops follow."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise errors.GradcliError("set_num_threads expects an int, but got %s" % type(n).__name__)
    if n <= 0:
        raise errors.GradcliError("set_num_threads expects a positive integer")
    cpu.set_num_threads(n)


LINALG = Module("torch.linalg", Members((OPS_LINALG,)))
def _functional_members():
    from ...torchlib.autograd import functional
    return {"jacobian": functional.jacobian, "hessian": functional.hessian, "vjp": functional.vjp,
            "jvp": functional.jvp, "vhp": functional.vhp, "hvp": functional.hvp}


def _gradcheck_members():
    from ...torchlib.autograd import gradcheck
    return {"gradcheck": gradcheck.gradcheck, "gradgradcheck": gradcheck.gradgradcheck}


AUTOGRAD_FUNCTIONAL = Module("torch.autograd.functional", load=_functional_members)
AUTOGRAD_FUNCTION = Module("torch.autograd.function", {"Function": Function, "FunctionCtx": FunctionCtx,
                                                       "once_differentiable": once_differentiable})
AUTOGRAD = Module("torch.autograd", Members((Later(("gradcheck", "gradgradcheck"), _gradcheck_members),), {
    "grad": autograd.grad, "backward": autograd.backward, "Variable": variable, "functional": AUTOGRAD_FUNCTIONAL,
    "set_detect_anomaly": anomaly.set_detect_anomaly, "detect_anomaly": anomaly.detect_anomaly,
    "Function": Function, "function": AUTOGRAD_FUNCTION}))
FUNCTIONAL = Module("torch.nn.functional", Members((NN_FUNCTIONAL,)))
INIT = Module("torch.nn.init", dict(nn.init.NAMES))
RNN_UTILS = Module("torch.nn.utils.rnn", load=training.rnn_utils_members)
NN_UTILS = Module("torch.nn.utils", {"rnn": RNN_UTILS})
NN = Module("torch.nn", load=lambda: dict(nn.names(), functional=FUNCTIONAL, init=INIT, utils=NN_UTILS))
# the devices, the CPU way: no accelerator, CUDA's seeding calls do nothing (torch's do nothing without CUDA)
CUDA = Module("torch.cuda", {"is_available": lambda: False, "device_count": lambda: 0, "device": CudaDevice,
                             "manual_seed": lambda seed: None, "manual_seed_all": lambda seed: None})
ACCELERATOR = Module("torch.accelerator", {"is_available": lambda: False, "current_accelerator": lambda: None,
                                           "device_count": lambda: 0})
MPS = Module("torch.backends.mps", {"is_available": lambda: False, "is_built": lambda: False})
BACKENDS = Module("torch.backends", {"mps": MPS})
LR_SCHEDULER = Module("torch.optim.lr_scheduler", load=training.lr_scheduler_members)
OPTIM = Module("torch.optim", load=lambda: dict(training.optim_members(), lr_scheduler=LR_SCHEDULER))
DATA = Module("torch.utils.data", load=training.data_members)
def _benchmark_members():
    """torch.utils.benchmark's members (its module imported when a script first imports it), and its objects'."""
    from ...torchlib.utils import benchmark
    benchmark.SCRIPT_TORCH["torch"] = TORCH  # (torch's Timer puts torch in its statements' namespace)
    _PY_MEMBERS.update({benchmark.Timer: benchmark.TIMER_MEMBERS, benchmark.Measurement: benchmark.MEASUREMENT_MEMBERS,
                        benchmark.Language: frozenset(("name", "value"))})
    return dict(benchmark.MEMBERS, Language=Module("torch.utils.benchmark.Language", {
        "PYTHON": benchmark.Language.PYTHON, "CPP": benchmark.Language.CPP}))


BENCHMARK = Module("torch.utils.benchmark", load=_benchmark_members)
UTILS = Module("torch.utils", {"data": DATA, "benchmark": BENCHMARK})
DISTRIBUTION_FILES = {name: Module("torch.distributions." + name,
                                   load=functools.partial(training.distributions_module_members, name))
                      for name in training.DISTRIBUTIONS}
DISTRIBUTIONS = Module("torch.distributions", load=lambda: dict(training.distributions_module_members(None),
                                                                  **DISTRIBUTION_FILES))


def _set_default_device(device):
    """torch.set_default_device: the CPU or `meta`, for the run (torch fails on CUDA at the next tensor)."""
    from ...base.runstate import current
    device = None if device is None else Device(device)
    if device is not None and device.type != "meta":
        require_cpu(device)
    current().device = device if device is not None and device.type == "meta" else None


TORCH = Module("torch", _torch_members())
TORCH.members.update(autograd=AUTOGRAD, nn=NN, linalg=LINALG, cuda=CUDA, optim=OPTIM, utils=UTILS,
                     distributions=DISTRIBUTIONS, accelerator=ACCELERATOR, backends=BACKENDS,
                     set_default_device=_set_default_device, get_default_device=meta.default_device)
TORCH.members.update(from_numpy=numpy_bridge.from_numpy, tensor=numpy_bridge.accepting_arrays(FUNCTIONS["tensor"]),
                     as_tensor=numpy_bridge.accepting_arrays(FUNCTIONS["as_tensor"]))
_NUMPY_RANDOM = numpy_bridge.RandomModule()
NUMPY_RANDOM = Module("numpy.random", {name: getattr(_NUMPY_RANDOM, name) for name in (
    "seed", "randn", "rand", "randint", "normal", "uniform", "random", "choice", "permutation", "shuffle")})
NUMPY = Module("numpy", dict(numpy_bridge._members(), random=NUMPY_RANDOM))
# torch.functional: the functions torch defines in that module (what gradcli has of them)
TORCH_FUNCTIONAL = Module("torch.functional", load=lambda: {name: FUNCTIONS[name] for name in (
    "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "broadcast_tensors", "cartesian_prod", "block_diag",
    "cdist", "chain_matmul", "einsum", "norm", "meshgrid", "split", "tensordot", "unique", "unique_consecutive",
    "unravel_index") if name in FUNCTIONS})
TORCH.members["functional"] = TORCH_FUNCTIONAL
OS = Module("os", system.os_members())  # (os.environ: the running script's own)
OS.members["path"] = Module("os.path", system.os_path_members())
IMPORTLIB = Module("importlib", {"metadata": Module("importlib.metadata", system.metadata_members(
    TORCH_VERSION, exceptions.LIBRARY["PackageNotFoundError"]))})
MODULES = {"torch": TORCH, "torch.functional": TORCH_FUNCTIONAL, "torch.autograd": AUTOGRAD, "torch.autograd.functional": AUTOGRAD_FUNCTIONAL,
           "torch.autograd.function": AUTOGRAD_FUNCTION,
           "torch.nn": NN, "torch.nn.functional": FUNCTIONAL, "torch.nn.init": INIT, "torch.linalg": LINALG,
           "torch.nn.utils": NN_UTILS, "torch.nn.utils.rnn": RNN_UTILS,
           "math": Module("math", stdlib.math_members()), "random": Module("random", load=stdlib.random_members),
           "collections": Module("collections", stdlib.collections_members()),
           "itertools": Module("itertools", load=iterators.itertools_members),
           "__future__": Module("__future__", load=stdlib.future_members),
           "time": Module("time", system.time_members()), "sys": Module("sys", system.sys_members()),
           "os": OS, "os.path": OS.members["path"], "warnings": Module("warnings", system.warnings_members()),
           "importlib": IMPORTLIB, "importlib.metadata": IMPORTLIB.members["metadata"],
           "pathlib": Module("pathlib", load=lambda: _paths_members().pathlib_members()),
           "zipfile": Module("zipfile", load=lambda: _paths_members().zipfile_members()),
           "pprint": Module("pprint", load=stdlib.pprint_members),
           "datetime": Module("datetime", load=system.datetime_members),
           "timeit": Module("timeit", load=system.timeit_members),
           "numpy": NUMPY, "numpy.random": NUMPY_RANDOM, "torch.optim": OPTIM, "torch.optim.lr_scheduler": LR_SCHEDULER,
           "torch.utils": UTILS, "torch.utils.data": DATA, "torch.utils.benchmark": BENCHMARK, "torch.cuda": CUDA, "torch.accelerator": ACCELERATOR,
           "torch.backends": BACKENDS, "torch.backends.mps": MPS, "torch.distributions": DISTRIBUTIONS,
           **{module.name: module for module in DISTRIBUTION_FILES.values()}}

# ---------------------------------------------------------------- members of values
TENSOR_PROPERTIES = frozenset((
    "grad", "data", "requires_grad", "grad_fn", "is_leaf", "shape", "dtype", "ndim", "T", "device",
    "retains_grad", "_version", "mT", "is_cuda", "is_meta", "volatile"))
TENSOR_METHODS = frozenset(name for name in METHODS if not name.startswith("_")) | frozenset((
    "backward", "detach", "item", "tolist", "numel", "dim", "size", "requires_grad_", "retain_grad",
    "is_floating_point", "data_ptr", "register_hook", "stride", "storage_offset", "element_size", "nelement",
    "ndimension", "storage", "untyped_storage"))
# the members get_attribute reads from a tensor as getattr does (the compiler reads them itself)
TENSOR_PLAIN_MEMBERS = (TENSOR_PROPERTIES | TENSOR_METHODS) - {"_version"}
TENSOR_SETTABLE = frozenset(("grad", "requires_grad", "data"))
NODE_MEMBERS = frozenset(("next_functions", "name", "variable", "metadata"))
DTYPE_MEMBERS = frozenset(("is_floating_point", "is_signed", "itemsize"))
_PY_MEMBERS = {
    list: frozenset(("append", "extend", "pop", "insert", "index", "count", "reverse", "sort", "copy", "clear",
                     "remove")),
    dict: frozenset(("items", "keys", "values", "get", "update", "pop", "copy", "setdefault")),
    collections.OrderedDict: frozenset(("items", "keys", "values", "get", "update", "pop", "copy", "setdefault")),
    nn.state.IncompatibleKeys: frozenset(("missing_keys", "unexpected_keys")),
    str: frozenset(("join", "upper", "lower", "strip", "lstrip", "rstrip", "split", "replace", "startswith",
                    "endswith", "center", "ljust", "rjust", "zfill", "title", "capitalize", "find", "count",
                    "splitlines", "isdigit", "isalpha")),
    tuple: frozenset(("index", "count")),
    set: frozenset(("add", "remove", "discard", "pop", "clear", "copy", "update", "union", "intersection",
                    "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint")),
    Size: frozenset(("numel", "index", "count")),
    float: frozenset(("is_integer", "real", "imag")),
    int: frozenset(("bit_length", "real", "imag")),
    rng.Generator: frozenset(("manual_seed", "seed", "initial_seed", "device", "get_state", "set_state")),
    RemovableHandle: frozenset(("remove",)),
    Device: frozenset(("type", "index")),
    CudaDevice: frozenset(("idx", "prev_idx")),
    property: frozenset(("setter", "getter", "deleter")),
    **stdlib.COLLECTION_MEMBERS,
    **system.SYS_VALUE_MEMBERS,
    **system.DATETIME_VALUE_MEMBERS,
    **system.TIMEIT_VALUE_MEMBERS,
}
_PY_MEMBERS[collections.defaultdict] = _PY_MEMBERS[dict]  # optimizer.state
_WITHHELD = {}  # class -> the names of its real members a script may not read (refused in gradcli's words)


def allow_members(kind, names, withheld=()):
    """The members a script may read on objects of `kind`, one of the language's own (lang.compile's generator
    object), and those it has that stay out of reach."""
    _PY_MEMBERS[kind] = frozenset(names)
    _WITHHELD[kind] = frozenset(withheld)


def _paths_members():
    """lang.sandbox.paths (imported when a script first imports pathlib or zipfile), its Path's members known."""
    from . import paths
    _PY_MEMBERS[paths.Path] = paths.PATH_MEMBERS
    return paths


_TUPLE_MEMBERS = frozenset(("index", "count"))


def torch_names():
    """torch 2.13's public names per module ({"torch": [...], "torch.Tensor": [...], ...}), recorded from torch.
    Read only when a name is missing."""
    return recorded("torch_names.json")


# torch's ways to files, native code and other processes: a script never reaches them
_OUT_OF_REACH = frozenset(("from_file", "ops", "classes", "library", "hub", "jit", "compile",
                           "package", "multiprocessing", "distributed"))


def _inplace_function(module, name):
    """torch.sin_(x), torch.relu_(x), ...: the in-place functions torch has are Tensor's in-place methods (looked
    up in torch's names when a script first asks, then kept among the module's members)."""
    if module.name != "torch" or not name.endswith("_") or name not in METHODS:
        return None
    if name not in torch_names()["torch"]:
        return None
    module.members[name] = METHODS[name]
    return METHODS[name]


def _not_implemented(where, name):
    """gradcli's error for a name torch has there and gradcli not (None when torch lacks it too): its private
    names (torch._C, which dir(torch) lists as torch does) are out of reach as its ways to files are."""
    if name not in torch_names().get(where, ()) and name not in recorded("torch_dirs.json")["modules"].get(where, ()):
        return None  # (the second: what dir() lists beyond a module's public names, torch.nn.utils.clip_grad)
    if name in _OUT_OF_REACH or name.startswith("_"):
        return errors.GradcliError("gradcli does not give access to '%s.%s'" % (where, name), "AttributeError")
    return errors.GradcliError("gradcli does not implement %s.%s yet" % (where, name), "NotImplementedError")


def missing_torch_module(dotted):
    """gradcli's error for importing a module of torch's that gradcli lacks (`import torch.fx`,
    `from torch.nn.utils.rnn import pad_sequence`): the first part gradcli does not have, if torch has it there."""
    parts = dotted.split(".")
    for end in range(2, len(parts) + 1):
        if ".".join(parts[:end]) not in MODULES:
            where = ".".join(parts[:end - 1])
            if where not in MODULES or parts[end - 1] not in torch_names().get(where, ()):
                return None
            if parts[end - 1] in _OUT_OF_REACH or parts[end - 1].startswith("_"):
                return errors.GradcliError("gradcli does not give access to '%s'" % dotted, "ModuleNotFoundError")
            return errors.GradcliError("gradcli does not implement %s yet" % dotted, "NotImplementedError")
    return None


def _attribute_error(obj, name):
    """Python's AttributeError, suggesting the closest member a script may read (Python's 'Did you mean')."""
    kind = type(obj).__name__
    suggest = lambda: errors.suggestion(name, members(obj))  # noqa: E731 (worked out only when shown)
    if isinstance(obj, Module):
        host = system.HOST.get(obj.name)
        if host is not None and hasattr(host, name):  # a member of Python's time, sys or os that reaches the host
            return errors.GradcliError("gradcli does not give access to '%s.%s'" % (obj.name, name),
                                       "AttributeError")
        return (_not_implemented(obj.name, name) or
                errors.GradcliError("module '%s' has no attribute '%s'" % (obj.name, name), "AttributeError",
                                    suggest=suggest))
    if name in _WITHHELD.get(type(obj), ()):
        return errors.GradcliError("gradcli does not give access to '%s'" % name, "AttributeError")
    if isinstance(obj, (ScriptType, type)):
        return errors.GradcliError("type object '%s' has no attribute '%s'" % (class_name(obj), name),
                                   "AttributeError")
    if isinstance(obj, Tensor):
        missing = _not_implemented("torch.Tensor", name)
        if missing is not None:
            return missing
    if isinstance(obj, Node):
        kind = obj.name()
    return errors.GradcliError("'%s' object has no attribute '%s'" % (kind, name), "AttributeError",
                               suggest=suggest)


def get_attribute(obj, name):
    """obj.name for the members on the allow-list; an AttributeError in Python's words otherwise."""
    # the members read most first: a tensor's (no dunder among them) and a module's (torch.__version__ is one)
    if isinstance(obj, Tensor):
        if name in TENSOR_PLAIN_MEMBERS:
            return getattr(obj, name)
        if name == "_version":
            return obj._version.value
    elif isinstance(obj, Module) and system.ASSIGNED and (obj.name, name) in system.ASSIGNED and \
            (obj.name, name) in system.state().module_attributes:
        return system.state().module_attributes[obj.name, name]
    elif isinstance(obj, Module) and name in obj.members:
        return obj.members[name]
    if name.startswith("__"):
        raise errors.GradcliError("gradcli does not give access to '%s'" % name, "AttributeError")
    if isinstance(obj, Module):
        found = _inplace_function(obj, name)
        if found is None:
            raise _attribute_error(obj, name)
        return found
    if isinstance(obj, Tensor):
        if name == "numpy":
            return numpy_bridge.tensor_numpy(obj)
    elif isinstance(obj, Node):
        if name in NODE_MEMBERS and hasattr(obj, name):
            return getattr(obj, name)
        if isinstance(obj, FunctionCtx):  # a custom Function's ctx: its members, and what the script stored
            if name in CTX_MEMBERS:
                return getattr(obj, name)
            if name in obj.attributes:
                return obj.attributes[name]
    elif isinstance(obj, dtypes.DType):
        if name in DTYPE_MEMBERS:
            return getattr(obj, name)
    elif isinstance(obj, nn.Module) and not classes.is_script_instance(obj):  # (script classes: classes.py)
        found = nn.get_member(obj, name)
        if found is not nn.MISSING:
            return found
    elif name == "format" and isinstance(obj, str):
        return stand_ins.builtin_function("format", _safe_format(obj), obj)
    elif isinstance(obj, ReturnTypes):
        if name in obj.names:
            return obj.field(name)
        if name in _TUPLE_MEMBERS:
            return guards.guard_method(obj, name, getattr(obj, name))
    elif isinstance(obj, numpy_bridge.Array):
        if name in numpy_bridge.ARRAY_MEMBERS:
            return getattr(obj, name)
    elif isinstance(obj, (storage.TypedStorage, storage.UntypedStorage)):
        if name in obj.MEMBERS:
            return getattr(obj, name)
    elif isinstance(obj, np.generic):
        if name in numpy_bridge.SCALAR_MEMBERS or name in numpy_bridge.ARRAY_MEMBERS:
            return numpy_bridge.scalar_member(obj, name)
    elif isinstance(obj, np.dtype):
        if name in numpy_bridge.DTYPE_MEMBERS:
            return getattr(obj, name)
    elif obj.__class__ is type and obj in iterators.CLASS_MEMBERS:  # itertools.chain.from_iterable
        if name in iterators.CLASS_MEMBERS[obj]:
            return stand_ins.builtin_function(name, getattr(obj, name), obj)
    else:
        for kind, members in _PY_MEMBERS.items():
            if type(obj) is kind and name in members:
                return guards.guard_method(obj, name, getattr(obj, name))
        if name in (training.object_members(obj) or ()):  # torch.optim's and torch.utils.data's objects
            return getattr(obj, name)
        if classes.governs(obj):  # script classes, library bases, exceptions
            value = classes.get_attribute(obj, name)
            if name == "args" and isinstance(obj, BaseException) and value.__class__ is tuple:
                guards.check_tuple_depth(value)  # (Python made it of the exception's arguments: a tuple display)
            return value
    raise _attribute_error(obj, name)


def members(obj):
    """The names a script may read on `obj` (get_attribute's allow-list for it): what completion offers."""
    if isinstance(obj, Module):
        return frozenset(obj.members)
    if isinstance(obj, Tensor):
        return TENSOR_PROPERTIES | TENSOR_METHODS | {"numpy"}
    if isinstance(obj, numpy_bridge.Array):
        return numpy_bridge.ARRAY_MEMBERS
    if isinstance(obj, Node):
        found = frozenset(name for name in NODE_MEMBERS if hasattr(obj, name))
        return found | CTX_MEMBERS | frozenset(obj.attributes) if isinstance(obj, FunctionCtx) else found
    if isinstance(obj, dtypes.DType):
        return DTYPE_MEMBERS
    if isinstance(obj, ReturnTypes):
        return frozenset(obj.names) | _TUPLE_MEMBERS
    if training.object_members(obj) is not None:
        return training.object_members(obj)
    if obj.__class__ is type and obj in iterators.CLASS_MEMBERS:
        return iterators.CLASS_MEMBERS[obj]
    if isinstance(obj, nn.Module) and not classes.is_script_instance(obj):
        own = set(obj.__dict__) | nn.module.registered(obj)
        return nn.members(obj) | frozenset(n for n in own if not n.startswith("_"))
    found = next((names for kind, names in _PY_MEMBERS.items() if type(obj) is kind), frozenset())
    if not found and classes.governs(obj):
        candidates = set(dir(obj)) | set(getattr(obj, "__dict__", ()))
        return frozenset(n for n in candidates if not n.startswith("__") and classes.readable(obj, n))
    return found | {"format"} if isinstance(obj, str) else found


def torch_dir(obj):
    """dir(obj) as torch lists it, where obj stands for one of torch's modules or functions (torch_dirs.json,
    recorded from torch): the module's every name, with those gradcli lacks (refused when read, as ever: not
    implemented yet, or out of reach) and what the script set on it; a function's kind's dunders. None for anything else, and for a function
    gradcli serves under names of different kinds in torch (torch.relu is a C function, F.relu a Python one)."""
    listed = recorded("torch_dirs.json")
    if isinstance(obj, Module):
        if obj.name not in listed["modules"]:
            return None
        own = {name for module, name in system.state().module_attributes if module == obj.name} \
            if system.ASSIGNED else set()
        return sorted(set(torch_names()[obj.name]) | set(listed["modules"][obj.name]) | own)
    if isinstance(obj, MethodType) and isinstance(obj.__self__, Tensor):
        served = {("torch.Tensor", name) for name in TENSOR_METHODS if getattr(Tensor, name, None) is obj.__func__}
    elif callable(obj):
        served = {(module, name) for module in listed["callables"] if module in MODULES
                  for name, member in MODULES[module].members.items() if member is obj}
    else:
        return None
    kinds = {kind for module, name in served for kind, names in listed["callables"][module].items()
             if name in names}
    return listed["kinds"][kinds.pop()] if len(kinds) == 1 else None


def set_attribute(obj, name, value):
    if isinstance(obj, Tensor) and name in TENSOR_SETTABLE:
        if name == "requires_grad" and value.__class__ is not bool:  # (torch takes no truth value for it)
            raise errors.GradcliError("requires_grad must be a bool")
        setattr(obj, name, value)
        return
    if classes.settable(obj):
        classes.set_attribute(obj, name, value)
        return
    if isinstance(obj, Module) and not name.startswith("__"):
        system.set_module_attribute(obj.name, name, value)
        return
    if isinstance(obj, FunctionCtx) and name not in CTX_MEMBERS and name not in NODE_MEMBERS:
        obj.attributes[name] = value
        return
    if isinstance(obj, nn.Module) and not name.startswith("_") and not callable(getattr(type(obj), name, None)):
        setattr(obj, name, value)  # through Module.__setattr__: parameters and submodules register
        return
    if isinstance(obj, Tensor) or isinstance(obj, Node):
        raise errors.GradcliError("gradcli cannot set attribute '%s' of a %s" % (
            name, "tensor" if isinstance(obj, Tensor) else "grad_fn"), "AttributeError")
    kind, found = type(obj).__name__, getattr(type(obj), name, None)
    raise errors.GradcliError("'%s' object has no attribute '%s'" % (kind, name) if found is None else
                              "attribute '%s' of '%s' objects is not writable" % (name, kind)
                              if hasattr(found, "__set__") else
                              "'%s' object attribute '%s' is read-only" % (kind, name), "AttributeError")


def _safe_format(template):
    """str.format without Python's attribute and index traversal inside `{...}` fields."""
    import string

    class Formatter(string.Formatter):
        def get_field(self, field_name, args, kwargs):
            if "." in field_name or "[" in field_name:
                raise errors.GradcliError("gradcli's str.format takes plain fields only: '{%s}'" % field_name,
                                          "ValueError")
            return super().get_field(field_name, args, kwargs)

        def convert_field(self, value, conversion):
            limits.check_nested_size(value)
            return super().convert_field(value, conversion)

        def format_field(self, value, spec):
            guards.check_format_spec(spec)
            limits.check_nested_size(value)
            text = super().format_field(value, spec)
            self.written += len(text)  # (many fields of a long string each)
            limits.check_length(self.written, "the formatted string")
            return text

    def format(*args, **kwargs):
        formatter = Formatter()
        formatter.written = len(template)
        return formatter.format(template, *args, **kwargs)
    return format


# ---------------------------------------------------------------- builtins
CONTEXT_MANAGERS = (grad_mode.no_grad, grad_mode.enable_grad, grad_mode.set_grad_enabled, grad_mode.inference_mode,
                    anomaly.Mode, Device, CudaDevice, numpy_bridge.printoptions)


def make_builtins(write):
    """Python's builtins of the subset; `print` writes through `write`."""
    def print_(*values, sep=" ", end="\n", file=None, flush=False):
        for name, text in (("sep", sep), ("end", end)):
            if text is not None and not isinstance(text, str):
                raise TypeError("%s must be None or a string, not %s" % (name, type(text).__name__))
        write((" " if sep is None else sep).join(str(v) for v in values) + ("\n" if end is None else end))

    def help_(request=_NO_REQUEST):
        write(_help_text(request))  # (print's path: a batch's isolation, the output limits, the REPL)

    return {
        "print": print_, "help": help_, "len": len, "range": range, "enumerate": enumerate, "zip": zip, "abs": abs,
        "min": min, "max": max, "sum": sum, "round": round, "float": float, "int": int, "bool": bool,
        "str": str, "list": list, "tuple": tuple, "dict": dict, "sorted": sorted, "reversed": reversed,
        "any": any, "all": all, "repr": repr, "isinstance": _isinstance, "format": format, "map": map,
        "filter": filter, "pow": pow, "divmod": divmod, "type": script_type, "set": set,
        "next": next, "iter": _iter, "hasattr": _hasattr, "hash": hash, "callable": callable, "chr": chr, "ord": ord, "id": id,
        "object": object, "super": super, "staticmethod": staticmethod, "classmethod": classmethod,
        "property": property, **exceptions.CLASSES,
    }


# Python's builtins a script does not have, and why (the rest of those withheld: "it reaches Python's own objects")
_WITHHELD = {"compile": "a script's text is compiled by gradcli, once: there is no compile, exec or eval of more",
             "exec": "a script's text is compiled by gradcli, once: there is no compile, exec or eval of more",
             "eval": "a script's text is compiled by gradcli, once: there is no compile, exec or eval of more",
             "open": "a script reads and writes no files", "input": "a script reads no input",
             "breakpoint": "a script runs without a debugger"}


def withheld_builtin(name):
    """Why a script lacks Python's builtin `name` (None if Python has no such builtin, or it is a dunder)."""
    if name[:1] == "_" or not hasattr(_py, name) or name[:1].isupper():  # (exception classes: Python's words)
        return None
    return _WITHHELD.get(name, "it reaches Python's own objects")


def _iter(iterable, *sentinel):
    """iter() of one argument: iter(f, sentinel) could call a builtin for ever inside one statement."""
    if sentinel:
        if not callable(iterable):
            raise errors.type_error("iter(v, w): v must be callable")
        raise errors.type_error("gradcli's iter() takes one argument: iter(callable, sentinel) could call "
                                "for ever inside one statement")
    return iter(iterable)


def _hasattr(obj, name):
    """Whether a script could read obj.name (gradcli's allow-list, not Python's object model)."""
    if not isinstance(name, str):
        raise errors.type_error("attribute name must be string, not '%s'" % type(name).__name__)
    try:
        get_attribute(obj, name)
    except errors.GradcliError as error:
        if error.kind == "AttributeError":
            return False
        raise
    return True



def _help_text(request):
    """What torch's help(request) writes to a pipe, for a torch function, class, instance of one or tensor method
    a script holds (torch.ones, nn.Linear, F.relu, x, x.add): pydoc's plain-text rendering recorded from torch 2.13
    (torch_pydoc.json.xz, tests/golden/names/make_pydoc.py). Anything else is refused, never rendered: pydoc
    reads an object's docstrings and source, and what a script holds are gradcli's objects (or, for its own
    functions and classes, ones whose docstrings gradcli's compiler does not keep)."""
    if request is _NO_REQUEST:
        raise errors.GradcliError("gradcli's help() takes an object (help(torch.ones)): interactive help reads "
                                  "input, and a script reads none", "TypeError")
    recorded_help, name = _pydoc(), _torch_name(request)
    if name is not None:
        return recorded_help["texts"][recorded_help["names"][name]]
    kind = _instance_class(request)
    if kind in recorded_help["instances"]:  # pydoc documents an instance by its class, under its own title
        text = recorded_help["texts"][recorded_help["names"][kind]]
        return recorded_help["instances"][kind] + text[text.index("\n"):]
    raise errors.GradcliError("gradcli's help() shows torch's recorded help of torch's functions, classes, "
                              "their instances and tensor methods; it has none for %s" % _described(request),
                              "TypeError")


_NO_REQUEST = object()  # (help() without an argument: Python's interactive help)


def _described(value):
    """A refused help() request in a message's words: `the script's function 'f'`, `a value of type 'int'`."""
    kind = _class_name(value)
    if kind == "function" and isinstance(getattr(value, "qualname", None), str):  # (a def or lambda of the script)
        return "the script's function '%s'" % value.qualname
    if isinstance(value, type) and classes.is_script_class(value):
        return "the script's class '%s'" % value.__qualname__
    if isinstance(value, Module):
        return "the module '%s'" % value.name
    if isinstance(value, str):  # (pydoc would look the name up among the host's modules)
        return "a name given as a string (help(torch.ones), not help('torch.ones'))"
    return "a value of type '%s'" % kind  # (torch's name of its class, never gradcli's)


def _torch_name(obj):
    """torch's qualified name of a torch function, class or bound tensor method a script holds, or None."""
    if isinstance(getattr(obj, "__self__", None), Tensor):  # x.add: a method of gradcli's Tensor
        return _tensor_methods().get(getattr(obj, "__func__", None))
    try:
        return _torch_names().get(obj)
    except TypeError:  # (an unhashable value: no torch object)
        return None


def _instance_class(value):
    """torch's qualified name of the class of a tensor or a torch object (`torch.nn.Linear`), or None."""
    try:
        found = _torch_names().get(type(value))
    except TypeError:
        found = None
    return found or ("torch.Tensor" if type(value) is Tensor else None)


@functools.lru_cache(maxsize=None)
def _torch_names():
    """Each torch object the script namespace offers, by its first torch name that has a recorded text."""
    found, known = {}, _pydoc()["names"]
    for module in MODULES.values():
        if module.name == "torch" or module.name.startswith("torch."):
            for name, member in module.members.items():
                qualified = "%s.%s" % (module.name, name)
                try:
                    if qualified in known and member not in found:
                        found[member] = qualified
                except TypeError:  # (an unhashable member)
                    pass
    return found


@functools.lru_cache(maxsize=None)
def _tensor_methods():
    """Tensor's methods by the function gradcli's Tensor runs: help(x.add) is torch's help(torch.zeros(1).add)."""
    found = {}
    for name in METHODS:
        function = getattr(Tensor, name, None)
        if function is not None and "torch.Tensor()." + name in _pydoc()["names"]:
            found.setdefault(function, "torch.Tensor()." + name)
    return found


def _pydoc():
    try:
        return recorded("torch_pydoc.json.xz")  # (read on help()'s first call only)
    except ImportError:  # a Python built without liblzma (CPython's installers all have it)
        raise errors.GradcliError("gradcli's help() needs Python's lzma module, which this Python was built "
                                  "without", kind="ModuleNotFoundError") from None


def _isinstance(value, kind):
    if isinstance(kind, tuple):
        return _py.any(_isinstance(value, k) for k in kind)
    if isinstance(kind, ScriptType):  # isinstance(y, type(x))
        kind = kind.named
    kind = guards.PLAIN_TYPES.get(kind, kind)  # str, int, tuple: the builtins' checked stand-ins
    if kind is FUNCTIONS.get("Tensor"):
        return isinstance(value, Tensor)
    if _nameable(kind):
        return isinstance(value, kind)
    raise errors.type_error("isinstance() arg 2 must be a type or tuple of types")


_NAMEABLE_BUILTINS = (float, int, bool, str, list, tuple, dict, set, object, Size, range, map, zip, filter, enumerate,
                      reversed)


def _nameable(kind):
    """Is `kind` a class a script can name (a builtin, one of its own, torch.nn's, an exception class, ...)?"""
    if kind in _NAMEABLE_BUILTINS or classes.is_script_class(kind) or training.is_library_class(kind):
        return True
    if kind.__class__ is type and kind in iterators.NAMED:  # itertools.count, ...
        return True
    return (isinstance(kind, type) and (issubclass(kind, BaseException) or classes.is_subclassable_family(kind))
            or nn.is_class(kind))


def _class_name(value):
    """The qualified name torch shows for the value's class: `torch.Tensor`, `MulBackward0`, `__main__.Net`."""
    if isinstance(value, ScriptType):  # type(type(x)): the class's metaclass
        name = _METACLASSES.get(value.qualified, "type")
    elif isinstance(value, (nn.Parameter, nn.Module)) and nn.qualified_name(type(value)):
        name = nn.qualified_name(type(value))
    elif isinstance(value, Tensor):
        name = "torch.Tensor"
    elif isinstance(value, Size):
        name = "torch.Size"
    elif isinstance(value, (storage.TypedStorage, storage.UntypedStorage)):
        name = "torch.storage." + type(value).__name__
    elif isinstance(value, dtypes.DType):
        name = "torch.dtype"
    elif isinstance(value, ReturnTypes):
        name = "torch.return_types." + value.kind
    elif isinstance(value, numpy_bridge.Array):
        name = "numpy.ndarray"
    elif isinstance(value, np.generic):
        name = "numpy." + type(value).__name__
    elif isinstance(value, FunctionCtx):
        name = "torch.autograd.function." + value.name()
    elif isinstance(value, Node):
        name = value.name().rsplit("::", 1)[-1]  # C++ nodes (torch::autograd::AccumulateGrad) bind unqualified
    elif training.is_own_class(type(value)):  # (a script's subclass of Dataset is the class rules')
        name = training.torch_name(type(value))
    elif not isinstance(value, type) and classes.governs(value):
        name = classes.type_name(type(value))  # `__main__.Net`, `torch.nn.modules.linear.Linear`
    else:  # Python's own classes as Python prints them (`datetime.datetime`, `pathlib.PosixPath`)
        kind = type(value)
        module = kind.__module__
        plain = module == "builtins" or module.startswith("gradcli")
        name = kind.__name__ if plain else module + "." + kind.__qualname__
    return name


_METACLASSES = {"torch.Tensor": "torch._C._TensorMeta",
                "torch.nn.parameter.Parameter": "torch.nn.parameter._ParameterMeta"}


def class_name(kind):
    """A class's `__name__` as a script knows it (a stand-in's is its builtin's: range, not checked_range)."""
    if isinstance(kind, ScriptType):
        return kind.qualified.rsplit(".", 1)[-1]
    return guards.PLAIN_TYPES.get(kind, kind).__name__


def _type_name(value):
    """type(value) as torch prints it: `<class 'torch.Tensor'>`, `<class 'MulBackward0'>`."""
    return "<class '%s'>" % _class_name(value)


class ScriptType:
    """What `type(value)` gives a script: it prints as Python prints the class (`<class 'torch.Tensor'>`), has
    its `__name__`, makes an instance when called, and equals the name the script knows the class by, so that
    `type(x) == torch.Tensor`, `type(1) == int` and `type(net) == Net` hold as in Python. A run has one of each
    class, so `type(x) is type(y)` holds too; `type(1) is int` does not (the class itself stays out of a
    script's reach)."""

    __slots__ = ("qualified", "named")

    def __init__(self, qualified, named):
        self.qualified = qualified  # torch.Tensor, int, __main__.Net
        self.named = named          # what the script's namespace binds the class to (None where it binds none)

    def __repr__(self):
        return "<class '%s'>" % self.qualified

    def __eq__(self, other):
        if isinstance(other, ScriptType):
            return self.qualified == other.qualified
        return self.named is not None and other is self.named

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self.qualified)

    def __call__(self, *args, **kwargs):
        if self.named is None:
            raise errors.type_error("cannot create '%s' instances" % self.qualified)
        return self.named(*args, **kwargs)


# the classes a script names by a stand-in (guards' checked builtins, torch.Tensor's front door)
_STAND_INS = {plain: stand_in for stand_in, plain in guards.PLAIN_TYPES.items()}


class script_type(metaclass=stand_ins.BuiltinType):
    """type(value) for a script (ScriptType)."""
    plain = type

    def __new__(cls, value, *more):
        if more:  # (a count CPython refuses too is refused in its words: lang.sandbox.stand_ins)
            raise errors.type_error("gradcli's type() takes one argument: a script makes a class with `class`")
        kind = type(value)
        if isinstance(value, Tensor) and not isinstance(value, nn.Parameter):
            named = FUNCTIONS.get("Tensor")
        else:  # (a class the script cannot name stays out of reach: its ScriptType only prints and compares)
            named = _STAND_INS.get(kind, kind) if _nameable(kind) else None
        return _interned(_class_name(value), named)


def _interned(qualified, named):
    """The run's one ScriptType of a class, so that `type(x) is type(y)` holds for two values of one class, as
    in Python (kept in the run state: a script's classes live no longer than its run)."""
    state = runstate.current()
    if state.script_types is None:
        state.script_types = {}
    key = (qualified, id(named))  # (the ScriptType holds `named`: its id is not reused while the key is kept)
    found = state.script_types.get(key)
    if found is None:
        found = state.script_types[key] = ScriptType(qualified, named)
    return found


# math spelling: names that Python's builtins also define resolve to torch in one-shot expressions
CLASHING_NAMES = ("sum", "abs", "min", "max", "round", "pow")
# and one-shot expressions read like math: the constants (unless an input has the name) and ln for log
MATH_CONSTANTS = {"pi": math.pi, "e": math.e}


def math_names(expression_mode):
    """Bare torch names for the fallback lookup: every torch and torch.nn.functional function (`gelu(x)`); in
    expression mode they win over Python builtins of the same name (`sum(x)` is torch.sum in `gradcli eval`), and
    pi, e and ln are there."""
    names = Members((FUNCTIONS, NN_FUNCTIONAL))
    if expression_mode:
        names.update(MATH_CONSTANTS, ln=FUNCTIONS["log"])
    return names, (CLASHING_NAMES if expression_mode else ())
