"""Canonical forms, built at once (as SymPy's core does): a sum or a product is flat, its numbers folded, its
like terms or like powers collected and its parts sorted; powers, comparisons and `where` fold what is exact.
Functions of expressions are in symbolic.functions.
"""

from fractions import Fraction

from .expr import (E, MINUS_ONE, ONE, ZERO, Add, Call, Expr, Mul, Number, Pow, Rel, Where, as_expr, factor_order,
    is_integer, is_number, number, split_coefficient, term_order)


# ---------------------------------------------------------------- sums
def add(*terms):
    """The canonical sum: flat, numbers folded into one constant term, like terms collected (2*x + x = 3*x)."""
    constant = 0
    collected = {}  # a term's factors (its monomial) -> [coefficient, the term while it is the only one]
    for term in _flat(terms, Add):
        if isinstance(term, Number):
            constant += term.value
            continue
        if isinstance(term, Mul):
            coefficient, monomial = term.coefficient.value, term.factors
        else:
            coefficient, monomial = 1, (term,)
        found = collected.get(monomial)
        if found is None:
            collected[monomial] = [coefficient, term]
        else:
            found[0] += coefficient
            found[1] = None
    # a term alike to no other is kept as it came (canonical already); like terms are built again, collected
    parts = [term if term is not None else mul(number(coefficient), *monomial)
             for monomial, (coefficient, term) in collected.items() if coefficient != 0]
    parts = _pythagoras(_same_conditions(parts))
    if constant != 0:
        parts.append(number(constant))
    if not parts:
        return ZERO
    if len(parts) == 1:
        return parts[0]
    parts.sort(key=term_order)
    return Add(tuple(parts))


def _flat(items, kind):
    for item in items:
        if isinstance(item, kind):
            yield from (item.terms if kind is Add else item.factors)
        else:
            yield item


def _pythagoras(parts):
    """a*sin(u)^2 + a*cos(u)^2 -> a (the one trigonometric identity worth applying on sight)."""
    squares = {}
    for i, part in enumerate(parts):
        coefficient, rest = split_coefficient(part)
        if isinstance(rest, Pow) and is_number(rest.exponent, 2) and isinstance(rest.base, Call) \
                and rest.base.name in ("sin", "cos"):
            squares.setdefault((rest.base.name, rest.base.args[0]), []).append((i, coefficient))
    used = set()
    extra = []
    for (name, arg), found in squares.items():
        if name != "sin" or ("cos", arg) not in squares:
            continue
        for (i, a), (j, b) in zip(found, squares[("cos", arg)]):
            if a == b and i not in used and j not in used:
                used.update((i, j))
                extra.append(number(a))
    if not used:
        return parts
    return [p for i, p in enumerate(parts) if i not in used] + extra


def _same_conditions(parts):
    """where(c, a, b) + where(c, d, f) -> where(c, a + d, b + f): one case split, not two."""
    if sum(isinstance(p, Where) for p in parts) < 2:
        return parts
    merged, kept = {}, []
    for p in parts:
        if isinstance(p, Where) and p.condition in merged:
            first = merged[p.condition]
            kept[first] = where(p.condition, add(kept[first].then, p.then), add(kept[first].otherwise, p.otherwise))
            continue
        if isinstance(p, Where):
            merged[p.condition] = len(kept)
        kept.append(p)
    return kept


def negate(e):
    return mul(MINUS_ONE, e)


