"""From text to derivatives: the expression's inputs, and its N-th derivative with respect to each of them."""

from . import reverse
from .simplify import simplify
from .printer import to_text
from .trace import _CONSTANTS, NoSymbolicRule, kind_of  # noqa: F401 (NoSymbolicRule: what derivatives raises)


def parse_expression(text, filename="<expression>"):
    from ..lang.syntax.parser import parse
    return parse(text, filename, start="expression")


def inputs_of(text, given=(), filename="<expression>", tree=None):
    """The free names of an expression, in order of appearance: names that are not called (`sin` in sin(x)),
    not attributes, not keywords, not `torch`, and not `pi` or `e` unless `given` names them. `tree`: the text
    parsed already (parse_expression), when the caller has it."""
    names = {}
    pending = [tree if tree is not None else parse_expression(text, filename)]
    while pending:
        node = pending.pop()
        kind = kind_of(node)
        if kind == "NAME":
            name = str(node)
            if name != "torch" and (name not in _CONSTANTS or name in given):
                names.setdefault(name, None)
            continue
        if not hasattr(node, "children"):
            continue
        children = list(node.children)
        if kind == "call" and kind_of(children[0]) == "NAME":
            children = children[1:]  # the called name is a function
        elif kind in ("attribute", "keyword"):
            children = children[:1] if kind == "attribute" else children[1:]
        pending.extend(reversed([c for c in children if c is not None]))
    return list(names)


def derivatives(text, wrt, order=1, inputs=None, filename="<expression>", tree=None):
    """name -> the `order`-th derivative of `text` with respect to that name, simplified (an Expr). For a
    non-scalar expression, the derivative of the sum of its elements; for order > 1, the derivative of the
    sum of the previous one broadcast to the input's shape (torch's repeated autograd.grad of the sum).
    `inputs` are the names that are inputs (default: the free names and `wrt`). Raises NoSymbolicRule where
    an operation has no symbolic rule, GradcliError for a syntax error. `tree`: the text parsed already."""
    if tree is None:
        tree = parse_expression(text, filename)
    inputs = list(dict.fromkeys(list(inputs if inputs is not None else inputs_of(text, wrt, filename, tree))
                                + list(wrt)))
    try:
        output, leaves, tape = reverse.trace(tree, inputs)
    except NoSymbolicRule as rule:
        if rule.node is not None:
            from ..lang.compile.expressions import ExpressionCompiler
            rule.position = ExpressionCompiler(text, filename, tree, "expression").position(rule.node)
        raise
    first = reverse.gradients(output, leaves, tape)
    result = {}
    for name in wrt:
        d = simplify(first[name])
        for _ in range(order - 1):
            output, leaves, tape = reverse.trace(parse_expression(to_text(d, inputs)), inputs)
            d = simplify(reverse.gradients(output, leaves, tape, reverse.seed_for(d, name))[name])
        result[name] = d
    return result
