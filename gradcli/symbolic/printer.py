"""Printing expressions: gradcli's math spelling (which `gradcli eval` evaluates back) and LaTeX.

Both print a product as a fraction when it has factors with negative powers (`3*x/(2*y)`), powers of 1/2 as
square roots, e^u as exp(u), and a sum with its positive terms first (`1 - x^2`). A comparison inside a product
is a 0/1 factor: `2*x*(x > 0)`; on its own it is printed `where(x > 0, 1.0, 0.0)`, so that its value is a
number and the subgradient convention reads off the text.
"""

from fractions import Fraction

from .algebra import negate, power
from .expr import E, HALF, ONE, Add, Const, Mul, Number, Pow, Rel, Symbol, Where, split_coefficient
from .functions import negative

_COMPARISON, _SUM, _PRODUCT, _UNARY, _POWER, _ATOM = 0, 1, 2, 3, 4, 5


class _Printer:
    """Shared layout; the two spellings differ in their leaves, calls and fraction bars."""

    def __init__(self, variables=()):
        self.variables = set(variables)  # names that are inputs: a constant of that name is spelled otherwise
        # a node prints alike wherever it stands (its parent parenthesizes it): each is printed once per printer,
        # so that printing many forms that share subexpressions (simplify's candidates) prints those once
        self.printed = {}

    def text(self, e):
        return self.print(e)[0]

    def print(self, e):
        """(text, precedence)."""
        found = self.printed.get(e)
        if found is None:
            found = self.printed[e] = self._print(e)
        return found

    def _print(self, e):
        if isinstance(e, Number):
            return self.number(e.value)
        if isinstance(e, Symbol):
            return self.symbol(e.name), _ATOM
        if isinstance(e, Const):
            return self.constant(e.name), _ATOM
        if isinstance(e, Add):
            return self.sum(e), _SUM
        if isinstance(e, (Mul, Pow)):
            return self.product(e)
        if isinstance(e, Rel):
            return self.indicator([e], ONE), _ATOM
        if isinstance(e, Where):
            return self.where(e), _ATOM
        return self.call(e), _ATOM

    def wrapped(self, e, below):
        text, precedence = self.print(e)
        return self.parenthesized(text) if precedence <= below else text

    def sum(self, e):
        terms = list(e.terms)
        first = next((t for t in terms if not negative(t)), None)
        if first is not None and negative(terms[0]):  # 1 - x rather than -x + 1
            terms.remove(first)
            terms.insert(0, first)
        out = self.wrapped(terms[0], 0)
        for t in terms[1:]:
            if negative(t):
                out += " - " + self.wrapped(negate(t), _SUM)
            else:
                out += " + " + self.wrapped(t, _SUM)
        return out

    def product(self, e, negated=False):
        coefficient, _ = split_coefficient(e)
        factors = e.factors if isinstance(e, Mul) else (e,)
        if coefficient < 0:
            text, _ = self.product(negate(e), negated=True)
            return "-" + text, _UNARY
        numerator, denominator = [], []
        for f in factors:
            if isinstance(f, Pow) and f.base != E and negative(f.exponent):
                denominator.append(power(f.base, negate(f.exponent)))
            else:
                numerator.append(f)
        if numerator and all(isinstance(f, Rel) for f in numerator) and not denominator:
            text = self.indicator(numerator, Number(coefficient))  # only comparisons: where(c, k, 0.0)
            if text is not None:
                return text, _ATOM
        top = []
        if isinstance(coefficient, float):
            top.append(self.number(coefficient)[0])
        else:
            if coefficient.numerator != 1:
                top.append(self.number(Fraction(coefficient.numerator))[0])
            if coefficient.denominator != 1:
                denominator.insert(0, Number(Fraction(coefficient.denominator)))
        if negated and not top and numerator and isinstance(numerator[0], Rel) and self.parenthesize_conditions:
            # `-` before a mask is an error in torch: a factor that is a number goes first, else where(c, 1.0, 0.0)
            numerator.sort(key=lambda f: isinstance(f, Rel))
            if isinstance(numerator[0], Rel):
                top.append(self.indicator([numerator.pop(0)], ONE))
        if len(numerator) == 1 and not top and not denominator:
            return self.factor(numerator[0])
        top += [self.wrapped_factor(f) for f in numerator]
        if not denominator:
            return self.times(top), _PRODUCT
        return self.fraction(self.times(top) if top else "1", denominator), _PRODUCT

    def wrapped_factor(self, f):
        if isinstance(f, Rel):
            return self.parenthesized(self.condition(f)) if self.parenthesize_conditions else self.indicator([f], ONE)
        text, precedence = self.factor(f) if isinstance(f, Pow) else self.print(f)
        return self.parenthesized(text) if precedence < _PRODUCT else text

    def factor(self, f):
        if not isinstance(f, Pow):
            return self.print(f)
        base, exponent = f.base, f.exponent
        if base == E:
            return self.exp(exponent), _ATOM
        if exponent == HALF:
            return self.sqrt(self.text(base)), _ATOM
        return self.power(self.wrapped(base, _POWER), exponent), _POWER