# ---------------------------------------------------------------- products
def mul(*factors):
    """The canonical product: flat, numbers folded into the coefficient, like bases collected (x*x^2 = x^3),
    a number times a sum distributed (2*(x+1) = 2*x + 2), a comparison's square the comparison itself."""
    coefficient = 1
    # base -> [its exponent, the factor while it is the only one of its base (canonical already: kept as it came)],
    # in order of first appearance: one lookup a factor
    bases = {}
    pending = list(factors)
    while pending:
        factor = pending.pop()
        if isinstance(factor, Number):
            coefficient = coefficient * factor.value
            continue
        if isinstance(factor, Mul):
            coefficient = coefficient * factor.coefficient.value
            pending.extend(factor.factors)
            continue
        base, exponent = (factor.base, factor.exponent) if isinstance(factor, Pow) else (factor, ONE)
        found = bases.get(base)
        if found is None:
            bases[base] = [exponent, factor]
        else:
            found[0] = add(found[0], exponent)
            found[1] = None
    if coefficient == 0:
        return ZERO
    parts = []
    comparisons = False
    for base, (exponent, alone) in bases.items():
        p = alone if alone is not None else power(base, exponent)
        if isinstance(p, Number):
            coefficient = coefficient * p.value
        elif isinstance(p, Mul):  # (2*x)^2 distributed by power: fold again
            return mul(number(coefficient), p, *[power(b, x) for b, (x, _) in bases.items() if b is not base])
        else:
            parts.append(p)
            comparisons = comparisons or p.__class__ is Rel
    if comparisons:  # (only comparisons decide one another)
        parts = _conjunction(parts)
        if parts is None:
            return ZERO
    coefficient = number(coefficient)
    if not parts:
        return coefficient
    if len(parts) == 1:
        if coefficient == ONE:
            return parts[0]
        if isinstance(parts[0], Add):  # distribute a number over a sum, as SymPy does: 2*(x + 1) = 2*x + 2
            return add(*[mul(coefficient, t) for t in parts[0].terms])
    if len(parts) > 1:
        parts.sort(key=factor_order)
    return Mul(coefficient, tuple(parts))


def _conjunction(parts):
    """The factors, comparisons of a name with a number that `u == v` beside them decides taken out: (x == 0) *
    (x >= 0) is (x == 0); None where they contradict it (the product is 0)."""
    fixed = {f.lhs: f.rhs.value for f in parts if isinstance(f, Rel) and f.op == "==" and isinstance(f.rhs, Number)}
    if not fixed:
        return parts
    kept = []
    for f in parts:
        if isinstance(f, Rel) and f.op != "==" and f.lhs in fixed and isinstance(f.rhs, Number):
            if not _HOLDS[f.op](fixed[f.lhs], f.rhs.value):
                return None
            continue
        kept.append(f)
    return kept


# ---------------------------------------------------------------- powers
def power(base, exponent):
    """The canonical power: x^0 = 1, x^1 = x, 1^x = 1, exact numbers folded, (x^a)^n = x^(a*n) for integer n,
    (x*y)^n = x^n*y^n for integer n, e^log(u) = u, a comparison to a positive power is itself."""
    if is_number(exponent, 0):
        return ONE
    if is_number(exponent, 1):
        return base
    if is_number(base, 1):
        return ONE
    if isinstance(base, Number):
        if base.value == 0 and isinstance(exponent, Number) and exponent.value > 0:
            return ZERO
        if isinstance(exponent, Number):
            folded = _pow_numbers(base, exponent)
            if folded is not None:
                return folded
    if isinstance(base, Pow) and is_integer(exponent):
        return power(base.base, mul(base.exponent, exponent))
    if isinstance(base, Mul) and is_integer(exponent):
        return mul(*[power(f, exponent) for f in (base.coefficient,) + base.factors])
    if base == E and isinstance(exponent, Call) and exponent.name == "log":
        return exponent.args[0]
    if isinstance(base, Rel) and isinstance(exponent, Number) and exponent.value > 0:
        return base
    return Pow(base, exponent)


def _pow_numbers(base, exponent):
    """base ** exponent when exact (or both floats), else None: powers stay symbolic (2^(1/2) is sqrt(2))."""
    b, e = base.value, exponent.value
    if isinstance(b, float) or isinstance(e, float):
        if b < 0 and not float(e).is_integer() or b == 0 and e < 0:
            return None
        return number(float(b) ** float(e))
    if e.denominator == 1:
        if b == 0 and e < 0 or abs(e) > 256 or abs(b.numerator) > 2 ** 64 or b.denominator > 2 ** 64:
            return None
        return number(Fraction(b) ** int(e))  # (an int's negative power would be a float)
    if b < 0 or e.denominator > 4:
        return None
    roots = [_exact_root(part, e.denominator) for part in (b.numerator, b.denominator)]
    if None in roots:
        return None
    return _pow_numbers(number(Fraction(roots[0], roots[1])), number(e.numerator))


def _exact_root(n, k):
    root = round(n ** (1.0 / k))
    for r in (root - 1, root, root + 1):
        if r >= 0 and r ** k == n:
            return r
    return None


