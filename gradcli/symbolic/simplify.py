"""Simplification beyond the canonical form: the forms that need a choice.

`simplify` builds a few candidates — the canonical form with its signs normalised, common factors taken out of
sums, sums over a common denominator with the numerator expanded, sin/cos turned into tan — and keeps the
shortest as printed (SymPy's simplify chooses the same way, by a count of operations).
"""

import math
from fractions import Fraction

from .algebra import add, logical_not, mul, negate, power, where
from .expr import ONE, Add, Call, Mul, Number, Pow, Rel, is_integer, number, split_coefficient
from .functions import call, negative, rebuild
from .printer import MathPrinter

_MOST_TERMS = 64  # an expansion beyond this many terms is not a simplification


def simplify(e, rounds=4):
    """The shortest of the candidate forms of `e` (by length of its math spelling), and again from there while
    that shortens it."""
    # The candidates share most of their subexpressions, and each round starts from the last one's winner: every
    # rewrite of a subexpression, and every length, is remembered for this call (and only for it: `memo` is
    # this frame's, so two threads or runs never share one, and it goes with the call).
    memo = {}
    length = _length(memo)
    for _ in range(rounds):
        shorter = _shortest_candidate(e, memo, length)
        if length(shorter) >= length(e):
            return e if length(shorter) > length(e) else shorter
        e = shorter
    return e


def _length(memo):
    """The length of an expression's math spelling, without spaces, each counted once in `memo`."""
    lengths = memo.setdefault("length", {})
    printer = MathPrinter()  # (to_text's, with every subexpression printed once over all the candidates)

    def length(e):
        n = lengths.get(e)
        if n is None:
            n = lengths[e] = len(printer.text(e).replace(" ", ""))
        return n
    return length


def _shortest_candidate(e, memo, length):
    candidates = [e, factor_terms(e, memo=memo), together(e, memo)]
    expanded = expand(e, memo)
    if expanded is not None:
        candidates += [expanded, factor_terms(expanded, memo=memo)]
    # Most rewrites leave most candidates as they were: each stage keeps one of every distinct form (the first,
    # in order), so that the next rewrites each once and the shortest is the one the full list's min would pick.
    candidates = _distinct(candidates)
    candidates = _distinct(candidates + [tangents(c, memo) for c in candidates]
                           + [double_angles(c, memo) for c in candidates])
    candidates = _distinct(candidates + [one_denominator(c, memo) for c in candidates]
                           + [branches(c, memo) for c in candidates])
    # on a tie, the gcd and sign taken out
    candidates = _distinct([normalize_signs(c, memo=memo) for c in candidates]
                           + [normalize_signs(c, False, memo) for c in candidates] + candidates)
    return min(candidates, key=length)


def _distinct(expressions):
    """`expressions` without repeats (Expr compares by value), in the order of their first appearance."""
    return list(dict.fromkeys(expressions))


def _bottom_up(transform, e, memo, kind, acts_on):
    """`transform` applied to every node of `e`, leaves first; memo[kind] remembers each node's result.
    `transform` rewrites only nodes of the classes `acts_on` and gives any other node back as it is, so it is
    called on those alone (and never on a leaf: none of the classes any rewrite here acts on is one)."""
    done = memo.setdefault(kind, {}) if memo is not None else {}
    return _rewritten(transform, e, done, acts_on)


def _rewritten(transform, e, done, acts_on):
    children = e.children
    if not children:
        return e
    result = done.get(e)
    if result is None:
        rewritten = [_rewritten(transform, c, done, acts_on) if c.children else c for c in children]
        # a node whose children the rewrite left as they were is already canonical: building it again from
        # them would give it back (the constructors are idempotent), at the cost of a whole canonicalisation
        result = rebuild(e, rewritten) if rewritten != list(children) else e
        if isinstance(result, acts_on):
            result = transform(result)
        done[e] = result
    return result


def normalize_signs(e, signs=True, memo=None):
    """A sum that is a factor gives its gcd (and its sign) to the product: -2*(x + 1)/y, not (-2*x - 2)/y."""
    def flip(e):
        if not isinstance(e, Mul):
            return e
        coefficient, factors, changed = e.coefficient, [], False
        for f in e.factors:
            base, exponent = (f.base, f.exponent) if isinstance(f, Pow) else (f, ONE)
            if isinstance(base, Add) and is_integer(exponent):
                content = number(_content([split_coefficient(t)[0] for t in base.terms]))
                if signs and negative(base):
                    content = negate(content)
                if content != ONE:
                    f = power(mul(base, power(content, number(-1))), exponent)
                    coefficient = mul(coefficient, power(content, exponent))
                    changed = True
            factors.append(f)
        if not changed:  # no sum gave anything: the product as it was
            return e
        return mul(coefficient, *factors)
    return _bottom_up(flip, e, memo, ("normalize_signs", signs), Mul)


