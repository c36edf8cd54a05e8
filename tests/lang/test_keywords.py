"""Arguments named as torch names them (lang/keywords.py): torch's documented parameter names, numpy's
axis=/keepdims=, out= — against the names recorded from torch (gradcli/lang/sandbox/torch_signatures.json, written by
tests/golden/names/make_signatures.py). What such calls print is checked against torch in
tests/corpora/conformance/ops/085.py and 086.py."""

import json
import pathlib

import numpy
import pytest

from gradcli.app import api
from gradcli.base import errors
from gradcli import ops
from gradcli.lang.sandbox import keywords, recorded

# torch binds these without an ATen schema or a Python signature to read: no keyword names to record
WITHOUT_SIGNATURE = {"torch": {"from_numpy", "get_default_dtype", "Tensor", "FloatTensor", "DoubleTensor", "LongTensor",
                               "IntTensor", "ShortTensor", "CharTensor", "ByteTensor", "BoolTensor", "HalfTensor"},
                     "torch.Tensor": {"type", "float", "double", "half", "long", "int", "short", "bool", "byte", "char",
                                      "new_tensor"}}


@pytest.mark.parametrize("module, registry", [("torch", ops.FUNCTIONS), ("torch.Tensor", ops.METHODS),
                                              ("torch.nn.functional", ops.FUNCTIONAL), ("torch.linalg", ops.LINALG)])
def test_every_front_door_has_torchs_parameter_names(module, registry):
    signatures = keywords._signatures()
    missing = {name for name, door in registry.items() if not name.startswith("__") and not isinstance(door, type)
               and "%s.%s" % (module, name) not in signatures}
    assert missing == WITHOUT_SIGNATURE.get(module, set())


def test_signatures_are_torchs_own():
    signatures = keywords._signatures()
    assert signatures["version"].startswith("2.13.0")
    assert [["input", "other"], ["alpha", "out"]] in signatures["torch.add"]
    assert [["condition", "input", "other"], []] in signatures["torch.where"]  # a schema's self is input, anywhere
    assert all("self" not in places for name, overloads in signatures.items() if name.startswith("torch.Tensor.")
               for places, _ in overloads)  # a method's self is the tensor it is called on


def run(script):
    return api.run_script("import torch\nx = torch.arange(6.).reshape(2, 3)\n" + script)


@pytest.mark.parametrize("call, same_as", [
    ("torch.add(input=x, other=x, alpha=2)", "torch.add(x, x, alpha=2)"),
    ("x.sum(axis=1, keepdims=True)", "x.sum(1, True)"),
    ("torch.mean(x, axis=0)", "torch.mean(x, 0)"),
    ("x.view(size=(3, 2))", "x.view(3, 2)"),
    ("torch.where(condition=x > 2, input=x, other=-x)", "torch.where(x > 2, x, -x)"),
    ("x.clamp(max=2)", "x.clamp(None, 2)"),
])
def test_a_keyword_torch_names_means_the_same_argument(call, same_as):
    assert run("print(%s)" % call) == run("print(%s)" % same_as)


def test_a_keyword_neither_knows_is_the_doors_type_error():
    with pytest.raises(errors.GradcliError) as raised:
        run("torch.add(x, x, nonsense=1)")
    assert raised.value.kind == "TypeError" and "nonsense" in raised.value.message


def test_out_is_written_and_returned():
    assert run("o = torch.empty(2, 3)\nr = torch.mul(x, 2, out=o)\nprint(r is o, o._version, o[1, 2].item())") \
        == "True 1 10.0\n"


def test_calls_that_are_not_front_doors_keep_their_keywords():
    assert run("def f(a, input=1):\n    return a + input\nprint(f(1, input=2), sorted([3, 1], reverse=True))") \
        == "3 [3, 1]\n"


def test_the_signatures_are_read_only_when_a_call_needs_them():
    recorded.cache_clear()
    run("print(x.sum(dim=0), torch.ones(2, requires_grad=True).sum())")
    assert recorded.cache_info().currsize == 0
    run("print(x.sum(axis=0, keepdims=True))")  # numpy's names need no file
    assert recorded.cache_info().currsize == 0
    run("print(torch.sum(input=x))")
    assert recorded.cache_info().currsize == 1


def test_the_recorded_file_is_json_with_one_entry_per_name():
    text = pathlib.Path(keywords.__file__).with_name("torch_signatures.json").read_text(encoding="utf-8")
    assert len(json.loads(text)) > 1000


