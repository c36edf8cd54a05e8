"""torch.nn's containers: Sequential, ModuleList, ModuleDict, ParameterList and ParameterDict (torch's
container.py)."""

import collections
import operator

from .module import Module, _addindent, typename
from .parameter import Parameter
from ...core.tensor import Tensor
from ...base.subclassable import subclassable

_LIST_MEMBERS = ("append", "extend", "insert", "pop")


def _index(container, idx):
    """An integer index into a container of n modules, as a non-negative int (torch's IndexError otherwise)."""
    idx = operator.index(idx)
    n = len(container)
    if not -n <= idx < n:
        raise IndexError("index %d is out of range" % idx)
    return idx % n if n else idx


def _renumber(container):
    container.__dict__["_modules"] = dict(
        (str(i), module) for i, module in enumerate(container._modules.values()))


@subclassable(members=_LIST_MEMBERS)
class Sequential(Module):
    """Modules called one after another: Sequential(a, b, c)(x) is c(b(a(x))). Built from modules (named 0, 1,
    ...) or from one OrderedDict of named modules."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], collections.OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for i, module in enumerate(args):
                self.add_module(str(i), module)

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(collections.OrderedDict(list(self._modules.items())[idx]))
        return list(self._modules.values())[_index(self, idx)]

    def __setitem__(self, idx, module):
        setattr(self, list(self._modules)[_index(self, idx)], module)

    def __delitem__(self, idx):
        keys = list(self._modules)
        for key in (keys[idx] if isinstance(idx, slice) else [keys[_index(self, idx)]]):
            delattr(self, key)
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __add__(self, other):
        if not isinstance(other, Sequential):
            raise ValueError("add operator supports only objects of Sequential class, but %s is given."
                             % str(type(other)))
        return Sequential(*self, *other)

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for module in modules:
            self.append(module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError("module should be of type: %s" % Module)
        n = len(self._modules)
        if not -n <= index <= n:
            raise IndexError("Index out of range: %d" % index)
        index = index + n if index < 0 else index
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def pop(self, key):
        module = self[key]
        del self[key]
        return module


@subclassable(members=_LIST_MEMBERS)
class ModuleList(Module):
    """A list of modules whose parameters belong to the module holding it. Its repr folds runs of equal
    submodules (`(0-2): 3 x Linear(...)`), as torch's does."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(list(self._modules.values())[idx])
        return self._modules[str(_index(self, idx))]

    def __setitem__(self, idx, module):
        setattr(self, str(_index(self, idx)), module)

    def __delitem__(self, idx):
        for k in (range(len(self))[idx] if isinstance(idx, slice) else [_index(self, idx)]):
            delattr(self, str(k))
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        return ModuleList(list(self) + list(other))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        try:
            modules = list(modules)
        except TypeError:
            raise TypeError("ModuleList.extend should be called with an iterable, but got "
                            + type(modules).__name__) from None
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self

    def insert(self, index, module):
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def pop(self, key):
        module = self[key]
        del self[key]
        return module

    def __repr__(self):
        reprs = [repr(module) for module in self]
        if not reprs:
            return self._get_name() + "()"
        runs = []  # [first, last, repr] of each run of equal reprs
        for i, text in enumerate(reprs):
            if runs and runs[-1][2] == text:
                runs[-1][1] = i
            else:
                runs.append([i, i, text])
        lines = []
        for first, last, text in runs:
            line = "(%d): %s" % (first, text) if first == last else "(%d-%d): %d x %s" % (
                first, last, last - first + 1, text)
            lines.append(_addindent(line, 2))
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"

    __str__ = __repr__


