"""Script classes: what a `class` statement makes, and what a script may touch on classes and their instances.

A script class is a real Python class, `type(name, (base,), namespace)`, whose methods are the script's
Functions (they bind as Python's functions do): library code, Python's operators and the builtins (calling,
`len`, `repr`, indexing) find them by ordinary lookup, and an nn.Module subclass is an ordinary nn.Module to the
library. What a script reaches through an attribute is decided here, never by Python's object model:

- on a script class and its instances: the names its class bodies (and later assignments to the class) define,
  and on an instance the attributes the script set on it;
- on a library class marked subclassable (gradcli.base.subclassable) and its instances: the members it lists and the
  dynamic attributes it reports;
- `__init__` of a base, through `super()` or `Base.__init__(self)`; no other dunder, nothing of a library
  base's private state.

Each script class records its names as `__gradcli_names__`, and an instance of one with a library base the
names the script set on it as `__gradcli_set__`: dunders, which no script can name.
"""

from types import FunctionType

from .exceptions import ProtocolError, StopProtocol
from ...base import errors
from ...base.subclassable import has_dynamic_attribute, is_subclassable, library_members

_NAMES = "__gradcli_names__"
_SET = "__gradcli_set__"

# the dunder methods a class body may define: what tutorials use (micrograd's Value is all operators), each with
# Python's meaning. Python's operators, builtins and containers find them by ordinary lookup, so they may run
# inside library code (sorted's __lt__, a dict's __hash__ and __eq__, list()'s __next__): every call of a script
# Function ticks the run's iteration budget (runtime.Function.__call__), whoever calls it. Never those that would
# run script code where no script asked (__del__ when collected, __getattr__/__getattribute__/__setattr__ on
# every attribute, descriptors' __get__/__set__, __init_subclass__, __set_name__, __class_getitem__), nor
# __new__, __class__ or __dict__.
_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor")
DUNDER_METHODS = frozenset(
    ("__init__", "__call__", "__repr__", "__str__", "__len__", "__getitem__", "__setitem__", "__contains__",
     "__enter__", "__exit__", "__iter__", "__next__", "__bool__", "__hash__", "__eq__", "__ne__", "__lt__",
     "__le__", "__gt__", "__ge__", "__neg__", "__pos__", "__abs__", "__invert__")
    + tuple("__%s%s__" % (side, op) for op in _OPERATORS for side in ("", "r", "i")))
DUNDER_SUMMARY = ("__init__, __call__, __repr__, __str__, the operators (__add__, __radd__, __iadd__, ...), the "
                  "comparisons, __hash__, __bool__, __len__, __getitem__, __setitem__, __contains__, __iter__, "
                  "__next__, __enter__, __exit__")


def is_script_class(value):
    return isinstance(value, type) and _NAMES in value.__dict__


def is_script_instance(value):
    return _NAMES in type(value).__dict__


def check_base(base):
    """The one base a script class may have: object, a script class, or a library class marked subclassable."""
    if base is object or is_script_class(base) or is_subclassable(base):
        return base
    if isinstance(base, type):
        raise errors.type_error("gradcli cannot subclass '%s': a class may derive from object, a class of the "
                                "script, torch.nn.Module, torch.autograd.Function or Exception" % base.__name__)
    raise errors.type_error("a class can only derive from a class, not from %s" % _kind(base))


def make_class(name, qualname, base, namespace):
    """The class of a `class` statement whose body filled `namespace`."""
    body = dict(namespace)
    body.update({"__module__": "__main__", "__qualname__": qualname, _NAMES: set(namespace)})
    for method, kind, protocol in _PROTOCOLS:
        if callable(body.get(method)):
            body[method] = _in_protocol(body[method], kind, protocol)
    return type(name, (base,), body)


def _in_protocol(method, kind, protocol):
    """A script's __getitem__ or __next__ as Python's protocols call it: its IndexError (StopIteration) is one to
    Python (so that iterating over the object stops there), still the script's own error with its place
    elsewhere (runtime.located unwraps it)."""
    def called(self, *args):
        try:
            return method.__get__(self)(*args)
        except errors.GradcliError as error:
            if error.kind == kind:
                raise protocol(error) from None
            raise
    called.__name__ = called.__qualname__ = getattr(method, "name", "method")
    return called


_PROTOCOLS = (("__getitem__", "IndexError", ProtocolError), ("__next__", "StopIteration", StopProtocol))


def _script_names(cls):
    names = set()
    for klass in cls.__mro__:
        own = klass.__dict__.get(_NAMES)
        if own is not None:
            names |= own
    return names


