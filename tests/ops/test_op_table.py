"""The op table as a whole: every row registered once and reached, every front door a name torch has, and every
row's formula text computing what its code computes.

The reach and formula checks share one workload: the torch-recorded op and autograd goldens (replayed), plus a
few scripts for rows those do not reach. Each row's first call is recorded (its inputs, parameters and output),
and then each derivative of the row is computed twice on those values: by its code, and by evaluating its formula
text with gradcli's own language. So `--explain` and `diff`, which show and compose the texts, can never drift
from what backward computes.
"""

import builtins
import collections
import functools
import json

import numpy as np
import pytest

from conftest import GOLDEN
from gradcli.app import api
from gradcli.base import errors, grad_mode
from gradcli.core import numerics
from gradcli.lang.sandbox import namespace
from gradcli.lang.compile.interpreter import Interpreter
from gradcli.ops import FUNCTIONAL, FUNCTIONS, METHODS, ROWS, table
from gradcli.core.tensor import Tensor

# scripts for rows the goldens do not reach (each a torch script; their outputs are checked elsewhere or not at all)
EXTRA_SCRIPTS = [
    "import torch.nn.functional as F\n"
    "x3 = torch.tensor([[[1., -2., 0.5]]], requires_grad=True)\n"
    "x4 = torch.tensor([[[[1., -2.], [0.5, 3.]]]], requires_grad=True)\n"
    "ys = [F.interpolate(x3, scale_factor=2), F.interpolate(x3, size=5, mode='nearest-exact'),\n"
    "      F.interpolate(x3, size=4, mode='linear'), F.interpolate(x4, size=(3, 4)),\n"
    "      F.interpolate(x4, scale_factor=1.5, mode='nearest-exact'), F.interpolate(x4, size=3, mode='bilinear')]\n"
    "for y, x in zip(ys, [x3, x3, x3, x4, x4, x4]):\n"
    "    g, = torch.autograd.grad((y * y).sum(), x, create_graph=True)\n"
    "    g.sum().backward()\n",
    "import torch.nn.functional as F\n"
    "x = torch.tensor([-3., -0.5, 0., 2.], requires_grad=True)\n"
    "g, = torch.autograd.grad(F.logsigmoid(x).sum(), x, create_graph=True)\n"
    "p, t = x.sigmoid(), torch.tensor([0., 0.25, 1., 0.5], requires_grad=True)\n"
    "w = torch.tensor([1., 2., 0.5, 3.])\n"
    "loss = F.binary_cross_entropy(p, t, weight=w) + F.binary_cross_entropy_with_logits(x, t, w, pos_weight=w)\n"
    "a, b = torch.autograd.grad(loss, (x, t), create_graph=True)\n"
    "(g.sum() + a.sum() + b.sum()).backward()\n",
    "from torch.nn.utils.rnn import pack_padded_sequence\n"
    "x = torch.arange(24.).view(3, 4, 2).requires_grad_()\n"
    "pack_padded_sequence(x, [4, 2, 1], batch_first=True).data.pow(2).sum().backward()\n",
    "import torch.nn.functional as F\n"
    "x = torch.tensor([[[1., 5., 2.], [-3., 4., 0.5], [2., 2., 7.]]], requires_grad=True)\n"
    "y = F.adaptive_avg_pool2d(x, (2, 2)) * F.adaptive_max_pool2d(x, (2, 2))\n"
    "g, = torch.autograd.grad(y.sum(), x, create_graph=True)\n"
    "(g * x).sum().backward()\n",
    "x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
    "i = torch.tensor([[0, 1], [1, 0]])\n"
    "s = torch.zeros(2, 2).scatter(1, i, x)\n"
    "a = torch.zeros(2, 2).scatter_add(1, i, x)\n"
    "v = x.scatter(1, i, 5.0)\n"
    "b = torch.zeros(3, 2).index_add(0, torch.tensor([0, 2]), x)\n"
    "m = x.masked_fill(x > 2, torch.tensor(7., requires_grad=True))\n"
    "p = x.index_put((torch.tensor([0, 1]),), torch.ones(2, requires_grad=True))\n"
    "p = p + x.index_fill(1, torch.tensor([0]), torch.tensor(2., requires_grad=True))\n"
    "(s.sum() + a.sum() + v.sum() + b.sum() + m.sum() + p.sum()).backward()\n",
    "x = torch.tensor([3., -1., 2., 5.], requires_grad=True)\n"
    "y = x.sort().values * x.topk(2).values.sum() + x.max() * x.min()\n"
    "g, = torch.autograd.grad(y.sum(), x, create_graph=True)\n"
    "(g * x).sum().backward()\n",
    "import torch.nn.functional as F\n"
    "x = torch.tensor([[1.5, -2.5], [3.25, 4.75]], requires_grad=True)\n"
    "w = torch.tensor([[0.5, 2.0], [-1.0, 3.0]], requires_grad=True)\n"
    "parts = [x.clamp_max(2.0), (x // 2).detach(), x % 2, 7 % torch.tensor([2, 3]), x.fmod(w), x.fmod(1.5),\n"
    "         x.addcmul(w, w, value=0.5), x.addcdiv(w, w + 9), x.lerp(w, 0.25), torch.atan2(x, w), x.ceil(),\n"
    "         x.trunc(), x.round(decimals=1), x.cumprod(1), x.repeat(2, 1), x.tril(), x.triu(), x.roll(1, 0),\n"
    "         torch.diag(torch.diag(x)), F.binary_cross_entropy_with_logits(x, torch.ones(2, 2))]\n"
    "total = sum(p.float().sum() for p in parts)\n"
    "g, = torch.autograd.grad(total, x, create_graph=True)\n"
    "(g * w).sum().backward()\n"
    "torch.manual_seed(0)\n"
    "torch.empty(3).uniform_()\n"
    "torch.empty(3).normal_()\n"
    "torch.bernoulli(torch.full((3,), 0.5))\n"
    "torch.empty(3).bernoulli_(0.5)\n"
    "torch.empty(3).exponential_()\n",
    # a float32 LSTM runs on torch's oneDNN layer (mkldnn_rnn_layer), which the float64 goldens do not reach
    "lstm = torch.nn.LSTM(2, 3)\n"
    "out, (h, c) = lstm(torch.ones(4, 1, 2))\n"
    "(out.sum() + c.sum()).backward()\n",
]


