"""What compiled programs run with: frames of variables, the per-run context, script functions, the control
signals of break/continue/return, and `located`, which turns any exception into a positioned GradcliError."""

from . import namespace
from .. import errors, limits
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
        self.builtins = limits.guard_builtins(namespace.make_builtins(write))
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
            raise errors.type_error("%s() takes %d positional arguments but %d were given"
                                    % (self.name, len(self.parameters), len(args)))
        local = dict(zip(self.parameters, args))
        for name, value in kwargs.items():
            if name not in self.parameters:
                raise errors.type_error("%s() got an unexpected keyword argument '%s'" % (self.name, name))
            if name in local:
                raise errors.type_error("%s() got multiple values for argument '%s'" % (self.name, name))
            local[name] = value
        for name in self.parameters:
            if name not in local:
                if name not in self.defaults:
                    raise errors.type_error("%s() missing 1 required positional argument: '%s'" % (self.name, name))
                local[name] = self.defaults[name]
        try:
            self.body(Frame(local, self.globals, self.context, self.enclosing))
        except _Return as signal:
            return signal.value
        return None

    def __repr__(self):
        return "<function %s at %#x>" % (self.name, id(self))
