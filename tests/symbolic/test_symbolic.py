"""gradcli.symbolic: canonical forms, simplification, printing, and the composition of the formula texts."""

import math

import numpy as np
import pytest

from gradcli.app import api
from gradcli.symbolic.derive import derivatives, inputs_of, parse_expression
from gradcli.symbolic.printer import to_latex, to_text
from gradcli.symbolic.algebra import power, rel, where
from gradcli.symbolic.expr import E, PI, Symbol, number
from gradcli.symbolic.dispatch import OVERLOADS
from gradcli.symbolic.functions import call
from gradcli.symbolic.reverse import formulas, template, trace
from gradcli.symbolic.simplify import simplify

x, y = Symbol("x"), Symbol("y")


def d(text, wrt="x", order=1):
    return to_text(derivatives(text, [wrt], order)[wrt])


def value(text, **point):
    """`text` evaluated by gradcli's expression mode at the point (float64): a Tensor or a number."""
    interpreter = api._expression_interpreter()
    for name, v in api._input_values(point).items():
        interpreter.variables[name] = api._leaf(v, api._dtype("float64")).detach()
    return interpreter.evaluate(text)


# ---------------------------------------------------------------- canonical forms
def test_sums_and_products_are_flat_collected_and_ordered():
    assert x + x == 2 * x
    assert x * x * x == power(x, number(3))
    assert (x + 1) + (y - 1) == x + y
    assert x * y == y * x and x + y == y + x
    assert x - x == number(0) and x / x == number(1)
    assert 2 * (x + 1) == 2 * x + 2  # a number times a sum is distributed, as SymPy does
    assert power(x, number(2)) * power(x, number(-2)) == number(1)


def test_numbers_stay_exact_where_the_literal_is():
    assert number(0.5) == number(1) / 2 and number(2.0) == number(2)
    assert isinstance(number(0.1).value, float)
    assert power(number(4), number(1) / 2) == number(2)
    assert to_text(power(number(2), number(1) / 2)) == "sqrt(2)"


def test_powers_of_powers_and_products():
    assert power(power(x, number(2)), number(3)) == power(x, number(6))
    assert power(x * y, number(2)) == power(x, number(2)) * power(y, number(2))
    # (x^2)^(1/2) is |x|, not x: left alone
    assert to_text(power(power(x, number(2)), number(1) / 2)) == "sqrt(x^2)"


def test_functions_fold_exact_values_and_signs():
    assert call("sin", [number(0)]) == number(0) and call("cos", [number(0)]) == number(1)
    assert call("log", [E]) == number(1) and call("log", [call("exp", [x])]) == x
    assert call("exp", [call("log", [x])]) == x
    assert call("sin", [-x]) == -call("sin", [x]) and call("cos", [-x]) == call("cos", [x])
    assert call("abs", [call("exp", [x])]) == call("exp", [x])
    assert call("exp", [x]) * call("exp", [y]) == call("exp", [x + y])
    assert call("sin", [x]) ** 2 + call("cos", [x]) ** 2 == number(1)
    assert call("expm1", [x]) + 1 == call("exp", [x])


def test_comparisons_are_indicators():
    assert rel(">", number(1), number(0)) == number(1)
    assert rel("<", number(0), x) == rel(">", x, number(0))
    assert rel(">", call("relu", [x]), number(0)) == rel(">", x, number(0))
    assert where(rel(">", x, number(0)), x, number(0)) == x * rel(">", x, number(0))
    indicator = rel(">", x, number(0))
    assert indicator * indicator == indicator


# ---------------------------------------------------------------- derivatives (values known by hand)
@pytest.mark.parametrize("text, expected", [
    ("x^2*sin(x)", "x^2*cos(x) + 2*x*sin(x)"),
    ("-x^2", "-2*x"),
    ("x^5", "5*x^4"),
    ("exp(-x^2)", "-2*x*exp(-x^2)"),
    ("sqrt(x)", "1/(2*sqrt(x))"),
    ("log(x)", "1/x"),
    ("ln(x)", "1/x"),
    ("1/x", "-1/x^2"),
    ("pi*x + e", "pi"),
    ("2^x", "2^x*log(2)"),
    ("atan(x)", "1/(x^2 + 1)"),
    ("(x^2 + 1)/(x - 1)", "(x^2 - 2*x - 1)/(x - 1)^2"),
    ("abs(x)", "sgn(x)"),
    ("relu(x)", "where(x > 0, 1.0, 0.0)"),
    ("clamp(x, 0, 1)", "where((x >= 0) & (x <= 1), 1.0, 0.0)"),
    ("x*relu(x)", "x*(x > 0) + relu(x)"),
    ("mean(3*(x + 2)^2)", "6*(x + 2)/numel(x)"),
    ("sum(x)^2", "2*sum(x)"),
    ("x*sum(x)", "2*sum(x)"),
])
def test_first_derivatives(text, expected):
    assert d(text) == expected


