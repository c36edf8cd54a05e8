"""What compiled programs run with: frames of variables, the per-run context, script functions, the control
signals of break/continue/return, and `located`, which turns any exception into a positioned GradcliError."""

from types import MethodType

from . import classes
from ..sandbox import guards, namespace, stand_ins
from .exceptions import CLASSES, ProtocolError, StopProtocol
from ...base import errors
from ...core import limits
from ...base.errors import GradcliError

_MISSING = object()


class _Break(BaseException):
    pass


class _Continue(BaseException):
    pass


class _Return(BaseException):
    def __init__(self, value):
        self.value = value


class Returned(StopIteration):
    """A script's generator has returned: its value is the script's own, which `except StopIteration as e` binds
    (located keeps it, where Python's other exceptions are bound only with plain arguments)."""


def located(exc, position):
    """The exception as a GradcliError carrying `position` (unless an inner one is already there)."""
    if isinstance(exc, GradcliError):
        return exc.at(position)
    if isinstance(exc, (ProtocolError, StopProtocol)):
        return exc.error.at(position)
    if isinstance(exc, RecursionError):
        return GradcliError("maximum recursion depth exceeded", "RecursionError", position)
    if isinstance(exc, MemoryError):
        return limits.memory_error().at(position)
    message = str(exc) if not isinstance(exc, KeyError) else repr(exc.args[0]) if exc.args else ""
    error = GradcliError(message, type(exc).__name__, position)
    if type(exc) in _PLAIN_EXCEPTIONS and all(isinstance(a, _PLAIN_VALUES) for a in exc.args):
        error.value = exc  # what `except ... as e` binds: Python's own exception (a KeyError keeps its key)
    elif type(exc) is Returned:
        error.value = StopIteration(*exc.args)
    return error


_PLAIN_EXCEPTIONS = frozenset(CLASSES.values())
_PLAIN_VALUES = (str, int, float, bool, type(None))


class Frame:
    """Variables of one scope: the module's, or a function call's locals (which see the locals of the
    functions around its def, innermost first, then the module's)."""

    __slots__ = ("vars", "globals", "context", "enclosing")

    def __init__(self, variables, globals_, context, enclosing=()):
        self.vars, self.globals, self.context, self.enclosing = variables, globals_, context, enclosing


class ClassFrame(Frame):
    """A class body's scope: its variables become the class's attributes. The functions defined in it do not see
    them (as in Python), only the scopes around the class (`enclosing`)."""

    __slots__ = ("cell",)  # [the class], once the body has run and the class is made (super() reads it)


class Context:
    """Per-session state shared by all frames: output, builtins, warnings already shown."""

    def __init__(self, write, expression_mode=False):
        self.write = write
        self.builtins = guards.guard_builtins(dict(namespace.make_builtins(write), **SCRIPT_BUILTINS))
        torch_names, clashing = namespace.math_names(expression_mode)
        for name in clashing:
            self.builtins.pop(name, None)
        self.torch_names = torch_names
        self.position = None  # the statement running now, for warnings
        self.main = {}  # the script's module variables (`from __main__ import name`)
        self.warned = set()
        self.depth = 0  # calls of the script's functions under way
        self.handling = []  # the exceptions whose `except` blocks are running (a bare `raise` raises the last)
        self.live = False  # a run is under way (Interpreter._running): a script's generators run only then


class Signature:
    """A def's or a lambda's parameters, as Python binds them: positional ones (`defaults` for the last of them,
    and for keyword-only ones), `*args`, keyword-only ones after it, `**kwargs`."""

    __slots__ = ("positional", "defaults", "star", "keyword_only", "starstar", "plain")

    def __init__(self, positional, defaults, star=None, keyword_only=(), starstar=None):
        self.positional, self.defaults = positional, defaults
        self.star, self.keyword_only, self.starstar = star, keyword_only, starstar
        self.plain = star is None and not keyword_only and starstar is None


