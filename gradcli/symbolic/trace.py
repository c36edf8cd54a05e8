"""Symbolic evaluation of gradcli's expression syntax: the parse tree of an expression (or of a gradient formula)
evaluated with expressions for values.

Evaluating a user's expression records a tape, one entry per torch overload applied to something that depends on
an input (as autograd records a graph), which symbolic.reverse walks backwards. Evaluating a formula records
nothing: its names (`grad`, `self`, `result`, `exponent`, ...) are bound to expressions and python values.
Which overload an operator or a call is: symbolic.dispatch.
"""

from . import algebra as al
from . import expr as ex
from .dispatch import DISPATCH, Value, as_value
from .expr import number
from .functions import ALIASES


def kind_of(node):
    """A parse-tree node's rule, or a leaf token's type (lang.compile.expressions.kind_of, whose module would load the
    interpreter and numpy: `gradcli diff` without --at needs neither)."""
    data = getattr(node, "data", None)
    return data if data is not None else node.type


class NoSymbolicRule(Exception):
    """An operation `diff` has no symbolic rule for (indexing, matmul, softmax, ...); `node` is where."""

    def __init__(self, what, node=None):
        super().__init__(what)
        self.what, self.node = what, node
        self.position = None  # set by whoever knows the text the node belongs to


class Node:
    """One application of an overload on the tape; a leaf (an input) has overload None."""

    __slots__ = ("overload", "inputs", "params", "result")

    def __init__(self, overload, inputs, params, result):
        self.overload, self.inputs, self.params, self.result = overload, inputs, params, result


class ShapeOf:
    """`self.shape` inside a formula: what `expand` broadcasts to."""

    def __init__(self, value):
        self.value = value


class Function:
    """A function name seen before its call (`sin`, `torch.sin`)."""

    def __init__(self, name):
        self.name = name


_TORCH = object()
_CONSTANTS = {"pi": ex.PI, "e": ex.E}


