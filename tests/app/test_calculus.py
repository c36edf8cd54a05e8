"""Higher derivatives (`eval --order`), Jacobians and Hessians (`gradcli jacobian`, `gradcli hessian`) against
torch-recorded goldens (tests/golden/calculus/calculus.json; regenerate with
/work/torchenv/bin/python tests/golden/calculus/make_golden.py)."""

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from conftest import GOLDEN
from gradcli.app import api, calculus
from gradcli.cli import app as cli

GOLD = json.loads((GOLDEN / "calculus" / "calculus.json").read_text(encoding="utf-8"))


def invoke(*args):
    return CliRunner().invoke(cli.app, list(args))


def close(actual, expected):
    np.testing.assert_allclose(np.asarray(actual, dtype=float), np.asarray(expected, dtype=float), rtol=1e-12,
                               atol=1e-12)


# ---------------------------------------------------------------- eval --order
@pytest.mark.parametrize("case", GOLD["orders"], ids=["%s order %d" % (c["expression"], c["order"])
                                                      for c in GOLD["orders"]])
def test_higher_derivatives_are_torchs(case):
    result = api.evaluate(case["expression"], at=case["inputs"], weight=case["weight"], dtype="float64",
                          order=case["order"])
    assert result.order == case["order"]
    for name, expected in case["grads"].items():
        if expected is None:
            assert result.grads[name] is None
        else:
            close(result.grads[name].tolist(), expected)


def test_eval_order_on_the_command_line():
    data = json.loads(invoke("eval", "x^3*y", "--at", "x=2.", "--at", "y=1.", "--order", "2", "--json").stdout)
    assert data["grads"] == {"x": 12.0, "y": 0.0} and data["order"] == 2
    table = invoke("eval", "x^3", "--at", "x=2.", "--order", "3").stdout
    assert "derivative of order 3" in table and "tensor(6.)" in table
    assert "order" not in json.loads(invoke("eval", "x^3", "--at", "x=2.", "--json").stdout)
    assert invoke("eval", "x^3", "--at", "x=2.", "--order", "x").exit_code == 2


def test_a_derivative_of_order_two_leaves_no_grad():
    result = api.evaluate("x^3", at={"x": 2.0}, order=2)
    assert result.inputs["x"].grad is None


# ---------------------------------------------------------------- jacobian, hessian
@pytest.mark.parametrize("case", GOLD["blocks"], ids=[c["expression"] for c in GOLD["blocks"]])
def test_jacobian_and_hessian_blocks_are_torchs(case):
    names = list(case["inputs"])
    jacobian = calculus.jacobian(case["expression"], case["inputs"], dtype="float64")
    assert [pair for pair, _ in jacobian.blocks] == [(case["expression"], n) for n in names]
    for (_, block), expected in zip(jacobian.blocks, case["jacobian"]):
        close(block.tolist(), expected)
    if "hessian" not in case:
        with pytest.raises(Exception, match="should contain a single element"):
            calculus.hessian(case["expression"], case["inputs"], dtype="float64")
        return
    hessian = calculus.hessian(case["expression"], case["inputs"], dtype="float64")
    assert [pair for pair, _ in hessian.blocks] == [(a, b) for a in names for b in names]
    expected = [block for row in case["hessian"] for block in row]
    for (_, block), value in zip(hessian.blocks, expected):
        close(block.tolist(), value)


def test_jacobian_command_prints_named_blocks_as_torch_prints_tensors():
    result = invoke("jacobian", "x*y", "--at", "x=tensor([1., 2.])", "--at", "y=3.")
    assert result.exit_code == 0
    assert result.stdout == ("d(x*y)/dx  [2, 2]\ntensor([[3., 0.],\n        [0., 3.]])\n\n"
                             "d(x*y)/dy  [2]\ntensor([1., 2.])\n")


def test_hessian_command_json_and_errors():
    data = json.loads(invoke("hessian", "x^2*y + y^3", "--at", "x=1.", "--at", "y=2.", "--json").stdout)
    assert data["kind"] == "hessian" and data["at"] == {"x": 1.0, "y": 2.0}
    assert [(b["of"], b["wrt"], b["value"]) for b in data["blocks"]] == [
        ("x", "x", 4.0), ("x", "y", 2.0), ("y", "x", 2.0), ("y", "y", 12.0)]
    result = invoke("hessian", "x*y", "--at", "x=tensor([1., 2.])", "--at", "y=2.")
    assert result.exit_code == 1
    assert "should contain a single element" in result.stderr and result.stderr.startswith("<expression>:1:1:")
    assert invoke("jacobian", "x*y").exit_code == 1  # no point
    assert invoke("jacobian", "-x", "--at", "x=1.").stdout == "d(-x)/dx  []\ntensor(-1.)\n"


# ---------------------------------------------------------------- in scripts: torch.autograd.functional, gradcheck
@pytest.mark.parametrize("name", sorted(GOLD["scripts"]))
def test_scripts_print_what_torch_printed(name):
    from conftest import replay
    replay(GOLD["scripts"][name])


# ---------------------------------------------------------------- eval --tangent
@pytest.mark.parametrize("case", GOLD["tangents"], ids=[c["expression"] for c in GOLD["tangents"]])
def test_the_directional_derivative_is_torchs_jvp(case):
    result = api.evaluate(case["expression"], at=case["inputs"], dtype="float64", tangent=case["tangent"],
                          weight="ones_like(%s)" % case["expression"] if "sum" not in case["expression"] else None)
    close(result.jvp.tolist(), case["jvp"])
    assert sorted(result.tangent) == sorted(case["inputs"])


