"""A gradient formula of the op table with one node's parameters bound, in a form a learner reads.

The formula text (derivatives.yaml's spelling) is evaluated symbolically: the values it names — `grad`, the op's
inputs (`self`, `other`, ...), `result` — stay names, the op's parameters (`exponent`, `alpha`, ...) become their
numbers, and an input's `numel()` or `size(d)` its count; then the result is simplified. PowBackward0's
`grad * (exponent * self.pow(exponent - 1))` with exponent 2 reads `2*grad*self`, MeanBackward0's
`grad.expand(self.shape) / self.numel()` of a 2x2 input `grad/4`. With a number for each name, the same form is
the arithmetic to check by hand: `2*0.75*3`.

Formulas the symbolic algebra has no rule for (structural helpers such as sum_backward, indexing) give None: an
explanation then shows the text and its parameters as they are.
"""

from ..symbolic.dispatch import Value
from ..symbolic.expr import Call, Symbol, free_names, number
from ..symbolic.functions import rebuild
from ..symbolic.printer import MathPrinter
from ..symbolic.reverse import template
from ..symbolic.simplify import simplify
from ..symbolic.trace import Evaluator

_PLAIN = (bool, int, float, type(None))


class Bound:
    """A formula with parameters bound: `text` (gradcli's math spelling), `names` (the values it still names),
    and `arithmetic(values)`, the same form with numbers for the names."""

    def __init__(self, expr):
        self.expr = expr
        self.text = MathPrinter().text(expr)
        self.names = tuple(free_names(expr))

    def arithmetic(self, values):
        """The form with each name replaced by its number (`values`: name -> float): `2*0.75*3`."""
        return _NumbersPrinter(values).text(self.expr)

    def __repr__(self):
        return "<Bound %s>" % self.text


_BOUND = {}  # (formula, names, params, shapes) -> Bound or None: a loop's backward binds one formula many times


def bind(formula, names, params, shapes=None):
    """The Bound form of `formula` (a derivative's text) with `names` (the value names) left as names and
    `params` (name -> python value) put in; `shapes` (name -> shape tuple) turn numel() and size(d) into counts.
    None where the formula needs more than the algebra has (or a parameter is not a plain value). The same
    arguments give the same (shared) Bound: simplifying takes milliseconds, and a loop's steps repeat."""
    try:
        key = (formula, tuple(names), tuple(sorted((k, type(v), v) for k, v in params.items())),
               tuple(sorted((shapes or {}).items())))
        hash(key)
    except TypeError:  # (a parameter that is no plain value: _bind says None)
        key = None
    if key is not None and key in _BOUND:
        return _BOUND[key]
    found = _bind(formula, names, params, shapes)
    if key is not None and len(_BOUND) < 4096:
        _BOUND[key] = found
    return found


def _bind(formula, names, params, shapes):
    env = {name: Value(Symbol(name)) for name in names}
    for name, value in params.items():
        if not isinstance(value, _PLAIN):
            return None
        env[name] = value if isinstance(value, (bool, type(None))) else Value(number(value))
    try:
        value = Evaluator(env).evaluate(template(formula))
        if not isinstance(value, Value):
            return None
        return Bound(simplify(_counted(value.expr, shapes or {})))
    except Exception:  # noqa: BLE001 (NoSymbolicRule, or arguments the algebra does not take: no simpler form)
        return None


def _counted(e, shapes):
    """`e` with numel(x) and size(x, d) of a name whose shape is known replaced by the count."""
    if isinstance(e, Call) and e.name in ("numel", "size") and len(e.args) == 1 and isinstance(e.args[0], Symbol):
        shape = shapes.get(e.args[0].name)
        if shape is not None:
            if e.name == "numel":
                count = 1
                for n in shape:
                    count *= n
                return number(count)
            dim = e.param("dim")
            if isinstance(dim, int) and -len(shape) <= dim < len(shape):
                return number(shape[dim])
    if not e.children:
        return e
    return rebuild(e, [_counted(c, shapes) for c in e.children])


def number_text(value):
    """A number as the arithmetic shows it: 0.75, 3, -0.5, 1e-08."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, int) or float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return "%.6g" % value


class _NumbersPrinter(MathPrinter):
    def __init__(self, values):
        super().__init__()
        self.values = values

    def symbol(self, name):
        if name not in self.values:
            return name
        text = number_text(self.values[name])
        return "(%s)" % text if text.startswith("-") else text
