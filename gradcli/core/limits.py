"""Resource limits: the one place holding their defaults, environment variables, CLI options and checks.

gradcli runs text from anyone, so every way a script could exhaust memory, time or the C stack is bounded here
and refused *before* the work is done, with a message naming the limit and how to raise it:

    max_elements     elements of one string, list or range (a script's Python values)
    max_tensor_bytes bytes of one tensor or numpy array (checked before numpy allocates): its elements times its
                     dtype's size, 8 (the widest) where an op's result dtype is not worked out before the check
    max_iterations   loop iterations plus calls of the script's own functions, per run (`while True: pass` ends)
    max_depth        nesting of expressions and blocks (brackets, operator chains): the compiler recurses
    max_recursion    depth of calls of the script's own functions
    max_script_size  characters of one script or expression
    max_int_bits     bits of a Python integer made by `*` or `**` (`10**10**10` would take hours)
    max_nesting      depth of values that CPython walks recursively in C without a check (hashing nested tuples,
                     a chain of map/zip/filter iterators, freeing a chain of properties or slices): past some
                     10^4 levels the C stack overflows

Each is set by `--max-...` (the CLI calls `configure`), else by `GRADCLI_MAX_...`, else its default. Stdlib only:
the core layer checks sizes here (`check_numel`, `check_nested_size`, ...), the language layer its run's budget
(`start_run`, `tick`, ...). The guards on the Python values a script builds (`"a" * n`, `10**n`, `str.center`)
are the language's: lang.sandbox.guards.
"""

import itertools
import os
import re
import sys
from collections.abc import ItemsView, KeysView, ValuesView

from ..base.errors import GradcliError, Position
from ..base.runstate import ProcessWide, current as current_run, lookup


class Limit:
    __slots__ = ("name", "default", "what", "kind")

    def __init__(self, name, default, what, kind="LimitError"):
        self.name, self.default, self.what = name, default, what
        self.kind = kind  # the error's kind: Python's own where Python has that limit too

    @property
    def env(self):
        return "GRADCLI_" + self.name.upper()

    @property
    def option(self):
        return "--" + self.name.replace("_", "-")


LIMITS = {limit.name: limit for limit in (
    Limit("max_elements", 10 ** 8, "elements per string, list or range"),
    Limit("max_tensor_bytes", 8 * 10 ** 8, "bytes per tensor or array"),
    Limit("max_iterations", 10 ** 7, "loop iterations and function calls per run"),
    Limit("max_depth", 100, "levels of nesting in an expression or block", "SyntaxError"),
    Limit("max_recursion", 200, "nested calls of the script's own functions", "RecursionError"),
    Limit("max_script_size", 4 * 10 ** 6, "characters per script or expression"),  # ~1 GB parsed
    Limit("max_int_bits", 10 ** 5, "bits per integer built by * or **"),
    Limit("max_nesting", 1000, "levels of tuples in tuples, iterators over iterators, properties or slices"),
)}

_overrides = {}   # set by configure() (the CLI's options); they win over the environment
_values = None    # name -> value, resolved lazily (see current)


def configure(**values):
    """Set limits for this process (None leaves a limit to its environment variable or default)."""
    global _values
    for name, value in values.items():
        if name not in LIMITS:
            raise KeyError(name)
        if value is not None:
            _overrides[name] = _positive(value, LIMITS[name].option)
        else:
            _overrides.pop(name, None)
    _values = None


def reset():
    """Forget --max-... overrides and re-read the environment (tests)."""
    global _values
    _overrides.clear()
    _values = None


def current():
    """name -> value of every limit, resolved once: option, else environment, else default."""
    global _values
    if _values is None:
        values = {}
        for limit in LIMITS.values():
            if limit.name in _overrides:
                values[limit.name] = _overrides[limit.name]
            elif os.environ.get(limit.env, "").strip():
                values[limit.name] = _positive(os.environ[limit.env], limit.env)
            else:
                values[limit.name] = limit.default
        _values = values
    return _values


def _positive(text, source):
    try:
        value = int(str(text).strip().replace("_", ""))
    except ValueError:
        value = 0
    if value <= 0:
        raise GradcliError("%s must be a positive integer, got %r" % (source, text), "UsageError")
    return value