# ---------------------------------------------------------------- a door's own names are not torch's
OWN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "names" / "own_names.json")
                 .read_text(encoding="utf-8"))


def _called(name, keyword):
    try:
        api.run_script("import torch\nw = torch.ones(2, 3)\ntorch.%s(%s=w)\n" % (name, keyword))
    except errors.GradcliError as error:
        return error
    return None


@pytest.mark.parametrize("name", sorted(OWN["cases"]))
def test_a_doors_own_parameter_name_is_refused_as_torch_refuses_it(name):
    """torch.exp(self=w): gradcli's door named its parameter self, torch's parser knows only input and refuses
    the call (recorded from torch 2.13, tests/golden/names/make_own_names.py); so does gradcli, in torch's words
    (torch.addmm(x=w) binds x as numpy's name for input, then lists the signatures). Where torch's parser takes
    the call, gradcli does too, and the op runs or fails as torch's does."""
    case = OWN["cases"][name]
    error = _called(name, case["keyword"])
    if case["refusal"] is not None:
        assert error is not None, "torch.%s(%s=w) ran" % (name, case["keyword"])
        assert (error.kind, error.message) == ("TypeError", case["refusal"])
    else:
        assert (error.kind if error else "ran") == case["outcome"], error


def test_the_refusals_are_recorded_from_torch_2_13():
    assert OWN["torch"].startswith("2.13") and OWN["cpu_capability"] == "AVX2"
    assert len(OWN["cases"]) >= 203 and OWN["cases"]["exp"]["refusal"] == \
        'exp() missing 1 required positional arguments: "input"'


@pytest.mark.parametrize("name", sorted(OWN["docs"]))
def test_help_names_parameters_as_torchs_documentation(name):
    """help(torch.NAME) lists the parameters by the names torch's docstring gives them (input, other, dim...)."""
    from gradcli.app.session import describe
    shown = describe(ops.FUNCTIONS[name]).splitlines()[0]
    if not shown.startswith("torch.%s(" % name):
        pytest.skip("torch.%s is gradcli's door of another name: %s" % (name, shown))
    if keywords.torch_signature("torch." + name, ops.FUNCTIONS[name]) is None:
        pytest.skip("torch.%s's parameters are not recorded (a Python function of *args): the door's shown" % name)
    names = _parameter_names(shown)
    documented = OWN["docs"][name]
    recorded = {n for places, kw in keywords._torch("torch." + name) for n in places + kw}
    assert set(names) <= set(documented) | recorded, (shown, documented)  # none of the door's own (self, x)
    assert names[:1] == [d.lstrip("*") for d in documented[:1]], (shown, documented)


def _parameter_names(shown):
    """The parameter names of `name(a, b: int = 1, *, c=(1, 2)) -> (Tensor, Tensor)`."""
    depth, parts, part = 0, [], ""
    for char in shown[shown.index("(") + 1:]:
        depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(char, 0)
        if depth < 0:
            break
        if char == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += char
    parts.append(part)
    return [p.split("=")[0].split(":")[0].strip().lstrip("*") for p in parts if p.strip() not in ("*", "")]


# ---------------------------------------------------------------- help() shows torch's signatures
HELP = json.loads(pathlib.Path(keywords.__file__).with_name("torch_help.json").read_text(encoding="utf-8"))


def _gradclis(qualified):
    """gradcli's object for a torch name (a Tensor method bound to a tensor), or None."""
    from gradcli.lang.sandbox import namespace
    from gradcli.core.tensor import Tensor
    module, _, name = qualified.rpartition(".")
    if module == "torch.Tensor":
        return getattr(Tensor._make(numpy.ones(2)), name, None)
    found = namespace.MODULES.get(module)
    return found.members.get(name) if found is not None else None


def test_help_signatures_are_torchs_2_13():
    assert HELP["torch"].startswith("2.13") and HELP["cpu_capability"] == "AVX2"
    assert HELP["signatures"]["torch.exp"] == "(input, *, out=None) -> Tensor"  # (its docstring's)
    assert HELP["signatures"]["torch.norm"] == "(input, p='fro', dim=None, keepdim=False, out=None, dtype=None)"
    assert len(HELP["signatures"]) >= 640


