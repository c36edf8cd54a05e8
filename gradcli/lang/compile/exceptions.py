"""Exceptions in scripts: the classes a script names (`except RuntimeError as e`, `raise ValueError("...")`),
the value an `except ... as e` binds, and a raised value as gradcli's one error type.

Inside gradcli every failure is a GradcliError whose `kind` is the class torch (or Python) raises. A handler
matches it through that class: Python's own for Python's names, and for torch's own exceptions (GradcheckError)
a subclass of RuntimeError named and placed as torch's. `e` is an instance of that class whose message is
torch's (`print(e)` prints what torch prints). A gradcli limit (LimitError) or a syntax error has no class: no
handler catches it, so a script cannot outlast its limits.
"""

import builtins

from ...base import errors
from ...base.errors import GradcliError
from ...base.subclassable import subclassable
from ...core.limits import check_nested_size

# Python's classes that scripts can name
_PYTHON = ("BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError", "FloatingPointError",
           "FileExistsError", "FileNotFoundError", "GeneratorExit", "ImportError", "IndexError", "KeyError", "LookupError", "MemoryError", "ModuleNotFoundError", "NameError",
           "NotImplementedError", "OSError", "OverflowError", "RecursionError", "RuntimeError", "StopIteration", "TypeError",
           "UnboundLocalError", "ValueError", "ZeroDivisionError", "Warning", "UserWarning", "DeprecationWarning",
           "FutureWarning", "RuntimeWarning")
CLASSES = {name: getattr(builtins, name) for name in _PYTHON}

# A script reads an exception's `args` (and may subclass Exception), nothing else of it.
subclassable(members=("args",))(Exception)
subclassable(members=("args", "value"))(StopIteration)  # a generator's return value (`e.value`)


class ProtocolError(IndexError):
    """A script's IndexError on its way through Python's iteration protocol (`for v in obj` over a class with
    `__getitem__` stops at it, as Python's does); anywhere else it is the script's error again."""

    def __init__(self, error):
        super().__init__(error.message)
        self.error = error


class StopProtocol(StopIteration):
    """A script's StopIteration raised by its __next__, on its way through Python's iteration protocol (list(),
    sum(), a for loop stop at it); anywhere else it is the script's error again (as ProtocolError)."""

    def __init__(self, error):
        super().__init__(error.message)
        self.error = error


def _torch_class(name, module, base=RuntimeError):
    return type(name, (base,), {"__module__": module, "__qualname__": name})


# torch's own exception classes, by the kind gradcli gives their errors
TORCH = {"GradcheckError": _torch_class("GradcheckError", "torch.autograd.gradcheck"),
         "UnpicklingError": _torch_class("UnpicklingError", "_pickle", Exception)}
# the exception classes of the parts of Python's library a script may import (system.py), and numpy's
LIBRARY = {"PackageNotFoundError": _torch_class("PackageNotFoundError", "importlib.metadata", ModuleNotFoundError),
           "AxisError": type("AxisError", (ValueError, IndexError), {"__module__": "numpy.exceptions"})}  # (numpy's)
_BY_KIND = {**CLASSES, **TORCH, **LIBRARY}


def catchable(error):
    """Whether an `except` may catch this GradcliError (not a limit, even one shown as Python's
    RecursionError; not an import gradcli withholds where torch's Python would have done it; not a syntax
    error)."""
    if getattr(error, "limit", None) is not None or getattr(error, "refused", False):
        return False
    return getattr(error, "value", None) is not None or error.kind in _BY_KIND


def exception_value(error):
    """The exception object `except ... as e` binds for a GradcliError: the one a script raised, or one of
    the kind's class carrying torch's message."""
    value = getattr(error, "value", None)
    if value is not None:
        return value
    cls = _BY_KIND[error.kind]
    if cls is KeyError and error.message.startswith(("'", '"')):  # located() spells a KeyError's key with repr
        return cls(error.message[1:-1])
    return cls(error.message)


def check_handler(kinds):
    """An `except` clause's classes: a class or a tuple of classes deriving from BaseException."""
    for kind in kinds if isinstance(kinds, tuple) else (kinds,):
        if not (isinstance(kind, type) and issubclass(kind, BaseException)):
            raise errors.type_error("catching classes that do not inherit from BaseException is not allowed")
    return kinds


def raised(value):
    """`raise value`: the GradcliError standing for it (an exception class is instantiated first)."""
    if isinstance(value, type) and issubclass(value, BaseException):
        value = value()
    if not isinstance(value, BaseException):
        raise errors.type_error("exceptions must derive from BaseException")
    check_nested_size(value)  # its message is written out
    cls = type(value)
    kind = cls.__qualname__ if cls.__module__ in ("builtins", "__main__") else "%s.%s" % (
        cls.__module__, cls.__qualname__)
    message = repr(value.args[0]) if cls is KeyError and len(value.args) == 1 else str(value)
    error = GradcliError(message, kind)
    error.value = value
    return error