def exceeded(name, detail):
    """The error for `name` being exceeded: what happened, the limit, and how to raise it."""
    limit = LIMITS[name]
    error = GradcliError("%s (the limit is %d %s; raise it with %s N or %s=N)"
                         % (detail, current()[name], limit.what, limit.option, limit.env), limit.kind)
    error.limit = name  # whatever its kind shows (RecursionError), no `except` of the script catches it
    return error


# ---------------------------------------------------------------- the envelope (the OS enforces it)
# max_memory (bytes) and timeout (seconds, CPU and wall clock) bound a whole script, in a worker process that
# gradcli.app.isolation starts: resource limits there, so that they hold where a check above is missing. They
# are read as the limits above are (option, then environment, then default); 0 or "none" switches one off.
ENVELOPE = {
    "max_memory": Limit("max_memory", None, "of memory per script"),
    "timeout": Limit("timeout", None, "seconds per script, of CPU and of wall clock"),
}
BATCH_TIMEOUT = 60.0    # seconds: a batch or an isolated library call is bounded unless told otherwise
MEMORY_SHARE = 4        # the default max_memory is the machine's memory / MEMORY_SHARE (one of a few jobs)
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_envelope = {}          # name -> value set by configure_envelope (None: not given)


def configure_envelope(max_memory=None, timeout=None):
    """Set --max-memory ("2G", "512M", bytes; "0"/"none": off) and --timeout (seconds; "0"/"none": off)."""
    _envelope.clear()
    if max_memory is not None:
        _envelope["max_memory"] = parse_memory(max_memory, "--max-memory")
    if timeout is not None:
        _envelope["timeout"] = parse_seconds(timeout, "--timeout")


def parse_memory(text, source):
    """Bytes from "2G", "512MB", "1.5g" or a number of bytes; 0 or "none" is None (no limit)."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text) or None
    match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([kmgt]?)(i?b)?\s*", str(text), re.I)
    if str(text).strip().lower() == "none":
        return None
    if match is None:
        raise GradcliError("%s must be a size such as 2G or 512M, got %r" % (source, text), "UsageError")
    return int(float(match.group(1)) * _UNITS[match.group(2).upper()]) or None


def parse_seconds(text, source):
    """Seconds from "30" or "2.5"; 0 or "none" is None (no limit)."""
    if str(text).strip().lower() == "none":
        return None
    try:
        value = float(text)
    except (TypeError, ValueError):
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise GradcliError("%s must be a number of seconds, got %r" % (source, text), "UsageError")
    return value or None


def max_memory():
    """The memory a script may use, in bytes (None: no limit): option, environment, else a share of the
    machine's memory."""
    if "max_memory" in _envelope:
        return _envelope["max_memory"]
    if os.environ.get("GRADCLI_MAX_MEMORY", "").strip():
        return parse_memory(os.environ["GRADCLI_MAX_MEMORY"], "GRADCLI_MAX_MEMORY")
    physical = physical_memory()
    return max(physical // MEMORY_SHARE, 1 << 30) if physical else None


def timeout(default=None):
    """The seconds a script may run (None: no limit): option, environment, else `default` (off for one
    script run from a terminal, BATCH_TIMEOUT for batches and isolated library calls)."""
    if "timeout" in _envelope:
        return _envelope["timeout"]
    if os.environ.get("GRADCLI_TIMEOUT", "").strip():
        return parse_seconds(os.environ["GRADCLI_TIMEOUT"], "GRADCLI_TIMEOUT")
    return default


def physical_memory():
    """The machine's memory in bytes, or None where the platform does not say (the default is then none)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # (Windows has no sysconf)
        return None


def format_bytes(n):
    """2G, 1.5G, 512M: as --max-memory takes it."""
    for unit in ("T", "G", "M", "K"):
        if n >= _UNITS[unit]:
            return "%g%s" % (round(n / _UNITS[unit], 1), unit)
    return "%d" % n


def envelope_exceeded(name, detail, value):
    """The LimitError of an envelope limit: what happened, the limit, how to raise it."""
    limit = ENVELOPE[name]
    shown = format_bytes(value) if name == "max_memory" else "%g" % value
    hint = "SIZE" if name == "max_memory" else "SECONDS"
    return GradcliError("%s (the limit is %s %s; raise it with %s %s or %s=%s)"
                        % (detail, shown, limit.what, limit.option, hint, limit.env, hint), "LimitError")


_memory_in_force = None  # bytes, set by whoever bounded this process's address space (bound_address_space)
_address_space = None    # (setrlimit, RLIMIT_AS, (soft, hard) as enforced, with the reserve given back), or None
_reserve_given = False

# Bytes of address space held back below the envelope's hard limit. When a script fills memory with small
# objects (`b.extend(range(10**8))`), even the 32-byte int CPython makes to unwind through a `with` or an
# unmatched `except` cannot be had, and CPython 3.11-3.13 then retries for ever, holding the GIL: no signal or
# timer can end it. The first MemoryError that reaches gradcli gives the reserve back (memory_error).
MEMORY_RESERVE = 16 << 20


def bound_address_space(memory, shared_hard=False):
    """Bound this process's address space to `memory` bytes (RLIMIT_AS), or to the hard limit it inherited
    (`ulimit -v`) where that is lower, MEMORY_RESERVE below it; `shared_hard`: keep the inherited hard
    limit (a process that forks workers, which set their own). Returns the bytes enforced, or None where the
    platform has no such limit or refuses it. MemoryError then means this limit's LimitError."""
    global _memory_in_force, _address_space, _reserve_given
    try:
        import resource
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]  # (a soft limit can be raised up to it)
        limit = memory if hard == resource.RLIM_INFINITY else min(memory, hard - MEMORY_RESERVE)
        if limit <= 0:
            return None
        top = hard if shared_hard else limit + MEMORY_RESERVE
        enforced, given_back = (limit, top), (limit + MEMORY_RESERVE, top)
        resource.setrlimit(resource.RLIMIT_AS, enforced)
    except (ImportError, ValueError, OSError):
        return None
    _memory_in_force, _reserve_given = limit, False
    _address_space = (resource.setrlimit, resource.RLIMIT_AS, enforced, given_back)
    return limit


