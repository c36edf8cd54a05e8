"""Reverse mode over formulas: the symbolic gradient of an expression, composed from the op table's formula texts
(gradcli/ops: each row carries, per differentiable input, its formula as text beside the code backward runs).

As autograd's engine does with numbers, but with expressions: the gradient of the output starts at 1; each tape
entry, last first, evaluates the formula of each of its inputs with `grad` bound to the gradient arrived so far,
`self`/`other`/... to the inputs' expressions, `result` to its own, and its parameters; what reaches an input is
summed. A gradient that arrives with more elements than its input (an input broadcast against a tensor) is
summed down to the input's shape, as the engine's sum_to does.
"""

from . import algebra as al
from . import expr as ex
from .dispatch import DISPATCH, Rules, Value
from .functions import FULL, SCALAR, call, numel, shape_class
from .helpers import FORMULA_NAMES, HELPERS
from .trace import Evaluator, Node, NoSymbolicRule

_templates = {}  # formula text -> its parse tree
_formulas = {}   # overload -> {input: formula text}, read from the op table once each
_FUNCTIONS = Rules(DISPATCH, **HELPERS)  # what formula texts may call


def formulas(overload):
    """input name -> formula text, of the op table's row for `overload`."""
    found = _formulas.get(overload)
    if found is None:
        from ..ops import families
        row = families.row(overload)
        found = _formulas[overload] = {row.inputs[i]: d.formula for i, d in zip(row.edges, row.rules)}
    return found


def template(text):
    """The parse tree of a formula text (parsed once)."""
    tree = _templates.get(text)
    if tree is None:
        from ..lang.syntax.parser import parse
        tree = _templates[text] = parse(text, "<formula>", start="expression")
    return tree


def trace(tree, names):
    """Evaluate the parse tree of an expression with each of `names` an input: (output Value, leaf Node per
    name, tape)."""
    leaves = {name: Node(None, {}, {}, ex.Symbol(name)) for name in names}
    env = {name: Value(leaf.result, leaf) for name, leaf in leaves.items()}
    tape = []
    output = Evaluator(env, tape).evaluate(tree)
    if not isinstance(output, Value):
        raise NoSymbolicRule("an expression whose value is not a number or a tensor", tree)
    return output, leaves, tape


# rows whose formula spreads the gradient back over the input's shape itself (grad.expand(self.shape))
_SPREADING = frozenset(("sum", "sum.dim_IntList", "mean", "mean.dim", "max", "min", "logsumexp"))


def gradients(output, leaves, tape, seed=ex.ONE):
    """The gradient of `output` (of the sum of its elements) with respect to each leaf: name -> expression.
    The gradient reaching a node has the shape of the node's result; `seed` is the output's."""
    grads = {}
    if output.node is not None:
        grads[output.node] = seed
    for node in reversed(tape):
        g = grads.pop(node, None)
        if g is None or g == ex.ZERO:
            continue
        env = dict(FORMULA_NAMES)
        env.update((name, Value(v.expr) if isinstance(v, Value) else v) for name, v in node.params.items())
        env.update((name, Value(v.expr)) for name, v in node.inputs.items())
        env["grad"], env["result"] = Value(g), Value(node.result)
        for name, text in formulas(node.overload).items():
            operand = node.inputs.get(name)
            if operand is None or operand.node is None:
                continue
            contribution = Evaluator(env, functions=_FUNCTIONS).evaluate(template(text)).expr
            if node.overload not in _SPREADING:
                contribution = sum_to(contribution, node.result, operand.expr)
            previous = grads.get(operand.node)
            grads[operand.node] = contribution if previous is None else al.add(previous, contribution)
    return {name: grads.get(leaf, ex.ZERO) for name, leaf in leaves.items()}


def sum_to(g, result, operand):
    """`g`, a gradient shaped like `result` (the operands broadcast), summed down to the shape of `operand`
    (the engine's sum_to). A `g` that does not vary over the summed elements is multiplied by their number."""
    target = shape_class(operand)
    if target == FULL:  # (an elementwise operand, the common case: its shape is the result's, nothing to sum)
        return g
    source = shape_class(result)
    if source == target or source == SCALAR:
        return g
    kind = shape_class(g)
    if kind == SCALAR or kind != source and kind != FULL:
        return g * numel(result) / numel(operand)
    if target == SCALAR:
        return call("sum", [g])
    if source == FULL:
        _, dim, keepdim = target
        return call("sum", [g], {"dim": dim, "keepdim": keepdim})
    raise NoSymbolicRule("a gradient broadcast between reductions along different dims")


def seed_for(previous, name):
    """The gradient to start the next order from: torch differentiates the sum of the previous derivative
    broadcast to the input's shape, so each of its elements counts once per copy."""
    return numel(ex.Symbol(name)) / numel(previous) if shape_class(previous) != FULL else ex.ONE
