"""Library classes that scripts may subclass (`class Net(nn.Module):`), and what scripts may touch on them.

A script's `class` statement accepts as its base `object`, another script class, or a class marked here with
`@subclassable(members=(...))`. For such a base the language makes a real Python subclass, so library code
sees ordinary instances of its own class and finds the script's methods (`forward`, `extra_repr`) by normal
lookup. Everything else of Python's object model stays out of a script's reach: on the library class and its
instances a script reads, calls or sets only the public `members` listed here (no dunders, no private names),
the attributes the script itself set, and the ones the class reports through `attributes` (nn.Module's
registered parameters, buffers and submodules, which live outside the instance's `__dict__`).

This module imports nothing of gradcli: any layer may mark its classes.
"""

_REGISTERED = {}  # class -> (members, attributes)


def subclassable(members=(), attributes=None):
    """Mark a class as a base scripts may extend. `members`: the names scripts may use on the class and its
    instances (methods, properties, class attributes). `attributes(instance)`: optional, the names of an
    instance's dynamic attributes (a container; `in` is all that is asked of it)."""
    def mark(cls):
        _REGISTERED[cls] = (frozenset(members), attributes)
        return cls
    return mark


def is_subclassable(cls):
    """Whether scripts may name `cls` as a base class."""
    return isinstance(cls, type) and cls in _REGISTERED


def library_members(cls):
    """The members scripts may use on `cls` and its instances: those listed by every marked class `cls` derives
    from (empty for a class that derives from none)."""
    names = frozenset()
    for base in getattr(cls, "__mro__", ()):
        entry = _REGISTERED.get(base)
        if entry is not None:
            names |= entry[0]
    return names


def has_dynamic_attribute(instance, name):
    """Whether a marked base of `instance`'s class reports `name` as one of its dynamic attributes."""
    for base in type(instance).__mro__:
        entry = _REGISTERED.get(base)
        if entry is not None and entry[1] is not None and name in entry[1](instance):
            return True
    return False