class MathPrinter(_Printer):
    """gradcli's math spelling: `2*x*sin(x) + x^2*cos(x)`."""

    parenthesize_conditions = True

    def number(self, value):
        if isinstance(value, float):
            text = repr(value)
            if text in ("inf", "-inf", "nan"):
                text = text.replace("inf", "torch.inf").replace("nan", "torch.nan")
            return text, (_UNARY if value < 0 else _ATOM)
        if value.denominator == 1:
            return str(value.numerator), (_UNARY if value < 0 else _ATOM)
        return "%d/%d" % (value.numerator, value.denominator), _PRODUCT

    def symbol(self, name):
        return name

    def constant(self, name):
        return name if name not in self.variables else "torch." + name

    def parenthesized(self, text):
        return "(" + text + ")"

    def times(self, parts):
        return "*".join(parts)

    def fraction(self, top, bottom):
        parts = [self.wrapped_factor(f) for f in bottom]
        return top + "/" + (parts[0] if len(parts) == 1 else "(" + "*".join(parts) + ")")

    def power(self, base, exponent):
        if isinstance(exponent, (Symbol, Const)) or isinstance(exponent, Number) and \
                exponent.value.__class__ is int and exponent.value >= 0:
            return base + "^" + self.text(exponent)
        return base + "^(" + self.text(exponent) + ")"

    def exp(self, exponent):
        return "exp(" + self.text(exponent) + ")"

    def sqrt(self, text):
        return "sqrt(" + text + ")"

    def condition(self, e):
        return "%s %s %s" % (self.wrapped(e.lhs, _COMPARISON), e.op, self.wrapped(e.rhs, _COMPARISON))

    def indicator(self, comparisons, coefficient):
        """Comparisons alone: where(c, k, 0.0), a float tensor (torch refuses arithmetic such as `-` on bool)."""
        conditions = [self.condition(c) for c in comparisons]
        k = coefficient.value
        k = repr(float(k)) if isinstance(k, float) or k.denominator == 1 else self.number(k)[0]
        joined = conditions[0] if len(conditions) == 1 else " & ".join("(%s)" % c for c in conditions)
        return "where(%s, %s, 0.0)" % (joined, k)

    def where(self, e):
        return "where(%s, %s, %s)" % (self._condition_text(e.condition), self.text(e.then), self.text(e.otherwise))

    def _condition_text(self, c):
        if isinstance(c, Rel):
            return self.condition(c)
        if isinstance(c, Mul) and all(isinstance(f, Rel) for f in c.factors):
            return " & ".join("(%s)" % self.condition(f) for f in c.factors)
        return self.text(c)

    def call(self, e):
        if e.name.startswith("d/d"):  # a derivative not yet taken, in a step of symbolic.derivation
            return "%s(%s)" % (e.name, self.text(e.args[0]))
        if e.name == "size":
            return "%s.size(%d)" % (self.wrapped(e.args[0], _POWER), e.param("dim"))
        args = [self.text(a) for a in e.args]
        args += ["%s=%r" % (k, v) for k, v in sorted(e.params, key=_param_order)]
        return "%s(%s)" % (e.name, ", ".join(args))