# ---------------------------------------------------------------- the registry
def test_the_index_of_the_families_is_current():
    """ops/rows/index.py (which family makes each row, door and helper: what ops/families imports when a name is
    first looked up) is written by `python -m gradcli.ops --index`, from a full load in a fresh process."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "gradcli.ops", "--index", "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, "a row, door or helper was added, moved or removed without regenerating the " \
                                 "index: run python -m gradcli.ops --index (%s)" % done.stderr.strip()


def test_a_lazy_lookup_sees_the_table_a_full_load_makes():
    """Whatever families the tests loaded first, the registries and ROWS read in the index's order, which is a
    full load's: every name is there, and each door is the one its family made."""
    from gradcli.ops import families
    from gradcli.ops.rows import index
    assert [row.overload for row in ROWS] == list(index.ROWS)
    for kind, doors in families.REGISTRIES:
        assert list(doors) == list(index.NAMES.get(kind, index.INPLACE)) == [name for name, _ in doors.items()]
        assert all(dict.__getitem__(doors, name) is door for name, door in doors.items())
    assert all(getattr(Tensor, name) is not None for name in METHODS)


def test_every_overload_has_one_row_and_every_grad_fn_name_one_overload():
    overloads = collections.Counter(row.overload for row in ROWS)
    assert [o for o, n in overloads.items() if n > 1] == []
    names = collections.Counter(row.name for row in ROWS if row.name not in (None, "NotImplemented"))
    assert [name for name, n in names.items() if n > 1] == []


def test_every_derivative_has_a_formula_text():
    for row in ROWS:
        for derivative in row.rules:
            assert derivative.formula and derivative.formula.strip(), row