class Function:
    """A `def` or a `lambda` of the script. A def inside a def reads (and, with `nonlocal`, rebinds) the enclosing
    call's variables. A Function binds as a method when it is a class attribute (`__get__`), as Python's functions
    do; a method knows its class (`cell`, for `super()`)."""

    def __init__(self, name, signature, body, globals_, context, enclosing=(), qualname=None):
        self.name, self.qualname = name, qualname or name
        self.signature, self.parameters, self.defaults = signature, signature.positional, signature.defaults
        self.body, self.globals, self.context, self.enclosing = body, globals_, context, enclosing
        self.cell = None  # for a method: [its class], filled in once the class statement has made it

    def __get__(self, instance, owner=None):
        return self if instance is None else MethodType(self, instance)

    def __call__(self, *args, **kwargs):
        context = self.context
        context.depth += 1
        try:
            limits.check_recursion(context.depth)
            limits.tick()
            local = self._bind_plain(args, kwargs) if self.signature.plain else self._bind(args, kwargs)
            if self.cell is not None:
                local["__class__"] = self.cell[0]  # what super() reads (no script can name a dunder)
            return self.run(Frame(local, self.globals, context, self.enclosing))
        except GradcliError as error:  # from the body (it has a position then): its traceback gets this call
            raise error.left_function(self.name)
        finally:
            context.depth -= 1

    def run(self, frame):
        try:
            self.body(frame)
        except _Return as signal:
            return signal.value
        return None

    def _bind_plain(self, args, kwargs):
        parameters = self.parameters
        if len(args) > len(parameters):
            raise errors.type_error(self._too_many(len(args)))
        local = dict(zip(parameters, args))
        for name, value in kwargs.items():
            if name not in parameters:
                raise errors.type_error("%s() got an unexpected keyword argument '%s'" % (self.qualname, name))
            if name in local:
                raise errors.type_error("%s() got multiple values for argument '%s'" % (self.qualname, name))
            local[name] = value
        if len(local) < len(parameters):
            self._fill_defaults(local, parameters, "positional")
        return local

    def _bind(self, args, kwargs):
        """Python's binding with *args, keyword-only parameters or **kwargs."""
        signature = self.signature
        parameters = signature.positional
        if len(args) > len(parameters) and signature.star is None:
            raise errors.type_error(self._too_many(len(args)))
        local = dict(zip(parameters, args))
        if signature.star is not None:
            rest = local[signature.star] = tuple(args[len(parameters):])
            limits.check_nesting(rest, "the tuple")  # (a tuple made as a display is: `def f(*a): return a`)
        named = parameters + signature.keyword_only
        extra = {}
        for name, value in kwargs.items():
            if name in named:
                if name in local:
                    raise errors.type_error("%s() got multiple values for argument '%s'" % (self.qualname, name))
                local[name] = value
            elif signature.starstar is not None:
                extra[name] = value
            else:
                raise errors.type_error("%s() got an unexpected keyword argument '%s'" % (self.qualname, name))
        self._fill_defaults(local, parameters, "positional")
        self._fill_defaults(local, signature.keyword_only, "keyword-only")
        if signature.starstar is not None:
            local[signature.starstar] = extra
        return local

    def _fill_defaults(self, local, names, kind):
        missing = [name for name in names if name not in local and name not in self.defaults]
        if missing:
            raise errors.type_error(self._missing(missing, kind))
        for name in names:
            if name not in local:
                local[name] = self.defaults[name]

    def _too_many(self, given):
        return too_many(self.qualname, self.parameters, self.defaults, given)

    def _missing(self, names, kind):
        return missing(self.qualname, names, kind)

    def __repr__(self):
        return "<function %s at %#x>" % (self.qualname, id(self))


class Lambda(Function):
    """`lambda params: expression`: the body is the expression's closure."""

    def run(self, frame):
        return self.body(frame)


def too_many(qualname, parameters, defaults, given):
    """Python's words: 'takes 1 positional argument', 'takes from 1 to 2 positional arguments'."""
    most = len(parameters)
    least = most - sum(1 for p in parameters if p in defaults)
    takes = ("from %d to %d positional arguments" % (least, most) if least != most else
             "%d positional argument%s" % (most, "" if most == 1 else "s"))
    return "%s() takes %s but %d %s given" % (qualname, takes, given, "was" if given == 1 else "were")