# ---------------------------------------------------------------- comparisons and where
_FLIPPED = {">": "<", "<": ">", ">=": "<=", "<=": ">=", "==": "==", "!=": "!="}
_NEGATED = {">": "<=", "<": ">=", ">=": "<", "<=": ">", "==": "!=", "!=": "=="}
_HOLDS = {">": lambda a, b: a > b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
          "<=": lambda a, b: a <= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def rel(op, lhs, rhs):
    """A comparison, a number on the right (0 < x is x > 0); two numbers compare to 1 or 0."""
    if isinstance(lhs, Number) and isinstance(rhs, Number):
        return ONE if _HOLDS[op](lhs.value, rhs.value) else ZERO
    if lhs == rhs:
        return ONE if op in (">=", "<=", "==") else ZERO
    if isinstance(lhs, Number) and not isinstance(rhs, Number):
        op, lhs, rhs = _FLIPPED[op], rhs, lhs
    if isinstance(lhs, Call) and lhs.name == "relu" and rhs == ZERO and op in _RELU_SIGN:
        return Rel(_RELU_SIGN[op], lhs.args[0], rhs)  # relu(u) > 0 exactly where u > 0
    return Rel(op, lhs, rhs)


_RELU_SIGN = {">": ">", "!=": ">", "<=": "<=", "==": "<="}


def logical_not(condition):
    """not c for a comparison (x > 0 -> x <= 0) or a 0/1 number; None where that takes a product apart."""
    if isinstance(condition, Rel):
        return Rel(_NEGATED[condition.op], condition.lhs, condition.rhs)
    if isinstance(condition, Number):
        return ONE if condition.value == 0 else ZERO
    return None


def where(condition, then, otherwise):
    """where(c, a, b); with a zero branch it is a product with the comparison, where(x > 0, g, 0) = g*(x > 0),
    only where the other branch is finite at every finite point: where(x != 0, log(x), 0) is 0 at x = 0 as
    torch's masked backward is, and log(x)*(x != 0) would be nan there (-inf * 0)."""
    if isinstance(condition, Number):
        return then if condition.value != 0 else otherwise
    if then == otherwise:
        return then
    if is_number(otherwise, 0) and finite(then):
        return mul(then, condition)
    negated = logical_not(condition)
    if is_number(then, 0) and negated is not None and finite(otherwise):
        return mul(otherwise, negated)
    return Where(condition, then, otherwise)


# functions finite at every finite argument (their poles and the edges of their domains are elsewhere: log,
# tan, asin, ... are not among them)
_FINITE_FUNCTIONS = frozenset(("sin", "cos", "atan", "sinh", "cosh", "asinh", "tanh", "sigmoid", "erf", "erfc",
                               "relu", "abs", "sgn", "floor", "ceil", "round", "trunc", "softplus", "silu",
                               "gelu", "elu", "leaky_relu", "clamp", "clamp_min", "clamp_max", "maximum",
                               "minimum", "hypot", "logaddexp", "atan2", "sum", "mean", "max", "min",
                               "logsumexp", "amax", "amin", "remainder", "fmod", "nan_to_num"))


def finite(e):
    """Whether `e` is finite wherever its inputs are: numbers, names, comparisons, sums and products of finite
    parts, their non-negative integer powers, e^u, and functions without poles of finite arguments."""
    if isinstance(e, (Number, Rel)) or not e.children and not isinstance(e, Call):
        return not isinstance(e, Number) or e.value == e.value and abs(e.value) != float("inf")
    if isinstance(e, Pow):
        exponent = e.exponent
        if isinstance(e.base, Number) and e.base.value > 0 or e.base == E:
            return finite(exponent)
        return is_integer(exponent) and exponent.value >= 0 and finite(e.base)
    if isinstance(e, Call) and e.name not in _FINITE_FUNCTIONS:
        return False
    return all(finite(child) for child in e.children)


# ---------------------------------------------------------------- Python's operators on expressions
def _install_operators():
    """Expr gets +, -, *, /, ** and unary - building canonical forms: rules and tests can write `x**2 * y`."""
    def flipped(op):
        return lambda self, other: op(as_expr(other), self)
    operators = {
        "__add__": lambda self, other: add(self, as_expr(other)),
        "__sub__": lambda self, other: add(self, negate(as_expr(other))),
        "__mul__": lambda self, other: mul(self, as_expr(other)),
        "__truediv__": lambda self, other: mul(self, power(as_expr(other), MINUS_ONE)),
        "__pow__": lambda self, other: power(self, as_expr(other)),
        "__neg__": negate,
    }
    for name in ("add", "sub", "mul", "truediv", "pow"):
        operators["__r%s__" % name] = flipped(operators["__%s__" % name])
    for name, fn in operators.items():
        setattr(Expr, name, fn)


_install_operators()