def test_every_formula_given_alone_compiles_into_code_whose_names_the_table_has():
    """A derivative given as text alone is compiled at its first use: a text that is no Python expression, or
    that calls a helper nobody registered (table.formula_helper), is named here rather than at someone's
    backward."""
    lacking = []
    for row in ROWS:
        for position, derivative in zip(row.edges, row.rules):
            try:
                fn = derivative.fn
            except SyntaxError as exc:
                lacking.append("%s, input %s: the text %r is not an expression (%s)"
                               % (row.overload, row.inputs[position], derivative.formula, exc.msg))
                continue
            if fn.__code__.co_filename != "<formula>":  # code given beside the text
                continue
            unknown = [name for name in fn.__code__.co_names
                       if name not in fn.__globals__ and not hasattr(builtins, name)
                       and _called(name, derivative.formula)]
            if unknown:
                lacking.append("%s, input %s: the text calls %s, which is no formula helper (table.formula_helper)"
                               % (row.overload, row.inputs[position], ", ".join(unknown)))
    assert lacking == []


def _called(name, text):
    import re
    return re.search(r"(?<![\w.])%s\s*\(" % re.escape(name), text) is not None


@pytest.mark.parametrize("doors, module", [(FUNCTIONS, "torch"), (METHODS, "torch.Tensor"),
                                           (FUNCTIONAL, "torch.nn.functional")])
def test_every_front_door_is_a_name_torch_has_there(doors, module):
    """A script that uses a name torch lacks would not run under torch (gradcli/lang/sandbox/torch_names.json, recorded by
    tests/golden/names/make_names.py)."""
    assert sorted(set(doors) - set(namespace.torch_names()[module])) == []


@pytest.mark.parametrize("template, module", [("torch.%s", "torch"), ("torch.ones(1).%s", "torch.Tensor")])
def test_a_name_torch_has_and_gradcli_lacks_is_told_apart_from_a_misspelling(template, module):
    missing = next(name for name in namespace.torch_names()[module] if name.isidentifier() and not
                   name.startswith("_") and name not in (FUNCTIONS if module == "torch" else METHODS)
                   and _fails(template % name))
    with pytest.raises(errors.GradcliError) as told:
        api.run_script("import torch\n" + template % missing)
    assert (told.value.kind, str(told.value.message)) == (
        "NotImplementedError", "gradcli does not implement %s.%s yet" % (module, missing))
    with pytest.raises(errors.GradcliError) as told:
        api.run_script("import torch\n" + template % "onse")
    assert told.value.kind == "AttributeError"


def _fails(line):
    try:
        api.run_script("import torch\n" + line)
    except errors.GradcliError:
        return True
    return False


# in-place changes of geometry: torch records nodes of their own (UnsqueezeBackward1, ...), see inplace.py
RESTRIDING = {"unsqueeze_", "squeeze_", "transpose_", "swapaxes_", "t_"}
NOT_IN_PLACE_FORMS = {"bernoulli_"}  # x.bernoulli_(p) fills x with draws of p; bernoulli(x) draws with x as p


def test_in_place_methods_are_made_one_way():
    """Every `name_` method that has an out-of-place front door of the same name comes from it (table.INPLACE),
    but for the changes of geometry and the samplers whose in-place form is another operation."""
    made = {name for name in METHODS if name.endswith("_") and not name.startswith("_") and name[:-1] in METHODS}
    assert sorted(made - set(table.INPLACE)) == sorted(RESTRIDING | NOT_IN_PLACE_FORMS)


# ---------------------------------------------------------------- one workload for reach and formulas
def _replay_goldens():
    import test_ops_golden
    with numerics.quiet():  # as a script runs: nan and inf are values, not warnings
        for case in test_ops_golden.load():
            test_ops_golden.replay(case)
    for group in ("autograd", "inplace", "views"):
        cases = json.loads((GOLDEN / "autograd" / ("%s.json" % group)).read_text(encoding="utf-8"))
        for case in cases.values():
            try:
                api.run_script("import torch\n" + case["code"], "case.py", write=lambda _: None, warn=lambda _: None)
            except errors.GradcliError:
                pass
    for script in EXTRA_SCRIPTS:
        api.run_script("import torch\n" + script, "extra.py", write=lambda _: None)


