"""Every row `gradcli diff` differentiates, at its boundary points (0, negative numbers, the edges of domains,
equal arguments, +-inf), against torch's autograd recorded in tests/golden/symbolic/boundaries.json (float64,
AVX2; tests/golden/symbolic/make_boundaries.py): gradcli's autograd must give torch's numbers everywhere (nan
where torch's is nan); the symbolic formula, and the autograd that runs the rows' formula texts (compiled by
ops.table) in place of the code given beside them, must give them wherever torch's derivative is defined (not
nan): torch's masked forms (where(x == 0, 0, ...), atan2 at (0, 0)) are the formula's too."""

import contextlib
import json
import math

import numpy as np
import pytest

from conftest import GOLDEN
from gradcli.app import calculus
from gradcli.ops import table
from gradcli.symbolic.derive import parse_expression
from gradcli.symbolic.dispatch import OVERLOADS
from gradcli.symbolic.reverse import trace

DATA = json.loads((GOLDEN / "symbolic" / "boundaries.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]


def decoded(value):
    return [decoded(v) for v in value] if isinstance(value, list) else float(value)


def overloads_of(text, names):
    _, _, tape = trace(parse_expression(text), names)
    return {node.overload for node in tape}


def test_the_golden_is_torchs_and_every_row_diff_records_has_a_case():
    assert DATA["torch"].startswith("2.13") and DATA["cpu_capability"] == "AVX2"
    reached = set()
    for case in CASES:
        reached |= overloads_of(case["expression"], list(case["points"][0]))
    assert sorted(set(OVERLOADS) - reached) == [], "add a case to tests/golden/symbolic/make_boundaries.py"


@contextlib.contextmanager
def texts_as_code(overloads):
    """The rows' derivatives run their formula texts, compiled as ops.table compiles a text given alone, in place
    of the code given beside them (the code's defaults stand for parameters a call leaves out)."""
    saved = []
    for overload in overloads:
        for derivative in table.row_of(overload).rules:
            fn = derivative.fn
            if fn.__code__.co_filename == "<formula>":
                continue
            saved.append((derivative, fn))
            code = fn.__code__
            names = code.co_varnames[:code.co_argcount]
            defaults = dict(zip(names[len(names) - len(fn.__defaults__ or ()):], fn.__defaults__ or ()))
            compiled = table.compile_formula(derivative.formula, derivative.inputs)
            derivative._read(compiled)
            derivative.fn = (lambda c, d: lambda grad, *a, **kw: c(grad, *a, **dict(d, **kw)))(compiled, defaults)
    try:
        yield len(saved)
    finally:
        for derivative, fn in saved:
            derivative._read(fn)


def assert_torchs(got, expected, what, defined_only):
    got, expected = np.asarray(got, dtype=float), np.asarray(expected, dtype=float)
    where = ~np.isnan(expected) if defined_only else np.ones(expected.shape, bool)
    bad = ~np.isclose(got, expected, rtol=1e-9, atol=1e-300, equal_nan=True) & where
    assert not bad.any(), "%s: at %s torch gives %s, gradcli %s" % (
        what, np.argwhere(bad).tolist(), expected[bad].tolist(), got[bad].tolist())


@pytest.mark.parametrize("case", CASES, ids=[c["expression"] for c in CASES])
def test_autograd_and_formulas_are_torchs_at_the_boundaries(case):
    text = case["expression"]
    for point, gradients in zip(case["points"], case["gradients"]):
        at = {name: decoded(v) for name, v in point.items()}
        result = calculus.diff(text, list(at), at=at)
        for d in result.derivatives:
            expected = decoded(gradients[d.name])
            where = "%s, d/d%s at %s" % (text, d.name, at)
            assert_torchs(d.autograd.tolist(), expected, where + ", autograd", defined_only=False)
            assert_torchs(d.value.tolist(), expected, where + ", the formula " + d.formula, defined_only=True)
        with texts_as_code(overloads_of(text, list(at))) as swapped:
            if swapped:
                for d in calculus.diff(text, list(at), at=at).derivatives:
                    assert_torchs(d.autograd.tolist(), decoded(gradients[d.name]),
                                  "%s, d/d%s at %s, the rows' formula texts" % (text, d.name, at), defined_only=True)


def test_x_to_the_x_at_0_is_autograds_0_not_nan():
    """The issue's example: where(x == 0, 0, ...) stays a where, not a product with (x != 0) (nan * 0)."""
    result = calculus.diff("x^x", ["x"], at={"x": 0.0})
    (d,) = result.derivatives
    assert float(d.autograd) == 0.0 and float(d.value) == 0.0 and result.agree is True
    assert math.isclose(float(calculus.diff("x^x", ["x"], at={"x": 2.0}).derivatives[0].value),
                        4 * (1 + math.log(2)))