def test_several_names_and_higher_orders():
    found = derivatives("x*y^2 + y", ["x", "y"])
    assert to_text(found["x"]) == "y^2" and to_text(found["y"]) == "2*x*y + 1"
    assert d("x^4 - x^2", order=3) == "24*x"
    assert d("sin(x)", order=4) == "sin(x)"
    assert d("relu(x)", order=2) == "0"
    assert d("sum(x)^2", order=2) == "2*numel(x)"  # the sum of the broadcast first derivative, as torch's


def test_wrt_a_name_the_expression_does_not_use_is_zero():
    assert d("x^2", "y") == "0"


def test_names_pi_and_e_are_constants_unless_inputs():
    assert inputs_of("pi*x + e*y + sin(z)") == ["x", "y", "z"]
    assert inputs_of("e*x", given=["e"]) == ["e", "x"]
    assert to_text(derivatives("e*x", ["e"], inputs=["e", "x"])["e"]) == "x"
    assert to_text(derivatives("exp(x)*e", ["x"], inputs=["e", "x"])["x"], ["e", "x"]) == "e*exp(x)"
    assert to_text(PI * E * x, ["e", "pi"]) == "torch.e*torch.pi*x"


def test_torch_spellings_and_methods():
    assert d("torch.sin(x)") == "cos(x)"
    assert d("x.pow(3)") == "3*x^2"
    assert d("torch.nn.functional.relu(x)") == d("relu(x)")
    assert d("x.exp().sum()") == "exp(x)"


# ---------------------------------------------------------------- simplification
@pytest.mark.parametrize("text, expected", [
    ("x*exp(-x)", "exp(-x)*(1 - x)"),
    ("(x + 1)^2*(x - 1)", "3*x^2 + 2*x - 1"),
    ("log(sin(x))", "1/tan(x)"),
    ("log(cosh(x))", "tanh(x)"),
    ("sin(x)*cos(x)", "cos(2*x)"),
    ("log((1 + x)/(1 - x))", "2/(1 - x^2)"),
    ("x/(2*x + 4)", "1/(x + 2)^2"),
    ("1/x + 1/x^2", "-(x + 2)/x^3"),
])
def test_simplified_forms(text, expected):
    assert d(text) == expected


def test_simplify_keeps_the_value():
    for text in ("x^2*cos(x) + 2*x*sin(x)", "2*x/(x - 1) - (x^2 + 1)/(x - 1)^2", "cos(x)^2 - sin(x)^2"):
        tree = parse_expression(text)
        output, _, _ = trace(tree, ["x"])
        simpler = to_text(simplify(output.expr))
        assert len(simpler) <= len(text)
        assert math.isclose(float(value(simpler, x=1.7)), float(value(text, x=1.7)), rel_tol=1e-12)


# ---------------------------------------------------------------- printing
@pytest.mark.parametrize("text", [
    "x^2*cos(x) + 2*x*sin(x)", "-x/(2*y^3)", "(x + 1)^(1/3)", "exp(-x^2)/sqrt(2*pi)", "x^(y - 1)*y",
    "where(x > 0, 1.0, 0.0)", "x*(x >= 0)*(x <= 1)", "sum(x, dim=0, keepdim=True)/x.size(0)", "1 - x^2",
    "2^(x + 1)", "-x^2", "clamp(x, min=0, max=1)", "3*x/2 - 0.1",
])
def test_the_math_spelling_evaluates_back_to_the_same_value_and_form(text):
    tree = parse_expression(text)
    printed = to_text(trace(tree, ["x", "y"])[0].expr)
    again = to_text(trace(parse_expression(printed), ["x", "y"])[0].expr)
    assert printed == again
    point = {"x": "tensor([[0.7, 1.3], [2.1, 0.4]])", "y": "1.9"}
    np.testing.assert_allclose(value(printed, **point).tolist(), value(text, **point).tolist(), rtol=1e-12)


def test_latex():
    assert to_latex(derivatives("x^2*sin(x)", ["x"])["x"]) == \
        "x^{2} \\cos{\\left(x \\right)} + 2 x \\sin{\\left(x \\right)}"
    assert to_latex(derivatives("sqrt(x)", ["x"])["x"]) == "\\frac{1}{2 \\sqrt{x}}"
    assert to_latex(derivatives("abs(x)", ["x"])["x"]) == "\\operatorname{sgn}{\\left(x \\right)}"
    assert to_latex(rel(">", x, number(0)) * x) == "x \\left[x > 0\\right]"


# ---------------------------------------------------------------- the op table's formulas
@pytest.mark.parametrize("overload", sorted(OVERLOADS))
def test_every_recorded_overload_has_its_formula_texts_in_the_op_table(overload):
    from gradcli.ops import table
    row = table.row_of(overload)
    texts = formulas(overload)
    assert texts and set(texts) == {row.inputs[i] for i in row.edges}
    for text in texts.values():
        assert template(text) is not None