def test_help_shows_torchs_signature_for_every_recorded_function():
    """help(torch.NAME), help(x.NAME), F.NAME?: torch's own signature (its docstring's for a C function, its
    Python signature for torch.norm, torch.split, F.softmax), under the name the door is registered by first
    (torch.divide is torch.div's door: help shows div's)."""
    from gradcli.app.session import describe, _torch_name
    wrong = {}
    for qualified in HELP["signatures"]:
        obj = _gradclis(qualified)
        assert obj is not None, qualified
        shown = _torch_name(obj)
        resolved = shown if shown.startswith("torch.") else "torch." + shown
        expected = shown + HELP["signatures"].get(resolved, "")
        first = describe(obj).splitlines()[0]
        if resolved in HELP["signatures"] and first != expected:
            wrong[qualified] = (first, expected)
    assert wrong == {}


# ---------------------------------------------------------------- torch's keyword names are taken everywhere
# names torch takes that gradcli's doors do not model, and why (a call naming them is refused as unknown)
NOT_MODELLED = {
    "alpha": "addmm's beta/alpha scale its terms: gradcli's matrix products compute beta=1, alpha=1 only",
    "beta": "as alpha",
    "out_dtype": "mm/bmm/addmm's out_dtype overload (a result of another dtype) is not modelled",
    "reduce": "scatter's reduce= and the losses' legacy size_average/reduce (both deprecated by torch)",
    "weight": "F.mse_loss/l1_loss's weight, new in torch 2.13",
}
NOT_MODELLED_AT = {("torch.sort", "out"): "sort's out= is a pair of tensors: gradcli writes an out= of one tensor"}


def _taken_names():
    """(qualified, door, method, name) of every parameter name torch takes by keyword: its parser's, recorded
    per signature for its C functions and methods (torch_refusals.json), and the Python signatures of
    torch.nn.functional and torch.linalg (torch_signatures.json), less an overload's out tensors (the names it
    has beyond an overload of the same positions: linalg.qr's Q, R, which Python takes as out=)."""
    from gradcli.lang.sandbox import torch_parser
    for module, registry in (("torch", ops.FUNCTIONS), ("torch.Tensor", ops.METHODS),
                             ("torch.nn.functional", ops.FUNCTIONAL), ("torch.linalg", ops.LINALG)):
        for name, door in sorted(registry.items()):
            if name.startswith("__") or isinstance(door, type):
                continue
            qualified = "%s.%s" % (module, name)
            if module in ("torch", "torch.Tensor"):
                names = {p.name for params in torch_parser.parser_signatures(qualified, keywords._torch) for p in params}
            else:
                overloads = keywords._torch(qualified)
                names = set()
                for places, named in overloads:
                    smaller = [set(k) for p, k in overloads if p == places and set(k) < set(named)]
                    outs = set(named) - max(smaller, key=len) if smaller else set()
                    names.update(places, set(named) - outs)
            for taken in sorted(names):
                yield qualified, door, module == "torch.Tensor", taken


def test_every_name_torch_takes_by_keyword_is_taken():
    """torch.exp(input=w), F.relu(input=x), x.sum(dim=0, keepdim=True), torch.pow(self=2, exponent=w),
    torch.zeros(2, pin_memory=False): each name torch's signatures have is one the door takes (as its own
    parameter of another name, numpy's, out=, or a keyword asking for what gradcli does anyway)."""
    missing, swept = [], 0
    for qualified, door, method, name in _taken_names():
        swept += 1
        if name in NOT_MODELLED or (qualified, name) in NOT_MODELLED_AT:
            continue
        if not keywords.takes_keyword(door, method, qualified, name):
            missing.append((qualified, name))
    assert missing == []
    assert swept > 1400


def test_torchs_keyword_names_compute_as_positional_arguments_do():
    script = ("w = torch.tensor([[1., -2., 3.], [0.5, 4., -1.]])\n"
              "print(torch.pow(self=2, exponent=w).equal(torch.pow(2, w)), torch.result_type(scalar1=1, scalar2=2.0))\n"
              "print(torch.gather(w, 1, torch.tensor([[0], [2]]), sparse_grad=False).tolist())\n"
              "print(torch.zeros(2, pin_memory=False, layout=None).tolist(), w.expand(2, 3, implicit=False).shape)\n")
    assert run(script) == "True torch.float32\n[[1.0], [-1.0]]\n[0.0, 0.0] torch.Size([2, 3])\n"
    with pytest.raises(errors.GradcliError) as raised:
        run("torch.zeros(2, pin_memory=True)")
    assert raised.value.kind == "NotImplementedError" and "pin_memory=True" in raised.value.message