def _set_address_space(which):
    """RLIMIT_AS as enforced (2) or with the reserve given back (3); allocates nothing before the call."""
    setrlimit, kind = _address_space[0], _address_space[1]
    try:
        setrlimit(kind, _address_space[which])
    except (ValueError, OSError):
        pass


def memory_error():
    """What a MemoryError means here: the envelope's limit where one is in force, else plain out of memory.
    The reserve is given back first, so that what follows (unwinding, the message) has memory to run in."""
    global _reserve_given
    if _address_space is not None and not _reserve_given:
        _reserve_given = True
        _set_address_space(3)
    if _memory_in_force:
        return envelope_exceeded("max_memory", "the script ran out of memory", _memory_in_force)
    return GradcliError("out of memory", "MemoryError")


def hold_reserve():
    """A run starts: the reserve a previous run's MemoryError gave back is held back again."""
    global _reserve_given
    if _reserve_given:
        _reserve_given = False
        _set_address_space(2)


# ---------------------------------------------------------------- sizes (core layer)
def check_numel(shape, what="the tensor", itemsize=8):
    """Refuse a tensor of `shape`, of elements of `itemsize` bytes (the widest dtype's when not given), before it
    is allocated."""
    n = 1
    for d in shape:
        if d.__class__ is not int:
            d = int(d)
        n *= d if d > 0 else 0
    if n * itemsize > (_values or current())["max_tensor_bytes"]:
        raise exceeded("max_tensor_bytes", "%s would have %d elements (%d bytes)" % (what, n, n * itemsize))


_ONE_ELEMENT = frozenset((bool, int, float, complex, type(None)))  # python numbers, and clamp's absent bound


def check_broadcast(arrays):
    """Refuse an op whose broadcast result would be too big. The product of the operands' sizes bounds the
    result's size, so the exact shape is only worked out when that bound is over the limit."""
    bound = 1
    for a in arrays:
        if a.__class__ not in _ONE_ELEMENT:
            bound *= a.size  # numpy arrays and scalars
    if bound * 8 > (_values or current())["max_tensor_bytes"]:  # (8: the widest dtype's size)
        import numpy as np
        # the result's dtype is promoted from the operands': it is as wide as the widest of them
        itemsize = max((a.itemsize for a in arrays if a.__class__ not in _ONE_ELEMENT), default=8)
        shapes = [a.shape for a in arrays if a.__class__ is np.ndarray]
        try:
            shape = np.broadcast_shapes(*shapes)
        except ValueError:
            return  # the op reports the mismatch itself
        check_numel(shape, "the result", itemsize)


def check_length(n, what="the result"):
    if n > current()["max_elements"]:
        raise exceeded("max_elements", "%s would have %d elements" % (what, n))


