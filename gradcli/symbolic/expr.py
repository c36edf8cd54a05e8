"""Symbolic expressions: numbers, names, constants, n-ary sums and products, powers, function calls, comparisons
(0/1 factors, as torch's bool tensors are in arithmetic) and `where`; their order and their numbers.

Expressions are built in canonical form by symbolic.algebra (sums and products flat, numbers folded, like terms
and powers collected, parts sorted by `sort_key`), so two equal expressions built in different orders are equal
by value, and gives them Python's operators (`x**2 * y`). Expressions are interned (Expr): equal by value is one
object, so `==` and `hash` are identity's. What needs a choice between forms
(factoring, expanding) lives in symbolic.simplify.

Numbers are exact unless a float literal has no short binary value (0.1 stays a float): a whole number is a
Python int, any other a fractions.Fraction (an int's arithmetic, hash and == are C's, a Fraction's Python's; the
two compare and hash alike, so Number(2) == Number(Fraction(2))).
"""

import math
import weakref
from _weakref import _remove_dead_weakref
from fractions import Fraction

from ..core.limits import tick

class Expr:
    """An immutable expression, interned: two expressions equal by value (the same kind, equal plain values and
    equal children) are one object while one of them lives, so `==` and `hash` are identity's (C's, where a
    comparison of trees in Python cost every dict lookup of the algebra and the simplifier a call or more)."""

    __slots__ = ("key", "_sort", "cost", "__weakref__")

    def __repr__(self):
        return "<%s %r>" % (type(self).__name__, self.key)

    def __getnewargs__(self):  # (copy and pickle make an expression again through its class: interned)
        return tuple([getattr(self, field) for field in self._fields])

    children = ()  # (a leaf's; a node's is its own slot, set before _made: read at every step of every walk)


# key -> a weak reference to the one live expression of that key (or to a dead one, until _made sweeps the table:
# no callback runs as each expression dies). A key is the node's tag and plain values, its children as
# themselves: interned children compare by identity, so keys compare (and hash) without a walk.
_INTERNED = {}


def _existing(key):
    """The live expression of `key`, or None. Making it again costs what making it did (see _made)."""
    entry = _INTERNED.get(key)
    if entry is not None:
        e = entry()
        if e is not None:
            tick(e.cost)
            return e
    return None


def _made(e, key):
    """`e`, new and its own fields set, interned under `key`; or the expression of `key` another thread made
    meanwhile."""
    global _sweep_at
    e.key = key
    # an expression's size is what differentiating and simplifying cost: counted in the run's iteration budget
    # each time it is made, so that an expansion that grows without end (sigmoid of sigmoids, --order 4) stops
    # with max_iterations instead of running for minutes
    cost = len(key)
    for child in e.children:
        cost += child.cost
    e.cost = cost
    tick(cost)
    e._sort = None
    if len(_INTERNED) > _sweep_at:
        _sweep()
        _sweep_at = max(_SWEEP_AT, 2 * len(_INTERNED))
    entry = weakref.ref(e)
    while True:
        found = _INTERNED.setdefault(key, entry)
        if found is entry:
            return e
        other = found()
        if other is not None:
            return other
        _remove_dead_weakref(_INTERNED, key)


def _sweep():
    """The keys of expressions that have died out of the table (a dead key holds its children: those go at a
    later sweep)."""
    for key in [key for key, entry in list(_INTERNED.items()) if entry() is None]:  # (list: one step, in C)
        _remove_dead_weakref(_INTERNED, key)


_SWEEP_AT = 4096
_sweep_at = _SWEEP_AT  # the table's size at which _made sweeps it next


def _interned(cls, key, values, children=None):
    """Every class's constructor: the live expression of `key`, or a new `cls` with its _fields set to
    `values` (and, a node's, its children), interned."""
    e = _existing(key)
    if e is None:
        e = object.__new__(cls)
        for field, value in zip(cls._fields, values):
            setattr(e, field, value)
        if children is not None:
            e.children = children
        e = _made(e, key)
    return e


class Number(Expr):
    __slots__ = ("value",)
    _fields = ("value",)  # its constructor's arguments

    def __new__(cls, value):
        return _interned(cls, ("n", value), (value,))


class Symbol(Expr):
    """A free name: an input of the expression."""

    __slots__ = ("name",)
    _fields = ("name",)  # its constructor's arguments

    def __new__(cls, name):
        return _interned(cls, ("s", name), (name,))


class Const(Expr):
    """pi or e: exact in formulas, a float when evaluated."""

    __slots__ = ("name", "value")
    _fields = ("name", "value")  # its constructor's arguments

    def __new__(cls, name, value):
        return _interned(cls, ("c", name), (name, value))


class Add(Expr):
    __slots__ = ("terms", "children")
    _fields = ("terms",)  # its constructor's arguments

    def __new__(cls, terms):
        return _interned(cls, ("+",) + tuple(terms), (terms,), terms)


class Mul(Expr):
    """coefficient * factors: the coefficient a Number other than 0, the factors sorted and never numbers."""

    __slots__ = ("coefficient", "factors", "children")
    _fields = ("coefficient", "factors")  # its constructor's arguments

    def __new__(cls, coefficient, factors):
        return _interned(cls, ("*", coefficient.value) + tuple(factors), (coefficient, factors), factors)


class Pow(Expr):
    __slots__ = ("base", "exponent", "children")
    _fields = ("base", "exponent")  # its constructor's arguments

    def __new__(cls, base, exponent):
        parts = (base, exponent)
        return _interned(cls, ("^",) + parts, parts, parts)


