"""What compiled programs run with: frames of variables, the per-run context, script functions, the control
signals of break/continue/return, and `located`, which turns any exception into a positioned GradcliError."""

from . import guards, namespace
from .. import errors
from ..errors import GradcliError

_MISSING = object()


class _Break(BaseException):
    pass


class _Continue(BaseException):
    pass


class _Return(BaseException):
    def __init__(self, value):
        self.value = value


def located(exc, position):
    """The exception as a GradcliError carrying `position` (unless an inner one is already there)."""
    if isinstance(exc, GradcliError):
        return exc.at(position)
    if isinstance(exc, RecursionError):
        return GradcliError("maximum recursion depth exceeded", "RecursionError", position)
    if isinstance(exc, MemoryError):
        return GradcliError("out of memory", "MemoryError", position)
    message = str(exc) if not isinstance(exc, KeyError) else repr(exc.args[0]) if exc.args else ""
    return GradcliError(message, type(exc).__name__, position)


class Frame:
    """Variables of one scope: the module's, or a function call's locals (which see the locals of the
    functions around its def, innermost first, then the module's)."""

    __slots__ = ("vars", "globals", "context", "enclosing")

    def __init__(self, variables, globals_, context, enclosing=()):
        self.vars, self.globals, self.context, self.enclosing = variables, globals_, context, enclosing


class Context:
    """Per-session state shared by all frames: output, builtins, warnings already shown."""

    def __init__(self, write, expression_mode=False):
        self.write = write
        self.builtins = guards.guard_builtins(namespace.make_builtins(write))
        torch_names, clashing = namespace.math_names(expression_mode)
        for name in clashing:
            self.builtins.pop(name, None)
        self.torch_names = torch_names
        self.position = None  # the statement running now, for warnings
        self.warned = set()


class Function:
    """A `def` of the script: positional and default parameters; a def inside a def reads the enclosing
    call's variables (as they are when it runs, like Python's closures; it cannot rebind them)."""

    def __init__(self, name, parameters, defaults, body, globals_, context, enclosing=()):
        self.name, self.parameters, self.defaults = name, parameters, defaults
        self.body, self.globals, self.context, self.enclosing = body, globals_, context, enclosing

    def __call__(self, *args, **kwargs):
        if len(args) > len(self.parameters):
            raise errors.type_error(self._too_many(len(args)))
        local = dict(zip(self.parameters, args))
        for name, value in kwargs.items():
            if name not in self.parameters:
                raise errors.type_error("%s() got an unexpected keyword argument '%s'" % (self.name, name))
            if name in local:
                raise errors.type_error("%s() got multiple values for argument '%s'" % (self.name, name))
            local[name] = value
        missing = [name for name in self.parameters if name not in local and name not in self.defaults]
        if missing:
            raise errors.type_error(self._missing(missing))
        for name in self.parameters:
            if name not in local:
                local[name] = self.defaults[name]
        try:
            self.body(Frame(local, self.globals, self.context, self.enclosing))
        except _Return as signal:
            return signal.value
        return None

    def _too_many(self, given):
        """Python's words: 'takes 1 positional argument', 'takes from 1 to 2 positional arguments'."""
        most = len(self.parameters)
        least = most - sum(1 for p in self.parameters if p in self.defaults)
        takes = ("from %d to %d positional arguments" % (least, most) if least != most else
                 "%d positional argument%s" % (most, "" if most == 1 else "s"))
        return "%s() takes %s but %d %s given" % (self.name, takes, given, "was" if given == 1 else "were")

    def _missing(self, names):
        """Python's words: "missing 2 required positional arguments: 'x' and 'y'"."""
        quoted = ["'%s'" % n for n in names]
        listed = quoted[0] if len(quoted) == 1 else (
            " and ".join(quoted) if len(quoted) == 2 else ", ".join(quoted[:-1]) + ", and " + quoted[-1])
        return "%s() missing %d required positional argument%s: %s" % (
            self.name, len(names), "" if len(names) == 1 else "s", listed)

    def __repr__(self):
        return "<function %s at %#x>" % (self.name, id(self))