@subclassable(members=("keys", "items", "values", "update", "clear", "pop"))
class ModuleDict(Module):
    """A dict of modules (in insertion order) whose parameters belong to the module holding it."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def clear(self):
        self._modules.clear()

    def pop(self, key):
        module = self[key]
        del self[key]
        return module

    def update(self, modules):
        if isinstance(modules, (dict, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
            return
        for j, pair in enumerate(modules):
            if len(pair) != 2:
                raise ValueError("ModuleDict update sequence element #%d has length %d; 2 is required"
                                 % (j, len(pair)))
            self[pair[0]] = pair[1]


def _parameter_line(key, value, type_text):
    """One line of ParameterList's and ParameterDict's repr: the parameter's dtype (or type) and size only."""
    if isinstance(value, Tensor):
        return "  (%s): %s containing: [%s of size %s]" % (
            key, "Parameter" if isinstance(value, Parameter) else "Tensor", type_text(value),
            "x".join(str(size) for size in value.size()))
    return "  (%s): Object of type: %s" % (key, type(value).__name__)


def _as_parameter(value):
    return Parameter(value) if isinstance(value, Tensor) and not isinstance(value, Parameter) else value


@subclassable(members=("append", "extend"))
class ParameterList(Module):
    """A list of parameters (a tensor put in becomes a Parameter), registered under "0", "1", ... so that the
    module holding it owns them."""

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            out = type(self)()
            for i in range(*idx.indices(len(self))):
                out.append(self[i])
            return out
        return getattr(self, str(_index(self, idx)))

    def __setitem__(self, idx, param):
        setattr(self, str(_index(self, idx)), _as_parameter(param))

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        self._size += 1
        self[len(self) - 1] = value
        return self

    def extend(self, values):
        if isinstance(values, Tensor) or not hasattr(values, "__iter__"):
            raise TypeError("ParameterList.extend should be called with an iterable, but got "
                            + type(values).__name__)
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        return "\n".join(_parameter_line(k, p, lambda t: str(t.dtype)) for k, p in enumerate(self))

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")


@subclassable(members=("keys", "items", "values", "update", "clear", "pop", "get", "setdefault", "copy",
                       "popitem", "fromkeys"))
class ParameterDict(Module):
    """A dict of parameters by string key (a tensor put in becomes a Parameter); a plain dict given to update
    goes in sorted by key, an OrderedDict or pairs in their order, as torch's does."""

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError("Index given to ParameterDict cannot be used as a key as it is not a string (type is "
                            "'%s'). Open an issue on github if you need non-string keys." % type(key).__name__)
        return key

    def __getitem__(self, key):
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key, value):
        self._keys[key] = None
        setattr(self, self._key_to_attr(key), _as_parameter(value))

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __contains__(self, key):
        return key in self._keys

    def copy(self):
        return ParameterDict(collections.OrderedDict((k, self[k]) for k in self._keys))

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        for key in list(self._keys):
            del self[key]

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def popitem(self):
        key = list(self._keys)[-1]
        return key, self.pop(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict([(k, default) for k in keys])

    def keys(self):
        return self._keys.keys()

    def items(self):
        return [(k, self[k]) for k in self._keys]

    def values(self):
        return [self[k] for k in self._keys]

    def update(self, parameters):
        if not hasattr(parameters, "__iter__"):
            raise TypeError("ParametersDict.update should be called with an iterable of key/value pairs, but got "
                            + type(parameters).__name__)
        if isinstance(parameters, (collections.OrderedDict, ParameterDict)):
            pairs = parameters.items()
        elif isinstance(parameters, dict):
            pairs = sorted(parameters.items())
        else:
            pairs = list(parameters)
            for j, pair in enumerate(pairs):
                if not hasattr(pair, "__iter__"):
                    raise TypeError("ParameterDict update sequence element #%d should be Iterable; is%s"
                                    % (j, type(pair).__name__))
                if len(pair) != 2:
                    raise ValueError("ParameterDict update sequence element #%d has length %d; 2 is required"
                                     % (j, len(pair)))
        for key, value in pairs:
            self[key] = value

    def extra_repr(self):
        return "\n".join(_parameter_line(k, p, typename) for k, p in self.items())