class Call(Expr):
    """A function of expressions, with plain parameters (dim, keepdim, negative_slope, ...) as sorted pairs."""

    __slots__ = ("name", "args", "params", "children")
    _fields = ("name", "args", "params")  # its constructor's arguments

    def __new__(cls, name, args, params=()):
        args, params = tuple(args), tuple(params)
        return _interned(cls, ("f", name) + args + (params,), (name, args, params), args)

    def param(self, name, default=None):
        return dict(self.params).get(name, default)


class Rel(Expr):
    """A comparison; as a factor it is 1 where it holds and 0 elsewhere (an indicator)."""

    __slots__ = ("op", "lhs", "rhs", "children")
    _fields = ("op", "lhs", "rhs")  # its constructor's arguments

    def __new__(cls, op, lhs, rhs):
        return _interned(cls, ("r", op, lhs, rhs), (op, lhs, rhs), (lhs, rhs))


class Where(Expr):
    __slots__ = ("condition", "then", "otherwise", "children")
    _fields = ("condition", "then", "otherwise")  # its constructor's arguments

    def __new__(cls, condition, then, otherwise):
        parts = (condition, then, otherwise)
        return _interned(cls, ("?",) + parts, parts, parts)


# ---------------------------------------------------------------- numbers
def number(value):
    """A Number, exact where the value is: ints and fractions stay exact, a float becomes the fraction it is
    when that is short (0.5 -> 1/2, 2.0 -> 2), and stays a float otherwise (0.1); a whole one is an int."""
    if value.__class__ is not int:
        if isinstance(value, float):
            if math.isfinite(value):
                exact = Fraction(value)
                if exact.denominator <= 1024 and abs(exact.numerator) < 2 ** 53:
                    value = exact
        elif not isinstance(value, Fraction):
            value = Fraction(value)  # (a bool, a numpy integer)
        if isinstance(value, Fraction) and value.denominator == 1:
            value = value.numerator
    cached = _SMALL.get(value) if value.__class__ is int else None
    return cached if cached is not None else Number(value)


_SMALL = {i: Number(i) for i in range(-4, 11)}
ZERO, ONE, MINUS_ONE, TWO = _SMALL[0], _SMALL[1], _SMALL[-1], _SMALL[2]
HALF = Number(Fraction(1, 2))
PI = Const("pi", math.pi)
E = Const("e", math.e)


def as_expr(value):
    return value if isinstance(value, Expr) else number(value)


def is_number(e, value=None):
    return isinstance(e, Number) and (value is None or e.value == value)


def is_integer(e):
    return isinstance(e, Number) and e.value.__class__ is int


def split_coefficient(term):
    """(number, the rest): 3*x*y -> (3, x*y); x -> (1, x); 3 -> (3, 1)."""
    if isinstance(term, Number):
        return term.value, ONE
    if isinstance(term, Mul):
        rest = term.factors[0] if len(term.factors) == 1 else Mul(ONE, term.factors)
        return term.coefficient.value, rest
    return 1, term


# ---------------------------------------------------------------- order
def sort_key(e):
    """A total order over expressions: numbers, constants, names, powers, products, calls, sums, where,
    comparisons; keys of one rank have one structure, so any two compare."""
    key = e._sort
    if key is None:
        if isinstance(e, Number):
            key = (0, float(e.value))
        elif isinstance(e, Const):
            key = (1, e.name)
        elif isinstance(e, Symbol):
            key = (2, e.name)
        elif isinstance(e, Pow):
            key = (3, sort_key(e.base), sort_key(e.exponent))
        elif isinstance(e, Mul):
            key = (4, tuple(sort_key(f) for f in e.factors), float(e.coefficient.value))
        elif isinstance(e, Call):
            key = (5, e.name, tuple(sort_key(a) for a in e.args), repr(e.params))
        elif isinstance(e, Rel):
            key = (8, sort_key(e.lhs), sort_key(e.rhs), e.op)
        else:
            key = (6 if isinstance(e, Add) else 7, tuple(sort_key(c) for c in e.children))
        e._sort = key
    return key


def factor_order(f):
    """Factors of a product: by base, then exponent (x, x^2, y, exp(x), sin(x), (x + 1), comparisons last)."""
    base, exponent = (f.base, f.exponent) if isinstance(f, Pow) else (f, ONE)
    if base == E and isinstance(f, Pow):  # exp(u) sorts as the call it reads as
        return (5, "exp", (sort_key(exponent),), "()", sort_key(ONE))
    return sort_key(base) + (sort_key(exponent),)


def degree(e):
    """The total degree in names of a term (x^2*y -> 3); other factors count 0."""
    if isinstance(e, Symbol):
        return 1
    if isinstance(e, Pow) and isinstance(e.base, Symbol) and isinstance(e.exponent, Number):
        return float(e.exponent.value)
    if isinstance(e, Mul):
        return sum(degree(f) for f in e.factors)
    return 0


def term_order(t):
    """Terms of a sum: highest degree first, constants last (x^2 + 2*x + 1): by the term without its coefficient
    (as split_coefficient has it, its key made without building it), then the coefficient."""
    if isinstance(t, Mul):
        factors = t.factors
        if len(factors) == 1:
            rest_degree, rest_key = degree(factors[0]), sort_key(factors[0])
        else:  # degree and sort_key of Mul(ONE, factors)
            rest_degree, rest_key = sum(degree(f) for f in factors), (4, tuple(sort_key(f) for f in factors), 1.0)
        return (False, -rest_degree, rest_key, float(t.coefficient.value))
    if isinstance(t, Number):
        return (True, 0, sort_key(ONE), float(t.value))
    return (False, -degree(t), sort_key(t), 1.0)


# ---------------------------------------------------------------- walking
def free_names(e, into=None):
    """The names of the Symbols in `e`, in order of first appearance."""
    names = {} if into is None else into
    if isinstance(e, Symbol):
        names[e.name] = None
    for child in e.children:
        free_names(child, names)
    return names