def _powers(term):
    """(coefficient, {base: exponent}) of a term."""
    coefficient, rest = split_coefficient(term)
    factors = rest.factors if isinstance(rest, Mul) else (rest,)
    found = {}
    for f in factors:
        base, exponent = (f.base, f.exponent) if isinstance(f, Pow) else (f, ONE)
        found[base] = exponent
    return coefficient, found


def _content(coefficients):
    """The gcd of exact coefficients (1 when one is a float)."""
    if any(isinstance(c, float) for c in coefficients):
        return Fraction(1)
    numerator = 0
    denominator = 1
    for c in coefficients:
        numerator = math.gcd(numerator, c.numerator)
        denominator = denominator * c.denominator // math.gcd(denominator, c.denominator)
    return Fraction(numerator or 1, denominator)


def _common(e, denominators):
    """What the terms of a sum have in common: their gcd, the bases all of them have (lowest power), and with
    `denominators` every base some term divides by (highest negative power): factor * cofactor = e."""
    split = [_powers(t) for t in e.terms]
    content = _content([c for c, _ in split])
    shared = {}
    bases = set().union(*[found for _, found in split])
    for base in bases:
        exponents = [found.get(base) for _, found in split]
        if not all(x is None or isinstance(x, Number) for x in exponents):
            if all(x == exponents[0] for x in exponents):
                shared[base] = exponents[0]  # the same symbolic power in every term
            continue
        lowest = min(x.value if x is not None else 0 for x in exponents)
        if lowest > 0 or lowest < 0 and (denominators or None not in exponents):
            shared[base] = number(lowest)
    factor = mul(number(content), *[power(b, x) for b, x in shared.items()])
    return factor


def factor_terms(e, denominators=False, memo=None):
    """Common factors out of every sum: x^2*cos(x) + 2*x*sin(x) -> x*(x*cos(x) + 2*sin(x))."""
    def take_out(e):
        if not isinstance(e, Add):
            return e
        factor = _common(e, denominators)
        if factor == ONE:
            return e
        cofactor = add(*[mul(t, power(factor, number(-1))) for t in e.terms])
        if denominators:
            cofactor = expand(cofactor, memo) or cofactor
        return mul(factor, cofactor)
    return _bottom_up(take_out, e, memo, ("factor_terms", denominators), Add)


def together(e, memo=None):
    """Sums over a common denominator, the numerator expanded: 2*x/(x - 1) - (x^2 + 1)/(x - 1)^2 ->
    (x^2 - 2*x - 1)/(x - 1)^2."""
    return factor_terms(e, True, memo)


def expand(e, memo=None):
    """Products of sums, and small integer powers of sums, multiplied out and like terms collected; None when that
    would exceed _MOST_TERMS."""
    def multiplied(factors, coefficient=ONE):
        terms = [coefficient]
        for f in factors:
            parts = f.terms if isinstance(f, Add) else (f,)
            if len(terms) * len(parts) > _MOST_TERMS:
                raise _TooLarge()
            terms = [mul(t, p) for t in terms for p in parts]
        return add(*terms)

    def distribute(e):
        if isinstance(e, Pow) and isinstance(e.base, Add) and is_integer(e.exponent) and 1 < e.exponent.value <= 4:
            return multiplied([e.base] * int(e.exponent.value))
        if isinstance(e, Mul):
            factors = [distribute(f) if isinstance(f, Pow) else f for f in e.factors]
            if not any(isinstance(f, Add) or f is not g for f, g in zip(factors, e.factors)):
                # no sum to multiply out: the product as it was
                return e
            return multiplied(factors, e.coefficient)
        return e
    try:
        return _bottom_up(distribute, e, memo, "expand", (Pow, Mul))
    except _TooLarge:
        return None


class _TooLarge(Exception):
    pass


_QUOTIENTS = {"sin": ("cos", "tan"), "sinh": ("cosh", "tanh")}  # sin(u)^n/cos(u)^n = tan(u)^n