def sized(items, have, what):
    """`items` as the items of something of `have` items already copies them (f(*items), list.extend,
    tuple(items), +=): their number checked on the value, before any copy. A list, tuple, string, dict, set or
    view is checked by its length and given back as it is; any other iterable is taken up to the limit, into a
    list (an iterator over the very list being extended would feed it for ever)."""
    limit = (_values or current())["max_elements"]
    if items.__class__ in _SIZED:
        if have + len(items) > limit:
            raise exceeded("max_elements", "%s would have %d elements" % (what, have + len(items)))
        return items
    taken = list(itertools.islice(items, max(limit - have, 0) + 1))
    if have + len(taken) > limit:
        raise exceeded("max_elements", "%s would have more than %d elements" % (what, limit))
    return taken


# ---------------------------------------------------------------- the run's budget (language layer)
def start_run():
    """A run (script, REPL input or expression) starts: a fresh iteration budget, in its run state."""
    current_run().iterations_left = current()["max_iterations"]
    if _reserve_given:
        hold_reserve()


def _room_for_recursion():
    """Python's recursion limit deep enough for max_depth and max_recursion; returns the host's limit."""
    values = current()
    host_limit = sys.getrecursionlimit()
    # about 6 Python frames per call of a script function, 4 per level of nesting, and slack for numpy/printing
    needed = 8 * values["max_recursion"] + 6 * values["max_depth"] + 1000
    if host_limit < needed:
        sys.setrecursionlimit(needed)
    return host_limit


# `with recursion_room:` room for deep recursion, so that gradcli's own limits are the ones that trigger; the
# host's limit is back when the last run that needed the room ends (the limit is one per process, not per thread:
# two runs at once share it, and neither gives the host's back while the other still needs the room).
recursion_room = ProcessWide(_room_for_recursion, sys.setrecursionlimit)


def tick(n=1):
    """One loop iteration or function call (or `n` steps of a loop the library runs for the script)."""
    state = lookup(None) or current_run()
    state.iterations_left -= n
    if state.iterations_left < 0:
        state.iterations_left = 0
        raise exceeded("max_iterations", "the script runs too long")


def check_recursion(depth):
    if depth > current()["max_recursion"]:
        raise exceeded("max_recursion", "maximum recursion depth exceeded")


def check_source(text, filename):
    if len(text) > current()["max_script_size"]:
        raise exceeded("max_script_size", "the input has %d characters" % len(text)).at(
            Position(filename, text[:200], 1, 1))


def depth_error():
    return exceeded("max_depth", "the code is too deeply nested")


# ---------------------------------------------------------------- dict views as scripts hold them
# `v = d.items()` is live: the dict may grow after the view is taken, and Python's own view would then make its
# (key, value) pairs in C, unchecked, wherever it is iterated (list(v), set(v), sorted(v), zip(*v), l.extend(v),
# print(*v)). The views a script holds are these instead: whoever iterates one, in C or in the language, goes
# through its __iter__, so each pair is made by the checked zip. Named and printed as Python's own; set
# operations and comparisons are collections.abc's, over that same iteration.
class _HeldView:
    __slots__ = ()

    def __init__(self, view):
        self._view, self._mapping = view, view.mapping  # Python's view, and its read-only mapping

    @property
    def mapping(self):
        return self._mapping

    def __len__(self):
        return len(self._view)

    def __contains__(self, item):
        return item in self._view

    def __iter__(self):
        return iter(self._view)

    def __reversed__(self):
        return reversed(self._view)

    def __repr__(self):
        return "%s(%r)" % (type(self._view).__name__, list(self))

    def __reduce_ex__(self, protocol):
        raise TypeError("cannot pickle '%s' object" % type(self).__name__)


class _HeldPairs(_HeldView):
    """An items view's iteration: each (key, value) made by the checked zip of its keys and values."""
    __slots__ = ()

    def __iter__(self):
        return checked_zip(self._mapping.keys(), self._mapping.values())

    def __reversed__(self):
        return checked_zip(reversed(self._mapping.keys()), reversed(self._mapping.values()))


def _held(name, held, base):
    return type(name, (held, base), {"__slots__": ("_view",), "__module__": "builtins", "__doc__": None})


