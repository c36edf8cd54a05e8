"""`gradcli diff EXPR x --steps`: the derivative derived rule by rule, as a calculus book shows it.

    >>> from gradcli.symbolic.derivation import derivation
    >>> for step in derivation("x^2*sin(x)", "x"):
    ...     print(step.text())
    d/dx(x^2*sin(x)) = x^2*d/dx(sin(x)) + sin(x)*d/dx(x^2)    product rule: (u*v)' = u*v' + u'*v
    d/dx(sin(x)) = cos(x)    sin'(u) = cos(u)
    d/dx(x^2) = 2*x    power rule: (u^n)' = n*u^(n - 1)*u'
    d/dx(x^2*sin(x)) = x^2*cos(x) + 2*x*sin(x)    substituting

Each step is an equation `lhs = rhs` whose sides may hold derivatives not yet taken (`d/dx(u)`, a Call named
"d/dx"), and the rule that makes it true. The rules are the op table's formula texts, the same ones `diff`
composes and `--explain` shows: a tape entry's partial derivative with respect to an operand is its formula
evaluated with grad = 1, and the rule's general form is the same formula evaluated on symbols u and v. Steps
cover elementwise expressions (no reductions).
"""

from . import algebra as al
from .dispatch import Value
from .expr import ONE, ZERO, Call, Number, Rel, Symbol, Where, free_names
from .functions import rebuild
from .helpers import FORMULA_NAMES
from .printer import to_latex, to_text
from .reverse import _FUNCTIONS, _SPREADING, formulas, template, trace
from .simplify import simplify
from .trace import Evaluator, NoSymbolicRule


class Step:
    """One line of a derivation: lhs = rhs, true by `rule` (words, in ordinary notation)."""

    __slots__ = ("lhs", "rhs", "rule")

    def __init__(self, lhs, rhs, rule):
        self.lhs, self.rhs, self.rule = lhs, rhs, rule

    def text(self, variables=()):
        return "%s = %s    %s" % (to_text(self.lhs, variables), to_text(self.rhs, variables), self.rule)

    def to_dict(self, variables=()):
        return {"lhs": to_text(self.lhs, variables), "rhs": to_text(self.rhs, variables), "rule": self.rule,
                "latex": "%s = %s" % (to_latex(self.lhs, variables), to_latex(self.rhs, variables))}


def d(u, name):
    """The derivative of `u` with respect to `name`, not yet taken: printed d/dx(u)."""
    return Call("d/d" + name, [u], ())


def derivation(text, name, inputs=None, filename="<expression>"):
    """The steps deriving d/d<name> of `text`: each rule applied, each inner derivative taken, substituted,
    then the simplified form (the one `diff` prints). Raises NoSymbolicRule outside elementwise expressions."""
    from .derive import inputs_of, parse_expression
    names = list(dict.fromkeys(list(inputs if inputs is not None else inputs_of(text, [name], filename)) + [name]))
    output, leaves, tape = trace(parse_expression(text, filename), names)
    lines = []
    total = _Derivation(name, leaves[name], lines).derive(output)
    final = simplify(total)
    if not lines:  # a constant or the input itself
        lines.append(Step(d(output.expr, name), total, "the derivative of %s" % (
            "the input itself is 1" if total == ONE else "a constant is 0")))
    if final != total:
        lines.append(Step(d(output.expr, name), final, "simplified"))
    return lines


class _Derivation:
    def __init__(self, name, leaf, lines):
        self.name, self.leaf, self.lines = name, leaf, lines
        self.done = {}      # tape node -> its derivative, taken once
        self.reaches = {}   # tape node -> whether it depends on the input

    def depends(self, value):
        node = value.node if isinstance(value, Value) else None
        if node is None:
            return False
        if node is self.leaf:
            return True
        if node.overload is None:  # another input
            return False
        if node not in self.reaches:
            self.reaches[node] = any(self.depends(v) for v in node.inputs.values())
        return self.reaches[node]

    def derive(self, value):
        if not self.depends(value):
            return ZERO
        node = value.node
        if node is self.leaf:
            return ONE
        if node in self.done:
            return self.done[node]
        if node.overload in _SPREADING:
            raise NoSymbolicRule("%s in a derivation (--steps covers elementwise expressions)" % node.overload)
        partials = [(operand, _partial(node, name)) for name, operand in _operands(node) if self.depends(operand)]
        lhs = d(node.result, self.name)
        applied = al.add(*[al.mul(p, ONE if u.node is self.leaf else d(u.expr, self.name)) for u, p in partials])
        if len(partials) == 1 and partials[0][1] == ONE and partials[0][0].expr == node.result:
            return self.derive(partials[0][0])  # 1/x is reciprocal(x)*1: no step of its own
        self.lines.append(Step(lhs, applied, _rule(node, partials, self.leaf)))
        inner = [u for u, _ in partials if u.node is not self.leaf]
        if not inner:
            result = applied
        else:
            taken = {u.node: self.derive(u) for u in inner}
            result = al.add(*[al.mul(p, taken.get(u.node, ONE)) for u, p in partials])
            self.lines.append(Step(lhs, result, "substituting"))
        self.done[node] = result
        return result