def _has_library_base(cls):
    return any(is_subclassable(klass) for klass in cls.__mro__)


def _kind(value):
    return "'%s'" % type(value).__name__


def _no_attribute(obj, name):
    if isinstance(obj, type):
        return errors.GradcliError("type object '%s' has no attribute '%s'" % (obj.__name__, name), "AttributeError")
    return errors.GradcliError("'%s' object has no attribute '%s'" % (type(obj).__name__, name), "AttributeError")


# ---------------------------------------------------------------- reading
def governs(obj):
    """Whether what a script reads on `obj` is decided here: a script class or an instance of one, a library
    class marked subclassable (or derived from one) or an instance of it, a super() object."""
    if isinstance(obj, type):
        return is_script_class(obj) or is_subclassable_family(obj)
    return isinstance(obj, super) or _NAMES in type(obj).__dict__ or is_subclassable_family(type(obj))


def readable(obj, name):
    """Whether a script may read `obj.name` (`obj` being one that `governs` answers for)."""
    cls = type(obj)
    if isinstance(obj, type):
        return (is_script_class(obj) and name in _script_names(obj)) or name in library_members(obj)
    if isinstance(obj, super):
        start = obj.__thisclass__
        after = obj.__self_class__.__mro__
        after = after[after.index(start) + 1:] if start in after else ()
        return any(name in klass.__dict__.get(_NAMES, ()) for klass in after) or name in library_members(start)
    if _NAMES in cls.__dict__:
        own = getattr(obj, "__dict__", {})
        if name in own and (name in own.get(_SET, ()) or not _has_library_base(cls)):
            return True
        return name in _script_names(cls) or name in library_members(cls) or has_dynamic_attribute(obj, name)
    return name in library_members(cls) or has_dynamic_attribute(obj, name)


def is_subclassable_family(cls):
    """A library class marked subclassable, or one deriving from such a class (nn.Linear from nn.Module)."""
    return any(is_subclassable(klass) for klass in cls.__mro__)


def get_attribute(obj, name):
    """obj.name where `readable` allows it; Python's AttributeError otherwise. A library class's own function
    read through the class (`nn.ReLU.extra_repr`) takes instances of that class only."""
    if not readable(obj, name):
        raise _no_attribute(obj, name)
    try:
        value = getattr(obj, name)
    except AttributeError:
        raise _no_attribute(obj, name) from None
    return _bound_to(obj, value) if isinstance(obj, type) and not is_script_class(obj) else value


def _bound_to(cls, function):
    """`function` (read on the library class `cls`), refusing a first argument that is not an instance of
    `cls`: library methods run on their own types only (never on a script object shaped to reach their
    getattr and setattr)."""
    if not isinstance(function, FunctionType):
        return function

    def method(*args, **kwargs):
        if not args or not isinstance(args[0], cls):
            raise errors.GradcliError("descriptor '%s' for '%s' objects doesn't apply to a '%s' object"
                                      % (function.__name__, cls.__name__,
                                         type(args[0]).__name__ if args else "NoneType"), "TypeError")
        return function(*args, **kwargs)
    method.__name__ = method.__qualname__ = function.__name__
    return method


def init_of(obj):
    """`Base.__init__` / `super().__init__`: the one dunder a script reads, on a super() object or a class."""
    if isinstance(obj, super) or is_script_class(obj):
        return obj.__init__
    if isinstance(obj, type) and is_subclassable_family(obj):
        return _bound_to(obj, obj.__init__)
    raise errors.GradcliError("gradcli does not give access to '__init__'", "AttributeError")


# ---------------------------------------------------------------- writing
def settable(obj):
    """Whether `obj` is a script class or an instance of one (whose attributes a script may set)."""
    return is_script_class(obj) or is_script_instance(obj)


def set_attribute(obj, name, value):
    if isinstance(obj, type):
        if not is_script_class(obj):
            raise errors.GradcliError("cannot set '%s' attribute of library type '%s'" % (name, obj.__name__),
                                      "TypeError")
        setattr(obj, name, value)
        obj.__dict__[_NAMES].add(name)
        return
    setattr(obj, name, value)  # through the class's own __setattr__: nn.Module registers parameters
    if _has_library_base(type(obj)):
        own = obj.__dict__
        if _SET not in own:
            object.__setattr__(obj, _SET, set())  # (past nn.Module's __setattr__, which would register it)
        own[_SET].add(name)


def type_name(cls):
    """How `type(x)` shows a script or library class: `__main__.Net`, `torch.nn.modules.linear.Linear`."""
    module = cls.__module__
    return cls.__qualname__ if module == "builtins" else "%s.%s" % (module, cls.__qualname__)