def tangents(e, memo=None):
    """sin(u)^n * cos(u)^-n -> tan(u)^n in every product (sinh/cosh -> tanh too)."""
    def pair(e):
        if not isinstance(e, Mul):
            return e
        powers = {}
        for f in e.factors:
            base, exponent = _base_exponent(f)
            if isinstance(base, Call) and isinstance(exponent, Number):
                powers[(base.name, base.args[0])] = exponent
        replaced = {}
        for (name, arg), exponent in powers.items():
            if name in _QUOTIENTS and powers.get((_QUOTIENTS[name][0], arg)) == negate(exponent):
                replaced[(name, arg)] = exponent
        if not replaced:
            return e
        gone = {(n, a) for n, a in replaced} | {(_QUOTIENTS[n][0], a) for n, a in replaced}
        kept = [f for f in e.factors if _call_key(f) not in gone]
        return mul(e.coefficient, *kept, *[power(call(_QUOTIENTS[n][1], [a]), x) for (n, a), x in replaced.items()])
    return _bottom_up(pair, e, memo, "tangents", Mul)


def double_angles(e, memo=None):
    """cos(u)^2 - sin(u)^2 = cos(2*u), cosh(u)^2 + sinh(u)^2 = cosh(2*u), 2*sin(u)*cos(u) = sin(2*u),
    2*sinh(u)*cosh(u) = sinh(2*u)."""
    def rewrite(e):
        if isinstance(e, Add):
            squares = {}
            for t in e.terms:
                coefficient, rest = split_coefficient(t)
                if isinstance(rest, Pow) and rest.exponent == number(2) and isinstance(rest.base, Call):
                    squares[(rest.base.name, rest.base.args[0])] = (t, coefficient)
            for (name, arg), (t, a) in squares.items():
                for partner, sign in (("sin", -1), ("sinh", 1)):
                    found = squares.get((partner, arg))
                    if name == {"sin": "cos", "sinh": "cosh"}[partner] and found and found[1] == sign * a:
                        rest = [u for u in e.terms if u is not t and u is not found[0]]
                        return add(mul(number(a), call(name, [mul(number(2), arg)])), *rest)
        if isinstance(e, Mul):
            keys = {_call_key(f) for f in e.factors if not isinstance(f, Pow)} - {None}
            for name, partner in (("sin", "cos"), ("sinh", "cosh")):
                twice = [a for (n, a) in keys if n == name and (partner, a) in keys]
                if twice:
                    arg = twice[0]
                    kept = [f for f in e.factors if _call_key(f) not in ((name, arg), (partner, arg))]
                    return mul(e.coefficient, number(Fraction(1, 2)), call(name, [mul(number(2), arg)]), *kept)
        return e
    return _bottom_up(rewrite, e, memo, "double_angles", (Add, Mul))


def branches(e, memo=None):
    """a*(c) + b*(not c) -> where(c, a, b): the two sides of a comparison as one choice."""
    def join(e):
        if not isinstance(e, Add):
            return e
        for term in e.terms:
            for c in _comparisons(term):
                opposite = logical_not(c)
                other = [t for t in e.terms if opposite in _comparisons(t)]
                if other:
                    chosen = [t for t in e.terms if c in _comparisons(t)]
                    rest = [t for t in e.terms if t not in chosen and t not in other]
                    return add(where(c, add(*[_without(t, c) for t in chosen]),
                                     add(*[_without(t, opposite) for t in other])), *rest)
        return e
    return _bottom_up(join, e, memo, "branches", Add)


def _comparisons(term):
    factors = term.factors if isinstance(term, Mul) else (term,)
    return [f for f in factors if isinstance(f, Rel)]


def _without(term, factor):
    if not isinstance(term, Mul):
        return ONE
    return mul(term.coefficient, *[f for f in term.factors if f != factor])


def one_denominator(e, memo=None):
    """Sums that are denominators of a product multiplied out into one: 1/((x + 1)*(x - 1)) -> 1/(x^2 - 1)."""
    def join(e):
        if not isinstance(e, Mul):
            return e
        below = [f for f in e.factors if isinstance(f, Pow) and isinstance(f.base, Add) and f.exponent == number(-1)]
        if len(below) < 2:
            return e
        product = expand(mul(*[f.base for f in below]), memo)
        if product is None:
            return e
        return mul(e.coefficient, *[f for f in e.factors if f not in below], power(product, number(-1)))
    return _bottom_up(join, e, memo, "one_denominator", Mul)


def _base_exponent(f):
    return (f.base, f.exponent) if isinstance(f, Pow) else (f, ONE)


def _call_key(f):
    """(name, argument) of a call of one argument (or of a power of one), else None."""
    f = f.base if isinstance(f, Pow) else f
    return (f.name, f.args[0]) if isinstance(f, Call) and len(f.args) == 1 else None