HeldKeys = _held("dict_keys", _HeldView, KeysView)
HeldValues = _held("dict_values", _HeldView, ValuesView)
HeldItems = _held("dict_items", _HeldPairs, ItemsView)
HELD_VIEWS = {"keys": HeldKeys, "values": HeldValues, "items": HeldItems}  # the dict method -> its view


# ---------------------------------------------------------------- nested values (printing, converting, saving)
# One accounting for what writing a value costs, whatever builds or writes it: print, str, format, %, ==, an
# exception's message, torch.save, DataLoader's collate, torch.tensor. A container's parts are what writing it
# visits: a list's, tuple's, set's or dict view's items, a dict's keys and values (OrderedDict, defaultdict and
# Counter are dicts), an exception's args, a slice's bounds, a staticmethod's or classmethod's function.
_PYTHON_ITEMS = type({}.items())
_VIEWS = (type({}.keys()), type({}.values()), _PYTHON_ITEMS, HeldKeys, HeldValues, HeldItems)
_SEQUENCE_KINDS = frozenset((list, tuple, set, frozenset) + _VIEWS)
_CONTAINERS = (list, tuple, dict, set, frozenset, BaseException, slice, staticmethod, classmethod) + _VIEWS
_SIZED = _SEQUENCE_KINDS | {str, bytes, dict, range}  # what `sized` checks by its length
_QUICK_VISITS = 10_000


def _parts(node):
    """The values writing the container `node` visits (a dict's keys and values, an exception's args)."""
    kind = node.__class__
    if kind is HeldItems or kind is _PYTHON_ITEMS:  # (pairs made anew at each iteration: their keys and values
        return [*node.mapping.keys(), *node.mapping.values()]  # stand for them, as a dict's, shared ones once)
    if kind in _SEQUENCE_KINDS:
        return node
    if isinstance(node, dict):
        return [v for pair in node.items() for v in pair]
    if kind is slice:  # (their repr writes their parts: slice(a, b, c), <staticmethod(f)>)
        return (node.start, node.stop, node.step)
    if kind is staticmethod or kind is classmethod:
        return (node.__func__,)
    if isinstance(node, BaseException):
        return node.args if node.args.__class__ is tuple else (node.args,)
    return node  # a subclass of list, tuple or set (torch.Size, a named tuple)


def is_container(value):
    """Whether writing `value` visits parts (see _parts)."""
    kind = value.__class__
    return kind in _SEQUENCE_KINDS or kind is dict or isinstance(value, _CONTAINERS)


def _cost(item):
    """What writing (or converting to a tensor) a value that is no container costs: a string or a range its
    length, anything else one."""
    return len(item) if item.__class__ is str or item.__class__ is range else 1


def _visits_within(values, budget):
    """Whether writing the containers in `values` (a shared one again at each place) visits at most `budget`
    elements and characters. Counts each container once more than printing does, so True is never wrong; a
    value that contains itself exhausts the budget."""
    stack = []
    for value in values:
        if is_container(value):
            stack.append(value)
        else:
            budget -= _cost(value)
    while stack:
        node = stack.pop()
        items = node if node.__class__ is list else _parts(node)  # (torch.tensor's rows: their parts, without a call)
        budget -= 1 + len(items)
        if budget < 0:
            return False
        for item in items:
            kind = item.__class__
            if kind is float or kind is int:  # (most items: one each, without a call)
                budget -= 1
            elif kind is str:
                budget -= len(item)
            elif kind is list or is_container(item):
                stack.append(item)
            else:
                budget -= _cost(item)
    return budget >= 0


def check_nested_size(*values, what=None):
    """Printing (or converting) a container visits every element, a shared one again at each place it appears:
    `a = [a, a]` a hundred times is small in memory but prints 2**100 items, and `[s] * 20` of a long string
    writes it 20 times. Count the visits and the characters, each shared container's total worked out once
    (and without recursion: the nesting can be deep). `what`: the tensor the values become, when converted."""
    limit = current()["max_elements"]
    if _visits_within(values, min(limit, _QUICK_VISITS)):
        return  # the common case, a small value: counted plainly, without the bookkeeping for shared parts
    total_all = sum(_cost(value) for value in values if not is_container(value))
    totals = {}  # id -> elements and characters visited when writing that container
    for value in values:
        if not is_container(value):
            continue
        stack = [(value, False)]
        while stack:
            node, children_done = stack.pop()
            key = id(node)
            if key in totals and not children_done:
                continue
            items = _parts(node)
            if len(items) >= limit:  # (each item writes at least one element or character: no need to look)
                raise _too_long(limit, what)
            if children_done:
                total = 1
                for item in items:
                    total += totals.get(id(item), 1) if is_container(item) else _cost(item)
                    if total > limit:
                        raise _too_long(limit, what)
                totals[key] = total
            else:
                totals[key] = 1  # a container inside itself (`a.append(a)`) prints as [...]
                stack.append((node, True))
                pushed = set()  # (a part at many places of this one, as in `[[]] * n`, goes on the stack once)
                for item in items:
                    if is_container(item):
                        part = id(item)
                        if part not in totals and part not in pushed:
                            pushed.add(part)
                            stack.append((item, False))
        total_all += totals[id(value)]
    if total_all > limit:
        raise _too_long(limit, what)