def test_tangent_on_the_command_line():
    data = json.loads(invoke("eval", "x*y", "--at", "x=tensor([1.,2.])", "--at", "y=3.", "--tangent", "y=1",
                             "--weight", "ones(2)", "--json").stdout)
    assert data["jvp"] == [1.0, 2.0] and data["tangent"] == {"x": [0.0, 0.0], "y": 1.0}
    shown = invoke("eval", "x^2", "--at", "x=3.", "--tangent", "x=2.").stdout
    assert "jvp         tensor(12.)" in shown
    result = invoke("eval", "x*y", "--at", "x=1.", "--at", "y=3.", "--tangent", "z=1")
    assert result.exit_code == 1 and "'z' is not an input" in result.stderr
    assert invoke("eval", "x", "--at", "x=1.", "--tangent", "x").exit_code == 2


# ---------------------------------------------------------------- gradcli check
@pytest.mark.parametrize("case", GOLD["checks"], ids=["%s order %d" % (c["expression"], c["order"])
                                                      for c in GOLD["checks"]])
def test_check_has_torchs_verdict_and_jacobians(case):
    result = calculus.check(case["expression"], case["inputs"], order=case["order"])
    assert result.passed == case["passed"]
    assert [(c.output_index, c.input_index) for c in result.comparisons] == \
        [(p["output"], p["input"]) for p in case["pairs"]]
    for c, pair in zip(result.comparisons, case["pairs"]):
        close(c.analytical.tolist(), pair["analytical"])
        np.testing.assert_allclose(c.numerical.tolist(), pair["numerical"], rtol=1e-9, atol=1e-9)


def test_check_command_reports_the_largest_error_and_where():
    result = invoke("check", "relu(x)", "--at", "x=tensor([-1., 0., 2.])")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "gradcheck of relu(x) (eps 1e-06, atol 1e-05, rtol 0.001): FAILED"
    assert lines[1:3] == ["x: FAILED  largest difference 0.5 at x[1], output element [1],",  # (80 columns)
                          "  relative 1 at x[1], output element [1]"]
    passed = invoke("check", "x^2*y", "--at", "x=tensor([1., 2.])", "--at", "y=3.", "--json")
    data = json.loads(passed.stdout)
    assert passed.exit_code == 0 and data["passed"] is True and [c["input"] for c in data["checks"]] == ["x", "y"]
    assert data["checks"][0]["max_abs_at"] == {"input": [1], "output": [1]}
    second = json.loads(invoke("check", "x^3*y", "--at", "x=0.5", "--at", "y=2.", "--order", "2", "--json").stdout)
    assert second["order"] == 2 and {c["input"] for c in second["checks"]} == {"x", "y", "grad_output"}
    assert invoke("check", "x^3", "--at", "x=1.", "--order", "3").exit_code == 2  # (bad usage: 1 or 2)
    assert invoke("check", "x^3", "--at", "x=1.", "--eps", "big").exit_code == 2


# ---------------------------------------------------------------- gradcli plot
@pytest.mark.parametrize("case", GOLD["plots"], ids=[c["expression"] for c in GOLD["plots"]])
def test_plotted_curves_are_torchs(case):
    name, low, high = case["over"]
    result = calculus.curves(case["expression"], name, low, high, case["inputs"], case["order"], case["points"])
    close(result.x.tolist(), case["x"])
    assert [label for label, _ in result.series] == [case["expression"]] + [
        "d/dx" if k == 1 else "d%d/dx%d" % (k, k) for k in range(1, case["order"] + 1)]
    for (_, values), expected in zip(result.series, case["series"]):
        close(values.tolist(), expected)


def test_plot_in_the_terminal_is_plain_text_when_piped():
    result = invoke("plot", "x^3 - 2*x", "--over", "x=-2:2", "--order", "2", "--points", "50")
    assert result.exit_code == 0 and "\x1b[" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].strip() == "x^3 - 2*x" and lines[-1].strip() == "x"
    legend = "\n".join(lines[:6])
    assert "x^3 - 2*x" in legend and "d/dx" in legend and "d2/dx2" in legend
    assert any(c in result.stdout for c in "⠁⠂⠄⡀⢀⠈⠐⠠")  # the braille line of the function itself


def test_plot_json_errors_and_the_image_extra(tmp_path, monkeypatch):
    data = json.loads(invoke("plot", "x^2", "--over", "x=-1:1", "--points", "3", "--json").stdout)
    assert data["x"] == [-1.0, 0.0, 1.0] and data["series"][1] == {"label": "d/dx", "values": [-2.0, 0.0, 2.0]}
    result = invoke("plot", "sum(x)", "--over", "x=-1:1")
    assert result.exit_code == 1 and "one element per point" in result.stderr
    assert invoke("plot", "x", "--over", "x=3").exit_code == 2
    assert invoke("plot", "x", "--over", "x=0:1", "--out", str(tmp_path / "a.pdf")).exit_code == 2
    target = tmp_path / "curves.svg"
    import importlib.util
    if importlib.util.find_spec("matplotlib") is not None:
        result = invoke("plot", "tanh(x)", "--over", "x=-3:3", "--out", str(target))
        assert result.exit_code == 0 and target.read_text().lstrip().startswith("<?xml")
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)  # as without the extra
    result = invoke("plot", "tanh(x)", "--over", "x=-3:3", "--out", str(tmp_path / "other.png"))
    assert result.exit_code == 1 and "pip install 'gradcli[plot]'" in result.stderr