@functools.lru_cache(maxsize=None)
def first_calls():
    """row -> (inputs, params, output) of its first call in the workload; every row's forward is watched."""
    calls = {}

    def watch(row, original):
        def forward(*inputs, **params):
            out = original(*inputs, **params)
            if row not in calls:
                calls[row] = ([np.array(a, copy=True) if isinstance(a, np.ndarray) else a for a in inputs],
                              dict(params), out)
            return out
        return forward

    rows = list(ROWS) + [concrete for row in ROWS for concrete in row.arities.values()]
    saved = [(row, row.forward) for row in rows]
    for row, original in saved:
        row.forward = watch(row, original)
    try:
        _replay_goldens()
    finally:
        for row, original in saved:
            row.forward = original
    return calls


def _reached(row, calls):
    return row in calls or any(concrete in calls for concrete in row.arities.values())


def test_every_row_is_reached_from_a_front_door():
    calls = first_calls()
    assert [row.overload for row in ROWS if not _reached(row, calls)] == []


# ---------------------------------------------------------------- formula texts against code
def _tensor(value):
    return Tensor._make(np.asarray(value)) if isinstance(value, np.ndarray) else value


def _formula_value(value):
    """A parameter as a formula text sees it: numpy arrays (index, mask, condition) become tensors, also inside
    an index tuple."""
    if isinstance(value, np.ndarray):
        return Tensor._make(value)
    if isinstance(value, tuple):
        return tuple(_formula_value(v) for v in value)
    return value


def _grad_like(out, rng):
    if isinstance(out, tuple):
        return tuple(_grad_like(o, rng) for o in out)
    out = np.asarray(out)
    dtype = out.dtype if out.dtype.kind == "f" else np.float32
    return Tensor._make(rng.standard_normal(out.shape).astype(dtype))


def _cases():
    rows = [r for r in ROWS if r.rules]
    return [pytest.param(r, id=r.overload) for r in rows]


def _evaluate_text(text, variables):
    interpreter = Interpreter(write=lambda _: None)
    interpreter.variables.update(variables)
    return interpreter.evaluate(text, "<formula>")