class LatexPrinter(_Printer):
    """LaTeX: `2 x \\sin{\\left(x \\right)} + x^{2} \\cos{\\left(x \\right)}` (SymPy's layout); comparisons are
    Iverson brackets, [x > 0]."""

    parenthesize_conditions = False

    _NAMED = {"sin", "cos", "tan", "sinh", "cosh", "tanh", "log", "arcsin", "arctan"}
    _RENAMED = {"asin": "arcsin", "atan": "arctan"}

    def number(self, value):
        if isinstance(value, float):
            return repr(value), (_UNARY if value < 0 else _ATOM)
        if value.denominator == 1:
            return str(value.numerator), (_UNARY if value < 0 else _ATOM)
        return "\\frac{%d}{%d}" % (value.numerator, value.denominator), _ATOM

    def symbol(self, name):
        return name if len(name) == 1 else "\\mathrm{%s}" % name.replace("_", "\\_")

    def constant(self, name):
        return "\\pi" if name == "pi" else "e"

    def parenthesized(self, text):
        return "\\left(" + text + "\\right)"

    def times(self, parts):
        return " ".join(parts)

    def fraction(self, top, bottom):
        below = self.text(bottom[0]) if len(bottom) == 1 else " ".join(self.wrapped_factor(f) for f in bottom)
        return "\\frac{%s}{%s}" % (top, below)

    def power(self, base, exponent):
        return "%s^{%s}" % (base, self.text(exponent))

    def exp(self, exponent):
        return "e^{%s}" % self.text(exponent)

    def sqrt(self, text):
        return "\\sqrt{%s}" % text

    def condition(self, e):
        op = {">=": "\\geq", "<=": "\\leq", "==": "=", "!=": "\\neq"}.get(e.op, e.op)
        return "%s %s %s" % (self.text(e.lhs), op, self.text(e.rhs))

    def indicator(self, comparisons, coefficient):
        if coefficient != ONE:
            return None
        return " ".join("\\left[%s\\right]" % self.condition(c) for c in comparisons)

    def where(self, e):
        return "\\begin{cases} %s & \\text{if } %s \\\\ %s & \\text{otherwise} \\end{cases}" % (
            self.text(e.then), self.condition(e.condition) if isinstance(e.condition, Rel) else self.text(e.condition),
            self.text(e.otherwise))

    def call(self, e):
        if e.name.startswith("d/d"):
            return "\\frac{d}{d%s}\\left(%s\\right)" % (self.symbol(e.name[3:]), self.text(e.args[0]))
        name = self._RENAMED.get(e.name, e.name)
        args = ", ".join([self.text(a) for a in e.args] + ["\\mathrm{%s}=%s" % (k.replace("_", "\\_"), v)
                                                           for k, v in e.params])
        if e.name == "abs":
            return "\\left|%s\\right|" % args
        if e.name == "size":
            return "\\operatorname{size}_{%d}\\left(%s\\right)" % (e.param("dim"), self.text(e.args[0]))
        head = "\\" + name if name in self._NAMED else "\\operatorname{%s}" % name.replace("_", "\\_")
        return "%s{\\left(%s \\right)}" % (head, args)


def _param_order(pair):
    """clamp(x, min=0, max=1): bounds and dims in the order torch's signatures have them."""
    return (_PARAMS.index(pair[0]) if pair[0] in _PARAMS else len(_PARAMS), pair[0])


_PARAMS = ("min", "max", "dim", "keepdim")


def to_text(e, variables=()):
    """`e` in gradcli's math spelling; `variables` are the input names (a constant of that name is written
    torch.pi, torch.e)."""
    return MathPrinter(variables).text(e)


def to_latex(e, variables=()):
    return LatexPrinter(variables).text(e)