def _operands(node):
    return [(name, node.inputs[name]) for name in formulas(node.overload) if name in node.inputs]


def _partial(node, name, inputs=None, result=None):
    """The row's formula for input `name` with grad = 1: the partial derivative of the entry's result."""
    env = dict(FORMULA_NAMES)
    env.update((k, Value(v.expr) if isinstance(v, Value) else v) for k, v in node.params.items())
    env.update((k, Value(v.expr)) for k, v in (inputs or node.inputs).items())
    env["grad"], env["result"] = Value(ONE), Value(node.result if result is None else result)
    return Evaluator(env, functions=_FUNCTIONS).evaluate(template(formulas(node.overload)[name])).expr


_U, _V = Symbol("u"), Symbol("v")
_NAMED = {"add.Tensor": "sum rule", "sub.Tensor": "difference rule", "rsub.Scalar": "difference rule",
          "mul.Tensor": "product rule", "div.Tensor": "quotient rule", "neg": "constant multiple rule",
          "reciprocal": "reciprocal rule", "pow.Tensor_Scalar": "power rule", "pow.Scalar": "exponential rule",
          "pow.Tensor_Tensor": "power rule for u^v"}


def _rule(node, partials, leaf):
    """The rule's name and its general form, from the row's formulas evaluated on symbols."""
    overload = node.overload
    named = _NAMED.get(overload)
    dependent = [u for u, _ in partials]
    if overload in ("mul.Tensor", "div.Tensor") and len(dependent) == 1 and "self" in node.inputs \
            and node.inputs["self"] is dependent[0]:
        named = "constant multiple rule"
    general = _general_form(node)
    if overload in ("add.Tensor", "sub.Tensor") and len(dependent) == 1 and general:
        general += ", and a constant's derivative is 0"
    chain = any(u.node is not leaf for u in dependent)
    if named is None:  # a function of its operands: its derivative from the row, and the chain rule inside
        named = "chain rule, " if chain else ""
        return named + (general or "the partial derivatives of %s" % overload) + _subgradient(node, partials)
    return named + (": " + general if general else "") + _subgradient(node, partials)


def _general_form(node):
    """The rule on symbols: (u*v)' = u*v' + u'*v, sin'(u) = cos(u); None where the symbols do not serve."""
    names = [name for name, _ in _operands(node)]
    if len(names) > 2 or not names:
        return None
    symbols = dict(zip(names, (_U, _V)))
    if len({node.inputs[n].expr for n in names}) < len(names):  # x*x: one operand twice
        return None
    inputs = dict(node.inputs, **{name: Value(s) for name, s in symbols.items()})
    result = _substitute(node.result, {node.inputs[n].expr: s for n, s in symbols.items()})
    if result is None:
        return None
    try:
        partials = [(_partial(node, n, inputs, result), symbols[n]) for n in names]
    except (NoSymbolicRule, TypeError, KeyError):
        return None
    if node.overload in _NAMED:
        derivative = al.add(*[al.mul(p, Symbol(s.name + "'")) for p, s in partials])
        return "(%s)' = %s" % (to_text(result), to_text(derivative))
    if len(partials) == 1:
        return "%s'(u) = %s" % (node.overload.split(".")[0], to_text(partials[0][0]))
    return ", ".join("d%s/d%s = %s" % (_name(result), s.name, to_text(p)) for p, s in partials)


def _name(e):
    return e.name if isinstance(e, Call) else "f"


def _substitute(e, mapping):
    """`e` with each expression of `mapping` replaced (None where an operand is not found as a whole)."""
    def walk(e):
        if e in mapping:
            return mapping[e]
        if not e.children:
            return e
        return rebuild(e, [walk(c) for c in e.children])
    replaced = walk(e)
    return replaced if set(free_names(replaced)) == set(s.name for s in mapping.values()) else None


def _subgradient(node, partials):
    """Where the row's derivative is a choice at a kink (a comparison, sgn), torch's choice named: relu'(0) = 0."""
    for operand, partial in partials:
        if not _has_kink(partial) or len(partials) != 1:
            continue
        at_zero = _substitute_number(partial, operand.expr)
        if isinstance(at_zero, Number):
            return "; torch's subgradient at the kink: %s'(0) = %s" % (node.overload.split(".")[0], to_text(at_zero))
    return ""


def _has_kink(e):
    if isinstance(e, (Rel, Where)) or isinstance(e, Call) and e.name == "sgn":
        return True
    return any(_has_kink(c) for c in e.children)


def _substitute_number(e, operand):
    def walk(e):
        if e == operand:
            return ZERO
        if not e.children:
            return e
        return rebuild(e, [walk(c) for c in e.children])
    return walk(e)
