"""`import itertools`: CPython's own iterators (Python 3.11's itertools: no `batched`, which came in 3.12), each a
subclass of its itertools class named and printed as it (`<itertools.product object at 0x...>`, `count(5)`), with
what keeps them within gradcli's limits:

- every item ticks the run's budget, one step per element it makes: `max(product(range(10**4), repeat=4))` or
  `list(count())` is a loop CPython runs in C for the script, without a statement of its own to tick;
- what an iterator keeps is sized before CPython makes it: product's pools (each input as a tuple, `repeat` times),
  the tuples of r elements permutations and combinations make (CPython allocates r indices even where r > n);
- iterators over iterators are nesting-checked as map and zip are (core.limits.check_nesting: freeing a chain of
  a million chains would recurse in C), and the tuples they make depth-checked as zip's are;
- accumulate adds with the script's `+` (its size guard: `accumulate([[0] * 10**7] * 100)`), groupby's groups and
  tee's copies are wrapped as the iterators are, and repeat gives list() no length to allocate in advance.
A script reads no member of theirs but chain.from_iterable (lang.sandbox.namespace's allow-list).
"""

import itertools
import operator

from ...core import limits
from .guards import guard_operator


def _ticked(item):
    """One item made for the script: a step of the budget per element (a tuple of r: r steps of C's loop), and a
    tuple depth-checked as it is made (`t = next(product([t]))` a million times would nest tuples)."""
    if item.__class__ is tuple:
        limits.tick(len(item) or 1)
        for part in item:
            if part.__class__ in limits.NESTING_KINDS:
                limits.check_nesting(item, "the tuple")
                break
    else:
        limits.tick()
    return item


def _pool(iterable):
    """The input as the tuple CPython makes of it (product's, permutations' pools), at most max_elements long."""
    items = tuple(itertools.islice(iterable, limits.current()["max_elements"] + 1))
    limits.check_length(len(items), "the pool")
    return items


# what an iterator's arguments become before CPython takes them, their sizes checked: (args, kwargs) -> the same.
# Arguments CPython refuses (too few, a wrong type) are left as they are, for its refusal in its words.
def _product(args, kwargs):
    repeat = kwargs.get("repeat", 1)
    times = repeat if isinstance(repeat, int) and repeat > 0 else 1  # (CPython refuses the others)
    limits.check_length(len(args) * times, "the tuple")  # each item, and the pools CPython keeps
    pools, kept = [], 0
    for iterable in args:
        pools.append(_pool(iterable))
        kept += len(pools[-1]) * times
        limits.check_length(kept, "the pools")
    return tuple(pools), kwargs


def _picking(args, kwargs):
    """permutations(iterable, r=None), combinations(iterable, r), combinations_with_replacement(iterable, r): r
    elements a tuple (CPython allocates r indices first, even where r is more than the pool has)."""
    r = args[1] if len(args) > 1 else kwargs.get("r")
    if isinstance(r, int):
        limits.check_length(r, "the tuple")
    if args:
        return (_pool(args[0]),) + args[1:], kwargs
    if "iterable" in kwargs:
        return args, dict(kwargs, iterable=_pool(kwargs["iterable"]))
    return args, kwargs


def _accumulate(args, kwargs):
    """accumulate(iterable, func=None): the script's own `+` by default, its size guard with it."""
    if len(args) == 1 and kwargs.get("func") is None:
        return args + (_ADD,), {key: value for key, value in kwargs.items() if key != "func"}
    if len(args) > 1 and args[1] is None:
        return (args[0], _ADD) + args[2:], kwargs
    return args, kwargs


_ADD = guard_operator(operator.add)
_PREPARE = {"product": _product, "permutations": _picking, "combinations": _picking,
            "combinations_with_replacement": _picking, "accumulate": _accumulate}


class _Member:
    """A script's itertools value: what it holds of its arguments is `inputs`, for the nesting check."""

    __slots__ = ()

    def nested_parts(self):
        return self.inputs