def _at_boundaries(arrays):
    """The float inputs with their elements taken in turn to 0, a negative, inf, -inf and kept, the second float
    input equal to the first where they can be (ties): a formula's boundary points."""
    made, first = [], None
    for a in arrays:
        if not isinstance(a, np.ndarray) or a.dtype.kind != "f" or a.size == 0:
            made.append(a)
            continue
        b = np.array(a, copy=True)
        flat = b.reshape(-1)
        with np.errstate(all="ignore"):
            for i in range(flat.size):
                flat[i] = (0.0, -abs(flat[i]) - 1, np.inf, -np.inf, flat[i])[i % 5]
            if first is not None and first.shape == b.shape:
                flat[1::3] = first.reshape(-1)[1::3]
        first = b if first is None else first
        made.append(b)
    return made


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # numpy's word on inf - inf at the boundaries
@pytest.mark.parametrize("boundary", [False, True], ids=["recorded", "boundaries"])
@pytest.mark.parametrize("row", _cases())
def test_formula_text_computes_what_the_code_computes(row, boundary):
    """At the workload's first call of the row, and with its float inputs at boundary points (0, negative,
    +-inf, equal): there the text must give the code's numbers wherever the code's are finite."""
    calls = first_calls()
    if not _reached(row, calls):
        pytest.fail("%s has no example: no torch-recorded golden (tests/golden/ops, tests/golden/autograd) and no "
                    "script of EXTRA_SCRIPTS in tests/test_op_table.py calls it, so its formula texts cannot be "
                    "checked; record a golden for it (tests/golden/ops/make_ops.py)" % row.overload)
    concrete = row if row in calls else next(c for c in row.arities.values() if c in calls)
    arrays, params, out = calls[concrete]
    if concrete.inputs[0].startswith("*"):  # a variadic row: the row for this many operands
        concrete = row.with_arity(len(arrays))
    if boundary:
        arrays = _at_boundaries(arrays)
        try:
            with numerics.quiet():
                out = concrete.forward(*arrays, **params)
        except Exception:  # not an input the row takes (a factorization of inf): no boundary to check
            return
    rng = np.random.default_rng(0)
    inputs = [_tensor(a) for a in arrays]
    grad = _grad_like(out, rng)
    results = {"result": Tensor._make(np.asarray(out))} if not isinstance(out, tuple) else \
        {"result%d" % i: Tensor._make(np.asarray(o)) for i, o in enumerate(out)}
    for position, derivative in zip(concrete.edges, concrete.rules):
        name = concrete.inputs[position]
        values = {}
        for use in derivative.uses:
            if use.startswith("result"):
                values[use] = results[use]
            elif use.endswith("_shape"):
                values[use] = tuple(np.shape(arrays[concrete.position[use[:-6]]]))
            elif use.endswith("_dtype"):
                values[use] = Tensor._make(np.asarray(arrays[concrete.position[use[:-6]]])).dtype
            elif use.endswith("_strides"):
                array = np.asarray(arrays[concrete.position[use[:-8]]])
                values[use] = tuple(s // array.itemsize for s in array.strides)
            else:
                values[use] = inputs[concrete.position[use]]
        for param in derivative.params:
            if param in params:
                values[param] = params[param]
        with grad_mode.no_grad():
            expected = _run(lambda: derivative.fn(grad, **values))
            variables = dict(table.FORMULA_CONSTANTS, **table.HELPERS)
            variables.update({"grad" if not isinstance(grad, tuple) else "grads": grad,
                              "torch": namespace.TORCH, "F": namespace.FUNCTIONAL}, **results)
            variables.update(zip(concrete.inputs, inputs))
            variables.update({k: _formula_value(v) for k, v in _defaults(derivative.fn, params).items()})
            if concrete is not row:  # a variadic row's operand: its position
                variables["i"] = position
            got = _run(lambda: _evaluate_text(derivative.formula, variables))
        _assert_same(got, expected, "%s, input %s: %s" % (row.overload, name, derivative.formula), boundary)


def _defaults(fn, params):
    """The parameters a derivative's code sees: the call's, else the code's defaults."""
    code = fn.__code__
    names = code.co_varnames[:code.co_argcount]
    defaults = dict(zip(names[len(names) - len(fn.__defaults__ or ()):], fn.__defaults__ or ()))
    return dict(defaults, **params)


def _run(compute):
    try:
        return compute()
    except errors.GradcliError as exc:
        return ("error", exc.message)


def _assert_same(got, expected, what, finite_only=False):
    if isinstance(expected, tuple) and expected and expected[0] == "error":
        assert finite_only or got == expected, what
        return
    if isinstance(expected, tuple):  # several outputs' gradients
        for g, e in zip(got, expected):
            if e is not None:
                _assert_same(g, e, what, finite_only)
        return
    assert isinstance(got, Tensor), "%s gave %r" % (what, got)
    want, have = expected.array.astype(np.float64), got.array.astype(np.float64)
    assert have.shape == want.shape, what
    if finite_only:
        keep = np.isfinite(want)
        want, have = want[keep], have[keep]
    tolerance = 1e-3 if expected.array.dtype == np.float16 else 1e-5
    np.testing.assert_allclose(have, want, rtol=tolerance, atol=tolerance, equal_nan=True, err_msg=what)


def test_the_published_listing_is_current():
    """docs/ops.md is `python -m gradcli.ops --markdown`: regenerate it when the table changes."""
    from gradcli.ops.__main__ import markdown
    listing = (GOLDEN.parent.parent / "docs" / "ops.md").read_text(encoding="utf-8")
    assert listing == markdown(), "run: python -m gradcli.ops --markdown > docs/ops.md"