# ---------------------------------------------------------------- nesting (what C walks without a depth check)
def _tuples_checked(plain):
    """`plain` (zip or enumerate) whose every tuple is depth-checked as it is made, as a tuple display is:
    `t = next(zip([t]))` a million times would otherwise nest tuples that hashing walks in C. Named and
    printed as Python's own (`<zip object at ...>`)."""
    def __next__(self):
        item = step(self)
        for part in item:
            if part.__class__ in NESTING_KINDS:
                check_nesting(item, "the tuple")
                break
        return item
    step = plain.__next__
    return type(plain.__name__, (plain,), {"__next__": __next__, "__slots__": (), "__module__": "builtins",
                                          "__doc__": plain.__doc__})


checked_zip, checked_enumerate = _tuples_checked(zip), _tuples_checked(enumerate)
_CHAINS = (map, zip, filter, enumerate, reversed, checked_zip, checked_enumerate)
# (a Python items view: what iterating it makes, a (key, value) tuple of its dict's, is a level above both)
NESTING_KINDS = set((tuple, slice, property, staticmethod, classmethod, _PYTHON_ITEMS) + _CHAINS)  # (and `nests`)
_HOLDING = set()  # the kinds that say what they hold themselves (nests)


def nests(kind):
    """`kind`'s values hold iterators as map's do, and say which: `value.nested_parts()` (a script's itertools,
    lang.sandbox.iterators); check_nesting walks through them."""
    NESTING_KINDS.add(kind)
    _HOLDING.add(kind)


def iterated(value):
    """iter(value) for a script's `for` and comprehensions: a Python items view that reached the script some
    other way is iterated as a held one (its pairs made by the checked zip)."""
    if value.__class__ is _PYTHON_ITEMS:
        return iter(HeldItems(value))
    return iter(value)


def _nested_parts(value):
    """The parts of `value` that CPython reaches recursively in C without a depth check: hashing a tuple walks
    its items, next() of map/zip/filter/... its iterators, freeing a property, staticmethod, classmethod or
    slice its parts (past some 10^5 levels the C stack overflows: a crash, not an error)."""
    kind = value.__class__
    if kind is tuple:
        return value
    if kind is slice:
        return (value.start, value.stop, value.step)
    if kind is property:
        return (value.fget, value.fset, value.fdel)
    if kind is staticmethod or kind is classmethod:
        return (value.__func__,)
    if kind is _PYTHON_ITEMS:
        return (*value.mapping.keys(), *value.mapping.values())
    if kind in _HOLDING:
        return value.nested_parts()
    return value.__reduce__()[1]  # map, zip, filter, enumerate, reversed: what they iterate over


def check_nesting(parts, what):
    """Refuse `what` made of `parts` if its values of NESTING_KINDS (tuples in tuples, iterators over
    iterators, properties of properties, slices of slices, in any mix) would be nested more than max_nesting
    levels deep: checked where each is built, a level at a time, a part shared by several walked once."""
    level = [part for part in parts if part.__class__ in NESTING_KINDS]
    depth, limit = 1, (_values or current())["max_nesting"]
    while level:
        depth += 1
        if depth > limit:
            raise exceeded("max_nesting", "%s would be nested more than %d levels deep" % (what, limit))
        level = list({id(inner): inner for item in level for inner in _nested_parts(item)
                      if inner.__class__ in NESTING_KINDS}.values())


def _too_long(limit, what=None):
    if what is not None:
        return exceeded("max_elements", "%s would have more than %d elements" % (what, limit))
    return exceeded("max_elements", "writing this value would take more than %d elements and characters" % limit)