def _named(kind, name):
    """`kind` named as CPython's itertools class `name` is: Python's messages say 'itertools.count' (its C name),
    its repr and a script's type(x).__name__ say 'count'."""
    kind.__name__, kind.__qualname__, kind.__module__ = "itertools." + name, name, "itertools"
    limits.nests(kind)


def _iterator(plain):
    """itertools' class `plain` as a script has it: its arguments checked (_PREPARE), every item ticked."""
    prepare = _PREPARE.get(plain.__name__)
    step = plain.__next__

    def __new__(cls, *args, **kwargs):
        if prepare is not None:
            args, kwargs = prepare(args, kwargs)
        inputs = args + tuple(kwargs.values())
        limits.check_nesting(inputs, "the iterator")
        self = plain.__new__(cls, *args, **kwargs)
        self.inputs = inputs
        return self

    def __next__(self):
        return _ticked(step(self))

    def grouped(self):  # groupby's: its groups are iterators of the script's too
        key, group = step(self)
        return _ticked((key, _Group(group, self)))

    namespace = {"__new__": __new__, "__next__": grouped if plain is itertools.groupby else __next__,
                 "__slots__": ("inputs",), "__doc__": plain.__doc__}
    if plain is itertools.repeat:  # (list(repeat(0, 10**12)) would allocate its length before the first item)
        namespace["__length_hint__"] = lambda self: NotImplemented
    if plain is itertools.chain:
        namespace["from_iterable"] = classmethod(_from_iterable)
    kind = type(plain.__name__, (_Member, plain), namespace)
    _named(kind, plain.__name__)
    return kind


def _from_iterable(cls, iterable):
    """chain.from_iterable: a chain of the script's whose input is checked as chain()'s are."""
    limits.check_nesting((iterable,), "the iterator")
    self = super(cls, cls).from_iterable(iterable)
    self.inputs = (iterable,)
    return self


_from_iterable.__name__ = _from_iterable.__qualname__ = "from_iterable"


class _Wrapped(_Member):
    """An iterator CPython makes inside itertools (tee's copies, groupby's groups), ticked as the others: a script
    holds it, never the object inside."""

    __slots__ = ("_inner", "inputs")

    def __init__(self, inner, source):
        self._inner, self.inputs = inner, (source,)

    def __iter__(self):
        return self

    def __next__(self):
        return _ticked(next(self._inner))


class _Group(_Wrapped):
    __slots__ = ()


class _Tee(_Wrapped):
    __slots__ = ()


for _kind, _name in ((_Group, "_grouper"), (_Tee, "_tee")):
    _named(_kind, _name)


def tee(*args, **kwargs):
    """tee(iterable, n=2): n iterators over one, each ticked (CPython keeps the items one has read and another
    has not: at most as many as the budget lets a script read)."""
    if kwargs or not 1 <= len(args) <= 2:
        itertools.tee(*args, **kwargs)  # CPython's refusal, in its words
    iterable, n = (args + (2,))[:2]
    if isinstance(n, int):
        limits.check_length(n, "the tuple")
    limits.check_nesting((iterable,), "the iterator")
    return tuple(_Tee(copy, iterable) for copy in itertools.tee(iterable, n))


_CLASSES = ("product", "permutations", "combinations", "combinations_with_replacement", "chain", "islice", "count",
            "cycle", "repeat", "accumulate", "groupby", "zip_longest", "starmap", "takewhile", "dropwhile",
            "filterfalse", "compress", "pairwise")
# filled by itertools_members, at a script's first `import itertools` (a run without it makes none of the classes)
NAMED = set()  # the classes a script names (isinstance, type(x) == itertools.count)
CLASS_MEMBERS = {}  # what a script reads on the classes


def itertools_members():
    from .stand_ins import builtin_function
    classes = {name: _iterator(getattr(itertools, name)) for name in _CLASSES}
    NAMED.update(classes.values())
    CLASS_MEMBERS[classes["chain"]] = frozenset(("from_iterable",))
    return dict(classes, tee=builtin_function("tee", tee))
