"""--explain against torch: each step gradcli shows is a node torch's engine ran, in torch's order, with the
gradients torch's node hooks saw (tests/golden/explain/explain.json, recorded by make_golden.py there); each
leaf's sum and each line of arithmetic the explanation prints evaluate to what it says, and the text lets a
learner verify the README's 4.5 by hand."""

import functools
import json
import re

import numpy as np
import pytest

import gradcli
from conftest import GOLDEN
from gradcli.explain.text import single


@functools.lru_cache(maxsize=None)
def cases():
    return json.loads((GOLDEN / "explain" / "explain.json").read_text(encoding="utf-8"))["cases"]


def _close(tensor, recorded, what):
    assert recorded is not None, what
    assert list(tensor.shape) == recorded["shape"], what
    want = np.array(recorded["values"], dtype=np.float64)
    np.testing.assert_allclose(tensor.detach().array.astype(np.float64), want, rtol=1e-5, atol=1e-6, err_msg=what)


def _explain(case):
    expression = case["expression"].replace("**", "^")  # gradcli's math spelling, as a user types it
    return gradcli.evaluate(expression, at=case["at"], weight=case["weight"], explain=True)


def _evaluate(arithmetic):
    """A line of arithmetic as gradcli's language computes it (the learner's calculator)."""
    value = gradcli.evaluate(arithmetic).value
    return float(value.item() if hasattr(value, "item") else value)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["expression"])
def test_steps_are_the_nodes_torch_ran_with_its_gradients(case):
    result = _explain(case)
    steps = result.explain().steps
    what = case["expression"]
    assert [s.name for s in steps] == [s["node"] for s in case["steps"]], what
    for step, recorded in zip(steps, case["steps"]):
        where = "%s, step %d %s" % (what, step.number, step.name)
        _close(step.incoming[0], recorded["incoming"][0], where + " incoming")
        for out in step.outgoing:
            _close(out.delivered, recorded["outgoing"][out.edge], where + " to input %s" % out.input)
        sent = {out.edge for out in step.outgoing}
        assert [i for i, g in enumerate(recorded["outgoing"]) if g is not None] == sorted(sent), where
    for name, grad in case["grads"].items():
        _close(result.grads[name], grad, "%s: %s.grad" % (what, name))


@pytest.mark.parametrize("case", cases(), ids=lambda c: c["expression"])
def test_the_arithmetic_shown_computes_what_it_says(case):
    """Every `= 2*grad*self = 2*0.75*3 = 4.5` line and every `x.grad = 1.5 + 3 = 4.5`: the numbers evaluate to
    the result shown, which is torch's gradient."""
    explanation = _explain(case).explain()
    text = explanation.text()
    for step in explanation.steps:
        for out in step.outgoing:
            if out.check is None:
                continue
            arithmetic, shown = out.check.rsplit(" = ", 1)
            assert _evaluate(arithmetic) == pytest.approx(float(shown), rel=1e-4, abs=1e-6), out.check
            assert single(out.delivered if not out.summed else out.sent) == pytest.approx(float(shown), rel=1e-5)
            assert out.check in text
    for line in re.findall(r"\.grad = ([-0-9.e+ ]+) = ([-0-9.e]+)$", text, re.M):
        parts, total = line
        assert _evaluate(parts) == pytest.approx(float(total), rel=1e-4), line


def test_explain_golden_set_is_large_enough():
    assert len(cases()) >= 40 and sum(1 for c in cases() if c["weight"]) >= 10


