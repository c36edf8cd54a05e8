"""The library API of the derivative commands: `diff`, a symbolic derivative checked against autograd.

Like gradcli.app.api, everything here raises GradcliError (with a source position when there is one), never prints,
and leaves numpy's error state and warning filters as it found them.
"""

import functools

from . import api
from ..base import errors
from ..base.errors import GradcliError, Position
from ..core import limits


def _quietly(fn):
    """`fn` with numpy as torch behaves (inf and nan silently), within the call only (numerics.quiet)."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        from ..core.numerics import quiet
        with quiet():
            return fn(*args, **kwargs)
    return call

# how closely the derivative's value must match autograd's (float32 rounds each op of both at ~6e-8)
_TOLERANCE = {"float64": (1e-7, 1e-10), "float32": (1e-4, 1e-5)}


def _whole(expression, filename):
    """The position of the whole expression (what an error of the command as a whole points at)."""
    return Position(filename, expression, 1, 1, len(expression) + 1)


class Derivative:
    """One derivative: with respect to `name`, its formula (an expression in gradcli's math spelling, and LaTeX)
    and, at a point, the formula's value beside autograd's. Where no symbolic rule applies, `formula` is None
    and `no_rule` says which operation lacks one."""

    def __init__(self, name, expr=None, variables=(), no_rule=None):
        self.name = name
        self.expr = expr
        self.formula = self.latex = None
        if expr is not None:
            from ..symbolic.printer import to_latex, to_text
            self.formula, self.latex = to_text(expr, variables), to_latex(expr, variables)
        self.no_rule = no_rule
        self.steps = None      # with steps=True: the derivation, a list of symbolic.derivation.Step
        self.value = None      # the formula evaluated at the point (a Tensor shaped like the input)
        self.autograd = None   # autograd's derivative at the point

    @property
    def agree(self):
        """Whether the formula's value matches autograd's (None when there is nothing to compare)."""
        if self.value is None or self.autograd is None:
            return None
        import numpy as np
        rtol, atol = _TOLERANCE.get(str(self.value.dtype).replace("torch.", ""), _TOLERANCE["float32"])
        return bool(np.allclose(self.value.array, self.autograd.array, rtol=rtol, atol=atol, equal_nan=True))


class DiffResult:
    """What `diff` computed: the expression, the order, and one Derivative per name differentiated."""

    def __init__(self, expression, order, derivatives, at):
        self.expression, self.order, self.derivatives, self.at = expression, order, derivatives, at

    @property
    def agree(self):
        """False when a formula's value differs from autograd's at the point (a bug: the two must agree)."""
        verdicts = [d.agree for d in self.derivatives if d.agree is not None]
        return all(verdicts) if verdicts else None

    def to_dict(self):
        """A JSON-ready summary: expression, order, and per name the formula, LaTeX and the two values."""
        def listed(t):
            return None if t is None else t.tolist()
        return {
            "expression": self.expression, "order": self.order,
            "at": {name: listed(v) for name, v in self.at.items()} if self.at else None,
            "derivatives": [{"wrt": d.name, "formula": d.formula, "latex": d.latex, "value": listed(d.value),
                             "autograd": listed(d.autograd), "agree": d.agree, "no_rule": d.no_rule,
                             **({"steps": [step.to_dict() for step in d.steps]} if d.steps is not None else {})}
                            for d in self.derivatives],
            "agree": self.agree,
        }


@_quietly
def diff(expression, wrt=None, at=None, order=1, dtype="float64", filename="<expression>", steps=False):
    """The `order`-th derivative of `expression` with respect to each name of `wrt` (default: every free name)
    as a simplified formula, composed from the op table's gradient formulas. For a non-scalar expression it is
    the derivative of the sum of its elements (autograd's with a weight of ones).

    With `at` (name -> number, tensor or expression) each formula is also evaluated there and compared with
    autograd's derivative (for order > 1, torch's repeated autograd.grad of the sum, create_graph=True).

    >>> r = diff("x^2*sin(x)", "x")
    >>> r.derivatives[0].formula
    'x^2*cos(x) + 2*x*sin(x)'

    With `steps`, each first derivative also carries its derivation rule by rule (Derivative.steps, see
    gradcli.symbolic.derivation), from the same formulas.
    """
    from ..symbolic import derive
    if isinstance(wrt, str):
        wrt = [wrt]
    order = api._order(order)
    values = api._input_values(at) if at else {}
    given = set(wrt or ()) | set(values)
    tree = derive.parse_expression(expression, filename)  # (parsed once: the names and the derivatives read it)
    free = derive.inputs_of(expression, given, filename, tree)
    for name in wrt or ():
        if not str(name).isidentifier():
            raise errors.value_error("a name to differentiate with respect to must be an identifier, not %r" % name)
    wrt = list(dict.fromkeys(wrt or free))
    if not wrt:
        raise GradcliError("the expression has no input to differentiate with respect to", "ValueError",
                           _whole(expression, filename))
    inputs = list(dict.fromkeys(free + list(values) + wrt))
    limits.start_run()  # the symbolic work ticks the budget a script's loops tick (symbolic.expr)
    try:
        found = derive.derivatives(expression, wrt, order, inputs, filename, tree)
        derivatives = [Derivative(name, found[name], inputs) for name in wrt]
        if steps:
            if order != 1:
                raise errors.value_error("--steps derives a first derivative (--order 1)")
            from ..symbolic.derivation import derivation
            for d in derivatives:
                d.steps = derivation(expression, d.name, inputs, filename)
    except derive.NoSymbolicRule as rule:
        if not values:
            raise GradcliError("gradcli diff has no symbolic rule for %s; give --at NAME=VALUE for autograd's "
                               "derivative there" % rule.what, "NotImplementedError", rule.position) from None
        derivatives = [Derivative(name, no_rule=rule.what) for name in wrt]
    except GradcliError as error:
        if getattr(error, "limit", None) != "max_iterations":
            raise
        raise limits.exceeded("max_iterations", "the derivative grows too large to work out (each term built "
                                                "counts its size)").at(_whole(expression, filename)) from None
    point = {}
    if values:
        point = {name: api._leaf(value, api._dtype(dtype)).detach() for name, value in values.items()}
        _at_the_point(expression, derivatives, point, free, order, filename)
    return DiffResult(expression, order, derivatives, point)


def steps_command(expression, names):
    """The command that derives `expression` rule by rule with respect to `names` (`gradcli diff "x^2*sin(x)" x
    --steps`: `eval --explain` points to it for a formula view), or None where diff has no symbolic rule for
    it or the names are none."""
    names = list(names)
    if not names:
        return None
    try:
        diff(expression, names, steps=True)
    except GradcliError:  # no symbolic rule (NotImplementedError), or none for a derivation (mean, matmul)
        return None
    quoted = '"%s"' % expression if '"' not in expression and "$" not in expression else "'%s'" % expression
    return "gradcli diff %s %s --steps" % (quoted, " ".join(names))


def _at_the_point(expression, derivatives, point, free, order, filename):
    """Fill in each derivative's value at the point and autograd's."""
    missing = [name for name in free if name not in point] + [d.name for d in derivatives if d.name not in point]
    if missing:
        raise GradcliError("name '%s' has no value: give --at %s=VALUE" % (missing[0], missing[0]), "NameError")
    for d in derivatives:
        d.autograd = _autograd(expression, point, d.name, order, filename)
        if d.formula is not None:
            d.value = _evaluated(d.formula, point, point[d.name], "<d/d%s>" % d.name)


def _autograd(expression, point, name, order, filename):
    """autograd's `order`-th derivative: grad of the sum, repeated with create_graph=True."""
    import numpy as np
    from ..core.tensor import Tensor
    interpreter = api._expression_interpreter()
    leaves = {n: v.detach().requires_grad_() for n, v in point.items()}
    interpreter.variables.update(leaves)
    value = interpreter.evaluate(expression, filename)
    try:
        g = api.derivatives(value.sum() if isinstance(value, Tensor) else value, {name: leaves[name]}, order)[name]
    except GradcliError as error:
        raise error.at(_whole(expression, filename)) from None
    return g if g is not None else Tensor._make(np.zeros_like(leaves[name].array))


def _evaluated(formula, leaves, x, filename):
    """The formula's value at the point, as the gradient of `x` would be: broadcast to x's shape, or summed
    down to it where an input broadcast (the engine's sum_to)."""
    import numpy as np
    from ..core.tensor import Tensor
    from ..lang.sandbox.namespace import MATH_CONSTANTS
    interpreter = api._expression_interpreter()
    # pi and e as tensors of the dtype asked for: a formula may apply a tensor function to them (relu(sin(pi)))
    interpreter.variables.update({name: Tensor(np.array(value, x.array.dtype)) for name, value in
                                  MATH_CONSTANTS.items()})
    interpreter.variables.update(leaves)
    interpreter.state.default_float = x.dtype  # numbers alone (where(x > 0, 1, 0.1)) in the dtype asked for
    value = interpreter.evaluate(formula, filename)
    array = np.asarray(value.array if isinstance(value, Tensor) else value, dtype=x.array.dtype)
    array = np.broadcast_to(array, np.broadcast_shapes(array.shape, x.array.shape))
    return Tensor._make(np.array(Tensor._make(array).sum_to_size(x.shape).array))


# ---------------------------------------------------------------- Jacobian and Hessian
class Blocks:
    """A Jacobian or a Hessian cut into blocks: one per (output, input) or (input, input) pair, each a tensor
    shaped like torch.autograd.functional's: output.shape + input.shape, or input_i.shape + input_j.shape."""

    def __init__(self, kind, expression, at, blocks):
        self.kind, self.expression, self.at = kind, expression, at
        self.blocks = blocks  # [((row name, column name), Tensor)]

    def to_dict(self):
        return {"kind": self.kind, "expression": self.expression,
                "at": {name: v.tolist() for name, v in self.at.items()},
                "blocks": [{"of": of, "wrt": wrt, "shape": list(t.shape), "value": t.tolist()}
                           for (of, wrt), t in self.blocks]}


@_quietly
def jacobian(expression, at, dtype="float32", filename="<expression>"):
    """torch.autograd.functional.jacobian of `expression` as a function of the inputs of `at` (in that order):
    one block per input, d expression / d input, shaped expression.shape + input.shape.

    >>> j = jacobian("x*y", {"x": "tensor([1., 2.])", "y": "3."})
    >>> [(names, t.tolist()) for names, t in j.blocks]
    [(('x*y', 'x'), [[3.0, 0.0], [0.0, 3.0]]), (('x*y', 'y'), [1.0, 2.0])]
    """
    from ..torchlib.autograd.functional import jacobian as torch_jacobian
    point, function = _function_of(expression, at, dtype, filename)
    found = _located(lambda: torch_jacobian(function, tuple(point.values())), expression, filename)
    return Blocks("jacobian", expression, point, [((expression, name), block) for name, block in zip(point, found)])


@_quietly
def hessian(expression, at, dtype="float32", filename="<expression>"):
    """torch.autograd.functional.hessian of `expression` (one element) as a function of the inputs of `at`: a
    block per pair of inputs, d2 expression / d input_i d input_j, shaped input_i.shape + input_j.shape."""
    from ..torchlib.autograd.functional import hessian as torch_hessian
    point, function = _function_of(expression, at, dtype, filename)
    found = _located(lambda: torch_hessian(function, tuple(point.values())), expression, filename)
    names = list(point)
    return Blocks("hessian", expression, point,
                  [((a, b), found[i][j]) for i, a in enumerate(names) for j, b in enumerate(names)])


def _function_of(expression, at, dtype, filename):
    """The point (name -> tensor of dtype) and the expression as a function of its inputs, in that order."""
    values = api._input_values(at)
    if not values:
        raise errors.value_error("give the point with --at NAME=VALUE (one for each input)")
    point = {name: api._leaf(value, api._dtype(dtype)).detach() for name, value in values.items()}

    def function(*inputs):
        interpreter = api._expression_interpreter()
        interpreter.variables.update(zip(point, inputs))
        return interpreter.evaluate(expression, filename)
    return point, function


def _located(compute, expression, filename):
    """compute(), an error without a place of its own pointing at the whole expression."""
    try:
        return compute()
    except GradcliError as error:
        raise error.at(_whole(expression, filename)) from None


# ---------------------------------------------------------------- gradcheck
class Check:
    """What `check` found: per (output, input) pair a gradcheck.Comparison (analytical and numerical Jacobians,
    largest errors and where), named; `passed` when every pair is close."""

    def __init__(self, expression, order, at, names, shapes, comparisons, eps, atol, rtol):
        self.expression, self.order, self.at = expression, order, at
        self.eps, self.atol, self.rtol = eps, atol, rtol
        self.names, self.shapes = names, shapes  # the checked function's inputs and outputs (shapes)
        self.comparisons = comparisons

    @property
    def passed(self):
        return all(c.close for c in self.comparisons)

    def where(self, c, at):
        """A Jacobian position (input element, output element) as the input's and the output's indices."""
        import numpy as np
        if at is None:
            return None, None
        shape_in, shape_out = self.shapes[0][c.input_index], self.shapes[1][c.output_index]
        return ([int(i) for i in np.unravel_index(at[0], shape_in)] if shape_in else [],
                [int(i) for i in np.unravel_index(at[1], shape_out)] if shape_out else [])

    def to_dict(self):
        def entry(c):
            abs_in, abs_out = self.where(c, c.max_abs_at)
            rel_in, rel_out = self.where(c, c.max_rel_at)
            return {"input": self.names[c.input_index], "output": c.output_index, "passed": c.close,
                    "analytical": c.analytical.tolist(), "numerical": c.numerical.tolist(),
                    "max_abs_error": c.max_abs, "max_abs_at": {"input": abs_in, "output": abs_out},
                    "max_rel_error": c.max_rel, "max_rel_at": {"input": rel_in, "output": rel_out}}
        return {"expression": self.expression, "order": self.order, "passed": self.passed, "eps": self.eps,
                "atol": self.atol, "rtol": self.rtol, "at": {n: v.tolist() for n, v in self.at.items()},
                "checks": [entry(c) for c in self.comparisons]}


@_quietly
def check(expression, at, order=1, eps=1e-6, atol=1e-5, rtol=1e-3, filename="<expression>"):
    """torch.autograd.gradcheck of `expression` as a function of the inputs of `at` (float64), or with order=2
    gradgradcheck (its grad_outputs drawn uniform(-1, 1) from a generator seeded with 0): for each input, the
    analytical and numerical Jacobians and how far apart they are. A Check; `passed` is gradcheck's verdict.

    >>> check("x^2*y", {"x": "tensor([1., 2.])", "y": "3."}).passed
    True
    >>> check("relu(x)", {"x": "tensor([0., 1.])"}).passed
    False
    """
    from ..torchlib.autograd import gradcheck
    from ..core.rng import Generator
    order = api._order(order)
    if order > 2:
        raise errors.value_error("check takes order 1 (gradcheck) or 2 (gradgradcheck), not %d" % order)
    point, function = _function_of(expression, at, "float64", filename)
    inputs = tuple(x.requires_grad_() for x in point.values())
    names = list(point)
    if order == 2:
        generator = Generator()
        generator.manual_seed(0)
        function, inputs = gradcheck.gradgrad_function(function, inputs, generator=generator)
        names += ["grad_output%s" % ("" if len(inputs) == len(names) + 1 else i)
                  for i in range(len(inputs) - len(names))]
    outputs = _located(lambda: function(*inputs), expression, filename)
    found = _located(lambda: gradcheck.comparisons(function, inputs, eps, atol, rtol), expression, filename)
    outputs = outputs if isinstance(outputs, tuple) else (outputs,)
    shapes = ([tuple(x.shape) for x in inputs], [tuple(o.shape) for o in outputs])
    return Check(expression, order, point, names, shapes, found, eps, atol, rtol)


# ---------------------------------------------------------------- plot
class Curves:
    """An expression and its derivatives sampled on a grid of one input: `x` and `series`, a list of
    (label, values) — the expression first, then d/dx, d2/dx2, ... — as numpy arrays."""

    def __init__(self, expression, name, x, series):
        self.expression, self.name, self.x, self.series = expression, name, x, series

    def to_dict(self):
        return {"expression": self.expression, "over": self.name, "x": self.x.tolist(),
                "series": [{"label": label, "values": values.tolist()} for label, values in self.series]}


@_quietly
def curves(expression, name, low, high, at=None, order=1, points=200, filename="<expression>"):
    """`expression` and its derivatives up to `order` with respect to `name` on linspace(low, high, points), in
    float64, evaluated once with autograd (the derivatives by autograd.grad of the sum, create_graph=True: the
    expression must be elementwise in `name`); the other inputs fixed by `at`.

    >>> c = curves("x^2", "x", -1, 1, points=3)
    >>> [(label, values.tolist()) for label, values in c.series]
    [('x^2', [1.0, 0.0, 1.0]), ('d/dx', [-2.0, 0.0, 2.0])]
    """
    import numpy as np
    from ..core.tensor import Tensor
    order = api._order(order)
    if not str(name).isidentifier():
        raise errors.value_error("the input to plot over must be a name, not %r" % name)
    if int(points) < 2 or not low < high:
        raise errors.value_error("plot needs at least 2 points over a range low < high, not %r points over "
                                 "%r:%r" % (points, low, high))
    limits.check_length(int(points), "the plot's grid")  # (its derivatives are as long: sized before any is made)
    values = dict(api._input_values(at) if at else {})
    point = {n: api._leaf(v, api._dtype("float64")) for n, v in values.items()}
    point[name] = Tensor._make(np.linspace(float(low), float(high), int(points))).requires_grad_()
    x = point[name]
    interpreter = api._expression_interpreter()
    interpreter.variables.update(point)
    value = interpreter.evaluate(expression, filename)
    if isinstance(value, (bool, int, float)):
        value = Tensor._make(np.asarray(float(value)))
    constant = isinstance(value, Tensor) and value.numel() == 1 and not value.requires_grad
    if not isinstance(value, Tensor) or value.ndim > 1 or value.numel() != x.numel() and not constant:
        shape = list(value.shape) if isinstance(value, Tensor) else type(value).__name__
        raise GradcliError("plot draws an expression elementwise in %s: its value must have one element per "
                           "point (shape [%d]), not %s" % (name, x.numel(), shape), "ValueError",
                           _whole(expression, filename))
    series = [(expression, np.broadcast_to(value.detach().array, x.array.shape).astype(float))]
    found = _located(lambda: list(api.successive_derivatives(value.sum(), x, order)), expression, filename)
    for k, derivative in enumerate(found, 1):
        derivative = np.zeros(x.array.shape) if derivative is None else derivative.array
        series.append(("d/d%s" % name if k == 1 else "d%d/d%s%d" % (k, name, k), np.asarray(derivative, float)))
    return Curves(expression, name, x.detach().array.copy(), series)