def missing(qualname, names, kind):
    """Python's words: "missing 2 required positional arguments: 'x' and 'y'"."""
    quoted = ["'%s'" % n for n in names]
    listed = quoted[0] if len(quoted) == 1 else (
        " and ".join(quoted) if len(quoted) == 2 else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
    return "%s() missing %d required %s argument%s: %s" % (
        qualname, len(names), kind, "" if len(names) == 1 else "s", listed)


Function.__name__ = Lambda.__name__ = "function"  # what Python's messages call them ("'function' object is ...")


def name_of(obj):
    """`obj.__name__`, the one dunder a script may read, of classes and of its own functions (a timing decorator
    prints `fn.__name__`): a str, nothing else reachable through it."""
    if isinstance(obj, (namespace.ScriptType, type)):
        return namespace.class_name(obj)
    if isinstance(obj, stand_ins.builtin_function):
        return obj.__name__
    if isinstance(obj, Function):
        return obj.name
    if isinstance(obj, MethodType) and isinstance(obj.__func__, Function):
        return obj.__func__.name
    raise GradcliError("gradcli does not give access to '__name__'", "AttributeError")


def qualname_of(obj):
    """`obj.__qualname__`: a class's (`Net`, `Outer.Inner`) or a script function's (`Net.forward`), as a str."""
    if isinstance(obj, namespace.ScriptType):
        named = obj.named
        return named.__qualname__ if classes.is_script_class(named) else namespace.class_name(obj)
    if isinstance(obj, type) and classes.is_script_class(obj):
        return obj.__qualname__
    if isinstance(obj, Function):
        return obj.qualname
    if isinstance(obj, MethodType) and isinstance(obj.__func__, Function):
        return obj.__func__.qualname
    if isinstance(obj, (type, stand_ins.builtin_function)):
        return name_of(obj)
    raise GradcliError("gradcli does not give access to '__qualname__'", "AttributeError")


def class_of(obj):
    """`obj.__class__`: exactly what the sandbox's `type(obj)` gives (a ScriptType: it prints, compares, names
    itself, and builds another of its kind where type() does), never the class itself, so nothing of the real
    class (`__mro__`, `__subclasses__`, `__init__.__globals__`) is one more attribute away."""
    return namespace.script_type(obj)


# the dunders a script may read: `super().__init__(...)`, `nn.Module.__init__(self)`, `fn.__name__`,
# `layer.__class__.__name__` (type(layer)'s ScriptType)
DUNDER_READERS = {"__init__": classes.init_of, "__name__": name_of, "__qualname__": qualname_of,
                  "__class__": class_of}


def raised_when_run(error, first=None):
    """A closure raising `error`, found as the script compiled, where Python raises it: when the statement or
    expression runs (after `first(frame)`, the object of `m.__file__`, is evaluated), a fresh copy each time (a
    loop may run it again). An import gradcli cannot bind and a refused dunder read (error.refused) come here."""
    message, kind, position, refused = error.message, error.kind, error.position, error.refused

    def run(frame):
        if first is not None:
            first(frame)
        fresh = GradcliError(message, kind, position)
        fresh.refused = refused
        raise fresh
    return run


def refuses(name, kind="NameError"):
    """The one name gate: whether a script may not bind, read or write `name` (a dunder), but for a module's
    `__version__` read as an attribute (`torch.__version__`, served from the module's own members)."""
    return name[:2] == "__" and not (kind == "AttributeError" and name == "__version__")


def _chosen_name(name):
    """A name a script chose at run time (getattr, setattr): a str, through the gate every binding and attribute
    name passes (no dunder, not even the ones `x.__class__` reads: a computed name reads only the allow-list)."""
    if not isinstance(name, str):
        raise errors.type_error("attribute name must be string, not '%s'" % type(name).__name__)
    if refuses(name, "AttributeError"):
        raise GradcliError("gradcli does not give access to '%s'" % name, "AttributeError")
    return name


_NO_DEFAULT = object()


def script_getattr(obj, name, default=_NO_DEFAULT, /):
    """getattr(obj, name[, default]): `obj.name` on the allow-list (lang.sandbox.namespace.get_attribute)."""
    _chosen_name(name)
    try:
        return namespace.get_attribute(obj, name)
    except GradcliError as error:
        if default is _NO_DEFAULT or error.kind != "AttributeError":
            raise
        return default


def script_setattr(obj, name, value, /):
    """setattr(obj, name, value): `obj.name = value` (lang.sandbox.namespace.set_attribute)."""
    namespace.set_attribute(obj, _chosen_name(name), value)


def script_dir(*obj):
    """dir(obj): torch's list where obj stands for a module or function of torch's (namespace.torch_dir);
    otherwise the names a script may read on obj (the allow-list, and the dunders it may read there), sorted,
    not Python's list of the real object's names, which would name what the sandbox keeps out of reach."""
    if len(obj) != 1:
        raise errors.type_error("gradcli's dir() takes one argument: the object whose names to list"
                                if not obj else "dir expected at most 1 argument, got %d" % len(obj))
    listed = namespace.torch_dir(obj[0])
    if listed is not None:
        return listed
    names = set(namespace.members(obj[0]))
    for name, read in DUNDER_READERS.items():
        try:
            read(obj[0])
        except GradcliError:
            continue
        names.add(name)
    return sorted(names)


SCRIPT_BUILTINS = {"getattr": script_getattr, "setattr": script_setattr, "dir": script_dir}