class Evaluator:
    """Evaluates parse trees of the expression syntax over `env` (name -> Value or python value) and the functions
    of `functions` (name -> dispatch rule); records onto `tape` (a list) when one is given."""

    def __init__(self, env, tape=None, functions=DISPATCH):
        self.env, self.tape, self.functions = env, tape, functions

    def evaluate(self, node):
        rule = getattr(self, "e_" + kind_of(node), None)
        if rule is None:
            raise NoSymbolicRule(_DESCRIPTIONS.get(kind_of(node), "this construct"), node)
        return rule(node)

    def e_expression(self, node):
        return self.evaluate(node.children[0])

    def e_NAME(self, token):
        name = str(token)
        if name in self.env:
            return self.env[name]
        if name in _CONSTANTS:
            return Value(_CONSTANTS[name])
        if name == "torch":
            return _TORCH
        if name in self.functions or ALIASES.get(name) in self.functions:
            return Function(name)
        raise NoSymbolicRule("the name '%s'" % name, token)

    def e_INT(self, token):
        text = str(token).replace("_", "")
        return Value(number(int(text, 0) if text[:2].lower() in ("0x", "0o", "0b") else int(text)))

    def e_FLOAT(self, token):
        return Value(number(float(str(token).replace("_", ""))))

    def e_true(self, node):
        return True

    def e_false(self, node):
        return False

    def e_none(self, node):
        return None

    # ------------------------------------------------------------ operators
    def _binary(self, node, name):
        a, b = (self.evaluate(c) for c in node.children)
        return self.apply(name, [a, b], {}, node)

    def e_add(self, node):
        return self._binary(node, "add")

    def e_sub(self, node):
        return self._binary(node, "sub")

    def e_mul(self, node):
        return self._binary(node, "mul")

    def e_div(self, node):
        a, b = (self.evaluate(c) for c in node.children)
        if not as_value(a).is_tensor and as_value(b).is_tensor:  # number / x is x.__rtruediv__: reciprocal(x) * number
            return self.apply("mul", [self.apply("reciprocal", [b], {}, node), a], {}, node)
        return self.apply("div", [a, b], {}, node)

    def e_pow(self, node):
        return self._binary(node, "pow")

    def e_neg(self, node):
        return self.apply("neg", [self.evaluate(node.children[0])], {}, node)

    def e_pos(self, node):
        return self.evaluate(node.children[0])

    def e_bitand(self, node):  # masks: (a > 0) & (b < 1) is the product of the two indicators
        a, b = (as_value(self.evaluate(c)) for c in node.children)
        return Value(al.mul(a.expr, b.expr))

    def e_invert(self, node):
        a = as_value(self.evaluate(node.children[0]))
        negated = al.logical_not(a.expr)
        if negated is None:
            raise NoSymbolicRule("'~' of this mask", node)
        return Value(negated)

    def e_compare(self, node):
        parts = [c for c in node.children]
        operands = [self.evaluate(c) for c in parts if kind_of(c) in _OPERAND_KINDS or not _is_word(c)]
        words = [str(c) for c in parts if _is_word(c) and kind_of(c) not in _OPERAND_KINDS]
        if len(operands) != 2 or len(words) not in (1, 2):
            raise NoSymbolicRule("a chained comparison", node)
        op = " ".join(words)
        a, b = operands
        if op in ("is", "is not"):  # only formulas ask: `min is not None`
            same = (a is None) == (b is None) if None in (a, b) else a is b
            return same if op == "is" else not same
        a, b = as_value(a), as_value(b)
        return Value(al.rel(op, a.expr, b.expr))

    def e_conditional(self, node):
        then, test, otherwise = node.children
        condition = self.evaluate(test)
        if isinstance(condition, Value) and isinstance(condition.expr, ex.Number):  # `exponent == 0`, a number
            condition = condition.expr.value != 0
        if isinstance(condition, bool) or condition is None:
            return self.evaluate(then if condition else otherwise)
        return self.apply("where", [condition, self.evaluate(then), self.evaluate(otherwise)], {}, node)

    # ------------------------------------------------------------ names, attributes, calls
    def e_attribute(self, node):
        obj, name = self.evaluate(node.children[0]), str(node.children[1])
        if obj is _TORCH or isinstance(obj, Function):  # torch.sin, torch.nn.functional.relu
            if name in _CONSTANTS:
                return Value(_CONSTANTS[name])
            if name in ("nn", "functional") or name in self.functions or ALIASES.get(name) in self.functions:
                return Function(name)
            raise NoSymbolicRule("torch.%s" % name, node)
        if isinstance(obj, Value):
            if name == "shape":
                return ShapeOf(obj)
            return _Method(obj, name)
        raise NoSymbolicRule("the attribute '%s'" % name, node)

    def e_subscript(self, node):
        obj = self.evaluate(node.children[0])
        if isinstance(obj, ShapeOf):  # self.shape[dim] in a formula
            return self.apply("size", [obj.value, self.evaluate(node.children[1])], {}, node)
        raise NoSymbolicRule("indexing", node)

    def e_call(self, node):
        function = self.evaluate(node.children[0])
        args, kwargs = [], {}
        if len(node.children) > 1 and node.children[1] is not None:
            for arg in node.children[1].children:
                kind = kind_of(arg)
                if kind == "keyword":
                    kwargs[str(arg.children[0])] = self.evaluate(arg.children[1])
                elif kind in ("star", "starstar", "generator"):
                    raise NoSymbolicRule("this kind of argument", arg)
                else:
                    args.append(self.evaluate(arg))
        if isinstance(function, _Method):
            return self.apply(function.name, [function.obj] + args, kwargs, node)
        if isinstance(function, Function):
            return self.apply(function.name, args, kwargs, node)
        raise NoSymbolicRule("calling this", node)

    # ------------------------------------------------------------ applying overloads
    def apply(self, name, args, kwargs, node):
        name = ALIASES.get(name, name)
        rule = self.functions.get(name)
        if rule is None:
            raise NoSymbolicRule("the function '%s'" % name, node)
        try:
            overload, inputs, params, result = rule(*args, **kwargs)
        except TypeError:
            raise NoSymbolicRule("these arguments of '%s'" % name, node) from None
        if overload is None:  # not differentiable, or nothing to record
            return Value(result)
        entry = None
        if self.tape is not None and any(isinstance(v, Value) and v.node is not None for v in inputs.values()):
            entry = Node(overload, inputs, params, result)
            self.tape.append(entry)
        return Value(result, entry)


class _Method:
    def __init__(self, obj, name):
        self.obj, self.name = obj, name


_OPERAND_KINDS = ("NAME", "INT", "FLOAT")
_DESCRIPTIONS = {"matmul": "matmul (@)", "subscript": "indexing", "floordiv": "floor division (//)",
                 "mod": "the remainder of a tensor (%)", "list": "a list", "tuple": "a tuple",
                 "strings": "a string", "bitor": "'|'"}


def _is_word(node):
    return not hasattr(node, "data") and getattr(node, "type", None) not in _OPERAND_KINDS
