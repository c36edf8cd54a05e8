"""`gradcli diff EXPR x --steps`: every line of a derivation is a true equation.

Each side of each step is evaluated at random points: a derivative not yet taken (`d/dx(u)`) is autograd's
derivative of u there (gradcli's engine, which torch's goldens check), the rest is the expression's value. So a
rule misapplied, a factor lost in a substitution or a simplification that changes the value fails here.
"""

import math
import random

import pytest
from typer.testing import CliRunner

from gradcli.app import api
from gradcli.cli import app as cli
from gradcli.symbolic.expr import Call, Symbol
from gradcli.symbolic.functions import rebuild
from gradcli.symbolic.printer import to_text
from gradcli.symbolic.derivation import derivation

TEXTBOOK = [
    "x^2*sin(x)", "x^3 - 4*x + 7", "3*x^5", "(x^2 + 1)/(x - 3)", "sin(x)/x", "1/x^2", "sqrt(x)", "x^(1/3)",
    "exp(sin(x))", "exp(-x^2/2)", "log(x^2 + 1)", "log(x)/x", "x*exp(x)", "sin(x)*cos(x)", "tan(2*x)",
    "cos(x^2)^3", "relu(x)*x", "abs(x - 1)*x", "2^x", "x^x", "atan(x)/(1 + x^2)", "sigmoid(3*x)",
]


def _taken(e, name, point, cache):
    """`e` with each d/dx(u) replaced by a symbol, and those symbols' values: autograd's du/dx at `point`."""
    values = {}

    def walk(e):
        if isinstance(e, Call) and e.name == "d/d" + name:
            text = to_text(e.args[0])
            if text not in cache:
                result = api.evaluate(text, at=point, dtype="float64")
                grad = result.grads.get(name)
                cache[text] = 0.0 if grad is None else grad.item()
            symbol = "dd%d" % len(values)
            values[symbol] = cache[text]
            return Symbol(symbol)
        if not e.children:
            return e
        return rebuild(e, [walk(c) for c in e.children])
    return walk(e), values


def _value(e, name, point, cache):
    expr, values = _taken(e, name, point, cache)
    at = dict(point, **values)
    names = [n for n in at if n in to_text(expr)] or [name]
    value = api.evaluate(to_text(expr), at={n: at[n] for n in names} | {name: point[name]}, dtype="float64").value
    return float(value.item() if hasattr(value, "item") else value)


def _points(text):
    """Three random points above 0, two below, and 0 and 1 (relu's and abs(x - 1)'s kinks): those where the
    expression and its derivative (autograd's) are finite."""
    rng = random.Random(text)
    xs = [round(rng.uniform(0.3, 2.7), 4) for _ in range(3)] + [round(rng.uniform(-2.7, -0.3), 4) for _ in range(2)]
    found = []
    for x in xs + [0.0, 1.0]:
        result = api.evaluate(text, at={"x": x}, dtype="float64")
        grad = result.grads.get("x")
        if math.isfinite(result.value.item()) and (grad is None or math.isfinite(grad.item())):
            found.append({"x": x})
    return found


def test_the_textbook_expressions_are_twenty_and_their_points_cross_the_kinks():
    assert len(TEXTBOOK) >= 20
    for text in ("relu(x)*x", "abs(x - 1)*x", "x^2*sin(x)", "exp(-x^2/2)"):
        xs = [p["x"] for p in _points(text)]
        assert min(xs) < 0 < max(xs) and 0.0 in xs and 1.0 in xs, (text, xs)


@pytest.mark.parametrize("text", TEXTBOOK)
def test_every_line_of_a_derivation_is_a_true_equation(text):
    steps = derivation(text, "x")
    assert steps
    for point in _points(text):
        cache = {}
        for step in steps:
            lhs, rhs = _value(step.lhs, "x", point, cache), _value(step.rhs, "x", point, cache)
            assert math.isclose(lhs, rhs, rel_tol=1e-9, abs_tol=1e-12), (text, step.text(), point, lhs, rhs)


def test_the_textbook_rules_are_named():
    rules = " | ".join(s.rule for s in derivation("x^2*sin(x)", "x"))
    assert "product rule" in rules and "power rule" in rules and "sin'(u) = cos(u)" in rules
    assert "quotient rule: (u/v)' = u'/v - u*v'/v^2" in [s.rule for s in derivation("sin(x)/(x^2 + 1)", "x")][0]
    assert derivation("exp(sin(x))", "x")[0].rule == "chain rule, exp'(u) = exp(u)"
    assert "torch's subgradient at the kink: relu'(0) = 0" in derivation("relu(x)", "x")[0].rule
    assert "abs'(0) = 0" in " ".join(s.rule for s in derivation("abs(x)*x", "x"))


def test_the_last_line_is_what_diff_prints():
    from gradcli.app import calculus
    for text in TEXTBOOK:
        result = calculus.diff(text, "x", steps=True)
        d = result.derivatives[0]
        assert to_text(d.steps[-1].rhs) == d.formula, text
        assert result.to_dict()["derivatives"][0]["steps"][0]["lhs"].startswith("d/dx(")


def test_the_command_prints_the_steps_in_text_latex_and_json():
    runner = CliRunner()
    out = runner.invoke(cli.app, ["diff", "x^2*sin(x)", "x", "--steps"])
    assert out.exit_code == 0
    assert "(1) d/dx(x^2*sin(x)) = x^2*d/dx(sin(x)) + d/dx(x^2)*sin(x)" in out.output
    assert "product rule" in out.output and out.output.rstrip().endswith("x^2*cos(x) + 2*x*sin(x)")
    latex = runner.invoke(cli.app, ["diff", "exp(sin(x))", "x", "--steps", "--latex"])
    assert "\\frac{d}{dx}\\left(\\sin{\\left(x \\right)}\\right) = \\cos{\\left(x \\right)}" in latex.output
    js = runner.invoke(cli.app, ["diff", "exp(sin(x))", "x", "--steps", "--json"])
    assert '"rule": "chain rule, exp\'(u) = exp(u)"' in js.output


def test_eval_explain_points_to_the_derivation_where_diff_can_derive_it():
    runner = CliRunner()
    explained = runner.invoke(cli.app, ["eval", "x^2*sin(x)", "--at", "x=1.", "--explain"])
    assert explained.exit_code == 0, explained.output
    lines = explained.output.splitlines()
    assert lines[-1] == 'the derivative as a formula, rule by rule: gradcli diff "x^2*sin(x)" x --steps'
    assert sum("rule by rule" in line for line in lines) == 1
    steps = runner.invoke(cli.app, ["diff", "x^2*sin(x)", "x", "--steps"])
    assert steps.exit_code == 0 and "product rule" in steps.output
    two = runner.invoke(cli.app, ["eval", "x*y + relu(x)", "--at", "x=1.", "--at", "y=2.", "--explain"])
    assert two.output.splitlines()[-1].endswith('gradcli diff "x*y + relu(x)" x y --steps')
    for expression, at in (("mean(3*(x+2)^2)", "x=ones(2,2)"), ("x @ x", "x=ones(2)")):  # no derivation there
        shown = runner.invoke(cli.app, ["eval", expression, "--at", at, "--explain"])
        assert shown.exit_code == 0 and "rule by rule" not in shown.output, shown.output