def test_a_learner_can_verify_four_and_a_half():
    """The README's example: mean over 4 elements gives 1/4 each; 3*... gives 0.75; the power rule 2*0.75*3 = 4.5;
    x+2 passes it on to x."""
    text = gradcli.evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"}, explain=True).explain().text()
    for expected in ("[1] MeanBackward0  mean(3*(x+2)^2) = tensor(27.)", "= grad/4 = 1/4 = 0.25",
                     "[2] MulBackward0  3*(x+2)^2", "= grad*other = 0.25*3 = 0.75",
                     "[3] PowBackward0  (x+2)^2 = tensor([[9., 9.], [9., 9.]])", "self = x+2 = tensor([[3., 3.], [3., 3.]])",
                     "self: zeros_like(grad) if exponent == 0 else grad * (exponent * self.pow(exponent - 1))",
                     "= 2*grad*self = 2*0.75*3 = 4.5", "[4] AddBackward0  x+2", "→ x: tensor([[4.5000, 4.5000], [4.5000, 4.5000]])",
                     "[5] AccumulateGrad  x", "x.grad = tensor([[4.5000, 4.5000], [4.5000, 4.5000]])"):
        assert expected in text, expected


def test_a_leaf_reached_by_several_paths_shows_each_contribution_and_the_sum():
    text = gradcli.evaluate("x*x + 3*x", at={"x": "0.75"}, explain=True).explain().text()
    assert "x.grad = 3 + 0.75 + 0.75 = 4.5" in text


def test_json_steps_carry_node_source_formula_incoming_outgoing():
    data = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."}, explain=True).explain().to_list()
    first = data[0]["steps"][0]
    assert (first["node"], first["source"], first["incoming"][0]["values"]) == ("MulBackward0", "x*y", 1.0)
    out = {o["input"]: o for o in first["outgoing"]}
    assert out["self"]["formula"] == "grad * other" and out["self"]["value"]["values"] == 3.0
    assert out["self"]["to"] == {"step": 2, "source": "x"} and out["other"]["check"] == "1*2 = 2"
    json.dumps(data, allow_nan=False)


def test_result_explain_evaluates_again_when_not_asked_before():
    result = gradcli.evaluate("x*2", at={"x": "3."})
    assert result.explanation is None
    assert [s.name for s in result.explain().steps] == ["MulBackward0", "AccumulateGrad"]


def test_the_worked_example_in_the_docs_is_real_output():
    from conftest import ROOT
    docs = (ROOT / "docs" / "explain.md").read_text(encoding="utf-8")
    shown = docs.split("--explain | sed -n '/^backward/,$p'\n", 1)[1].split("```", 1)[0]
    text = gradcli.evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"}, explain=True).explain().text()
    assert shown == text


def test_a_second_order_pass_names_the_nodes_the_first_backward_made():
    """With create_graph (what eval --order 2 runs: autograd.grad, then autograd.grad of the sum), each pass is
    explained; the nodes of the gradient's own graph are named after the step of the first pass that made them,
    and the second pass ends at x with the second derivative: d2/dx2 x^3*sin(x) = 6x sin x + 6x^2 cos x - x^3 sin x."""
    from gradcli.app import api
    from gradcli.core import backward as autograd
    from gradcli.explain.steps import Collector, Sources
    from gradcli.lang.compile.provenance import Provenance
    provenance = Provenance(keep_values=True)
    interpreter = api._expression_interpreter(provenance)
    x = interpreter.variables["x"] = api._leaf(2.0, api._dtype("float64"))
    value = interpreter.evaluate("x^3*sin(x)")
    collector = Collector(Sources(provenance, lambda: {"x": x}))
    with api._watched(collector):
        first, = autograd.grad(value, x, create_graph=True)
        second, = autograd.grad(first.sum(), x)
    explanation = collector.explanation
    assert [p.title for p in explanation.passes] == [
        "autograd.grad of x^3*sin(x), starting from grad = 1 (create_graph=True):",
        "autograd.grad, starting from grad = 1:"]
    later = explanation.passes[1].steps
    assert {"backward of x^3", "backward of sin(x)", "backward of x^3*sin(x)"} <= {s.source for s in later}
    import math
    expected = 6 * 2 * math.sin(2) + 6 * 4 * math.cos(2) - 8 * math.sin(2)
    assert later[-1].name == "AccumulateGrad" and later[-1].incoming[0].item() == pytest.approx(expected)
    assert second.item() == pytest.approx(expected) and not later[-1].written
