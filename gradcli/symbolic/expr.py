"""Symbolic expressions: numbers, names, constants, n-ary sums and products, powers, function calls, comparisons
(0/1 factors, as torch's bool tensors are in arithmetic) and `where`; their order and their numbers.

Expressions are built in canonical form by symbolic.algebra (sums and products flat, numbers folded, like terms
and powers collected, parts sorted by `sort_key`), so two equal expressions built in different orders are equal
by value (`==`, `hash`), and gives them Python's operators (`x**2 * y`). What needs a choice between forms
(factoring, expanding) lives in symbolic.simplify.

Numbers are exact unless a float literal has no short binary value (0.1 stays a float): a whole number is a
Python int, any other a fractions.Fraction (an int's arithmetic, hash and == are C's, a Fraction's Python's; the
two compare and hash alike, so Number(2) == Number(Fraction(2))).
"""

import math
from fractions import Fraction

from ..core.limits import tick

class Expr:
    """An immutable expression; compare and hash by value."""

    __slots__ = ("key", "_hash", "_sort", "cost")

    def _init(self, key):
        """key: the node's tag and plain values, its children as themselves (so that comparing two trees stops
        at the first pair of children that are one object, and the hash is made of the children's hashes
        instead of walking their trees again, with every Fraction's slow hash in them)."""
        self.key = key
        # an expression's size is what differentiating and simplifying cost: counted in the run's iteration
        # budget, so that an expansion that grows without end (sigmoid of sigmoids, --order 4) stops with
        # max_iterations instead of running for minutes
        cost = len(key)
        for child in self.children:
            cost += child.cost
        self.cost = cost
        tick(cost)
        self._hash = hash(tuple([part._hash if isinstance(part, Expr) else part for part in key]))
        self._sort = None
        return self

    def __eq__(self, other):
        return self is other or (isinstance(other, Expr) and self._hash == other._hash and self.key == other.key)

    def __hash__(self):
        return self._hash

    def __repr__(self):
        return "<%s %r>" % (type(self).__name__, self.key)

    children = ()  # (a leaf's; a node's is its own slot, set before _init: read at every step of every walk)


class Number(Expr):
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value
        self._init(("n", value))


class Symbol(Expr):
    """A free name: an input of the expression."""

    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name
        self._init(("s", name))


class Const(Expr):
    """pi or e: exact in formulas, a float when evaluated."""

    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value
        self._init(("c", name))


class Add(Expr):
    __slots__ = ("terms", "children")

    def __init__(self, terms):
        self.terms = self.children = terms
        self._init(("+",) + tuple(terms))


class Mul(Expr):
    """coefficient * factors: the coefficient a Number other than 0, the factors sorted and never numbers."""

    __slots__ = ("coefficient", "factors", "children")

    def __init__(self, coefficient, factors):
        self.coefficient, self.factors = coefficient, factors
        self.children = factors
        self._init(("*", coefficient.value) + tuple(factors))


class Pow(Expr):
    __slots__ = ("base", "exponent", "children")

    def __init__(self, base, exponent):
        self.base, self.exponent = base, exponent
        self.children = (base, exponent)
        self._init(("^", base, exponent))


class Call(Expr):
    """A function of expressions, with plain parameters (dim, keepdim, negative_slope, ...) as sorted pairs."""

    __slots__ = ("name", "args", "params", "children")

    def __init__(self, name, args, params=()):
        self.name, self.args, self.params = name, tuple(args), tuple(params)
        self.children = self.args
        self._init(("f", name) + self.args + (self.params,))

    def param(self, name, default=None):
        return dict(self.params).get(name, default)


class Rel(Expr):
    """A comparison; as a factor it is 1 where it holds and 0 elsewhere (an indicator)."""

    __slots__ = ("op", "lhs", "rhs", "children")

    def __init__(self, op, lhs, rhs):
        self.op, self.lhs, self.rhs = op, lhs, rhs
        self.children = (lhs, rhs)
        self._init(("r", op, lhs, rhs))


class Where(Expr):
    __slots__ = ("condition", "then", "otherwise", "children")

    def __init__(self, condition, then, otherwise):
        self.condition, self.then, self.otherwise = condition, then, otherwise
        self.children = (condition, then, otherwise)
        self._init(("?", condition, then, otherwise))


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
