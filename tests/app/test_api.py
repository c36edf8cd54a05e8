"""The library API the CLI sits on: evaluate, evaluate_lines, run_script, Session, and the backward graph."""

import pytest

import gradcli
from gradcli.app import api
from gradcli.explain.graph_formats import json_data, to_dot
from gradcli.explain.graph_view import backward_graph


# ---------------------------------------------------------------- evaluate
def test_evaluate_returns_value_grad_fn_and_gradients():
    result = gradcli.evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"})
    assert repr(result.value) == "tensor(27., grad_fn=<MeanBackward0>)"
    assert result.grad_fn == "MeanBackward0"
    assert result.grads["x"].tolist() == [[4.5, 4.5], [4.5, 4.5]]


def test_evaluate_takes_numbers_and_tensors_as_inputs():
    x = gradcli.evaluate("ones(2)").value
    result = gradcli.evaluate("sum(x*y)", at={"x": x, "y": 3})
    assert result.grads["x"].tolist() == [3.0, 3.0]
    assert result.grads["y"].tolist() == 2.0
    assert str(result.inputs["y"].dtype) == "torch.float32"


def test_evaluate_float64_inputs():
    result = gradcli.evaluate("x*x", at={"x": "1.5"}, dtype="float64")
    assert str(result.value.dtype) == "torch.float64"
    assert str(result.grads["x"].dtype) == "torch.float64"


def test_evaluate_weight_for_a_vector_output():
    result = gradcli.evaluate("x*x", at={"x": "tensor([1.,2.])"}, weight="tensor([1.,10.])")
    assert result.grads["x"].tolist() == [2.0, 40.0]


def test_an_input_the_value_does_not_use_has_no_gradient():
    result = gradcli.evaluate("x*2", at={"x": "1.", "unused": "2."})
    assert result.grads == {"x": result.grads["x"], "unused": None}


def test_a_value_without_grad_has_no_grad_fn():
    result = gradcli.evaluate("ones(2) + 1")
    assert result.grad_fn is None and result.grads == {}
    assert result.to_dict()["grad_fn"] is None


def test_to_dict_is_json_ready():
    import json
    data = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."}).to_dict()
    assert json.loads(json.dumps(data)) == {
        "expression": "x*y", "value": 6.0, "type": "torch.Tensor", "shape": [], "dtype": "torch.float32",
        "grad_fn": "MulBackward0", "requires_grad": True,
        "inputs": {"x": {"value": 2.0, "shape": [], "dtype": "torch.float32", "grad": 3.0},
                   "y": {"value": 3.0, "shape": [], "dtype": "torch.float32", "grad": 2.0}},
        "grads": {"x": 3.0, "y": 2.0}, "no_backward": None}


def test_evaluate_errors_are_gradcli_errors_with_positions():
    with pytest.raises(gradcli.GradcliError) as caught:
        gradcli.evaluate("x +* 2", at={"x": "1."})
    assert caught.value.kind == "SyntaxError"
    assert (caught.value.position.line, caught.value.position.column) == (1, 4)
    with pytest.raises(gradcli.GradcliError, match=r"float32 \(float\) or float64 \(double\)"):
        gradcli.evaluate("x", at={"x": "1."}, dtype="int64")
    with pytest.raises(gradcli.GradcliError, match="only for scalar outputs") as caught:
        gradcli.evaluate("x*2", at={"x": "ones(2)"})
    assert caught.value.result.value.tolist() == [2.0, 2.0]  # the forward pass's value, without gradients
    assert caught.value.result.grads == {}


# ---------------------------------------------------------------- evaluate_lines
def test_evaluate_lines_skips_blank_and_comment_lines_and_goes_on_after_errors():
    text = "x*2\n\n# a comment\n  x +* 2\nfoo(x)\nx^3\n"
    outcomes = list(api.evaluate_lines(text, at={"x": "2."}, filename="exprs.txt"))
    assert [number for number, _ in outcomes] == [1, 4, 5, 6]
    assert outcomes[0][1].grads["x"].tolist() == 2.0
    assert outcomes[3][1].grads["x"].tolist() == 12.0  # fresh leaves: no accumulation from line 1
    syntax, name = outcomes[1][1], outcomes[2][1]
    assert isinstance(syntax, gradcli.GradcliError) and isinstance(name, gradcli.GradcliError)
    assert syntax.position.render(str(syntax)).splitlines() == [
        "exprs.txt:4:6: SyntaxError: invalid syntax", "      x +* 2", "         ^"]
    assert name.position.render(str(name)).splitlines()[0] == "exprs.txt:5:1: NameError: name 'foo' is not defined"


def test_evaluate_lines_rejects_bad_inputs_before_any_line():
    with pytest.raises(gradcli.GradcliError) as caught:
        list(api.evaluate_lines(["x"], at={"x": "nope("}))
    assert caught.value.position.filename == "--at x"


# ---------------------------------------------------------------- run_script
def test_run_script_returns_the_printed_output():
    assert gradcli.run_script("import torch\nprint(torch.ones(2))") == "tensor([1., 1.])\n"


def test_run_script_writes_to_a_callable():
    pieces = []
    assert gradcli.run_script("print(1)\nprint(2)", write=pieces.append) is None
    assert "".join(pieces) == "1\n2\n"


def test_run_script_stops_at_an_error_or_reports_each_with_on_error():
    script = "print(1)\nx = nope\nprint(2)\ny = 1 / 0\nprint(3)\n"
    with pytest.raises(gradcli.GradcliError) as caught:
        gradcli.run_script(script, "s.py")
    assert caught.value.position.line == 2
    errors = []
    assert gradcli.run_script(script, "s.py", on_error=errors.append) == "1\n2\n3\n"
    assert [e.position.line for e in errors] == [2, 4]


# ---------------------------------------------------------------- Session
def test_session_echoes_expressions_and_keeps_variables():
    out = []
    session = gradcli.Session(write=out.append)
    session.execute("import torch\nx = torch.ones(2, requires_grad=True)\n")
    session.execute("y = (x * 3).sum()\n")
    session.execute("y\n")
    assert "".join(out) == "tensor(6., grad_fn=<SumBackward0>)\n"
    assert session.execute("None\n") is None and "".join(out).count("\n") == 1
    session.reset()
    assert session.variables == {}


def test_session_is_incomplete_for_open_blocks_and_brackets():
    session = gradcli.Session(write=lambda text: None)
    assert session.is_incomplete("for i in range(2):\n")
    assert session.is_incomplete("x = (1 +\n")
    assert not session.is_incomplete("x = 1\n")


def test_a_repl_input_is_parsed_once(monkeypatch):
    """is_incomplete reads the input with the driver, and execute runs that tree: one parse, none by Lark."""
    from gradcli.lang.syntax import parser
    parses = []
    driver = parser.driver()
    real_parse = driver.parse
    monkeypatch.setattr(driver, "parse", lambda *args: parses.append(args) or real_parse(*args))
    monkeypatch.setattr(parser, "parser", lambda: pytest.fail("Lark's parser was asked"))
    out = []
    session = gradcli.Session(write=out.append)
    for text in ("import torch\n", "x = torch.ones(2) * 3\n", "x.sum()\n", "1, 2\n"):
        assert not session.is_incomplete(text)
        session.execute(text)
    assert len(parses) == 4 and out == ["tensor(6.)\n", "(1, 2)\n"]


def test_session_describes_variables():
    session = gradcli.Session(write=lambda text: None)
    session.execute("import torch\nx = torch.ones(2, 3, requires_grad=True)\ny = x.sum()\nn = 4\n")
    assert session.describe_variables() == [
        ("n", None, "int", None, None, None),
        ("x", [2, 3], "torch.float32", True, None, "None"),  # a leaf that requires grad: its .grad not set yet
        ("y", [], "torch.float32", True, "SumBackward0", None),
    ]
    session.execute("y.backward()\n")
    assert session.describe_variables()[1][-1] == "set"


@pytest.mark.parametrize("text, expected", [
    ("x.gr", ["x.grad", "x.grad_fn", "x.greater"]),
    ("torch.zeros", ["torch.zeros", "torch.zeros_like"]),
    ("torch.nn.f", ["torch.nn.functional"]),
    ("y.grad_fn.next", ["y.grad_fn.next_functions"]),
    ("to", ["torch"]),
    ("nope.a", []),
    ("x.(", []),
    ("x.dtype.is_f", ["x.dtype.is_floating_point"]),
    ("s.for", ["s.format"]),
])
def test_session_completes_names_and_members(text, expected):
    session = gradcli.Session(write=lambda text: None)
    session.execute("import torch\nx = torch.ones(2, requires_grad=True)\ny = x.sum()\ns = 'a'\n")
    matches = session.complete(text)
    assert set(expected) <= set(matches) and all(m.startswith(text) for m in matches)
    assert bool(matches) == bool(expected)


def test_what_completion_offers_a_script_can_read():
    from gradcli.lang.sandbox import namespace
    session = gradcli.Session(write=lambda text: None)
    session.execute("import torch\nx = torch.ones(2, 2, requires_grad=True)\ny = x.sum()\nh = x.register_hook(abs)\n")
    values = [namespace.TORCH, session.variables["x"], session.variables["x"].dtype, session.variables["y"].grad_fn,
              session.variables["y"].grad_fn.next_functions[0][0], "text", [1], {"a": 1}, (1,), 1.5, 2,
              session.variables["x"].shape, session.variables["h"]]
    for value in values:
        names = namespace.members(value)
        assert names, value
        for name in names:
            namespace.get_attribute(value, name)  # raises for a name outside the allow-list
    assert "variable" not in namespace.members(session.variables["y"].grad_fn)  # only AccumulateGrad has it


def test_session_graph_names_the_leaves():
    session = gradcli.Session(write=lambda text: None)
    session.execute("import torch\na = torch.ones(2, requires_grad=True)\nb = torch.ones(2, requires_grad=True)\n"
                    "c = (a * b).sum()\n")
    labels = [node.label() for node, _, _ in session.graph("c").walk()]
    assert labels == ["SumBackward0", "MulBackward0", "AccumulateGrad a [2] torch.float32",
                      "AccumulateGrad b [2] torch.float32"]
    with pytest.raises(gradcli.GradcliError, match="not defined"):
        session.graph("nope")


# ---------------------------------------------------------------- backward graph
def test_backward_graph_shares_nodes_reached_twice():
    result = gradcli.evaluate("x*x + x", at={"x": "2."})
    graph = result.graph()
    walk = [(node.label(), depth, first) for node, depth, first in graph.walk()]
    assert walk == [
        ("AddBackward0", 0, True),
        ("MulBackward0", 1, True),
        ("AccumulateGrad x [] torch.float32", 2, True),
        ("AccumulateGrad x [] torch.float32", 2, False),
        ("AccumulateGrad x [] torch.float32", 1, False),
    ]
    assert len(graph) == 3


def test_backward_graph_of_a_tensor_without_grad_fn_is_empty():
    graph = backward_graph(gradcli.evaluate("ones(2)").value)
    assert graph.root is None and list(graph.walk()) == [] and json_data(graph) == []


def test_backward_graph_walks_long_chains_without_recursion():
    out = gradcli.Session(write=lambda text: None)
    out.execute("import torch\nx = torch.ones(1, requires_grad=True)\ny = x\nn = 0\nwhile n < 3000:\n"
                "    y = y * 1.0\n    n += 1\n")
    graph = out.graph("y")
    assert len(graph) == 3001
    assert to_dot(graph).count("->") == 3000


def test_dot_text():
    dot = to_dot(gradcli.evaluate("sum(x*y)", at={"x": "2.", "y": "ones(2)"}).graph())
    assert dot == (
        'digraph backward {\n'
        '  node [shape=box, fontname="Helvetica"];\n'
        '  n0 [label="SumBackward0"];\n'
        '  n1 [label="MulBackward0"];\n'
        '  n2 [label="AccumulateGrad\\nx [] torch.float32", style=filled, fillcolor="lightblue"];\n'
        '  n3 [label="AccumulateGrad\\ny [2] torch.float32", style=filled, fillcolor="lightblue"];\n'
        '  n0 -> n1;\n'
        '  n1 -> n2;\n'
        '  n1 -> n3;\n'
        '}\n')


def test_lazy_package_attributes():
    assert gradcli.__version__
    with pytest.raises(AttributeError):
        gradcli.nope  # noqa: B018


# ---------------------------------------------------------------- the documented examples run
@pytest.mark.parametrize("module", ["gradcli", "gradcli.app.api", "gradcli.explain.graph_view", "gradcli.explain.graph_formats",
                                    "gradcli.app.calculus", "gradcli.symbolic"])
def test_docstring_examples(module):
    import doctest
    import importlib
    failures, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failures


@pytest.mark.parametrize("document, examples", [("docs/api.md", 5), ("README.md", 4), ("docs/explain.md", 3)])
def test_documented_examples(document, examples):
    import doctest
    from conftest import ROOT
    failures, tried = doctest.testfile(str(ROOT / document), module_relative=False, globs={"gradcli": gradcli})
    assert tried >= examples and not failures


# Two scripts that set all of a run's state differently (seeds of torch, random and np.random, print options,
# grad mode, default dtype, thread count), say so, then use it
_SETTINGS = {
    "a": "torch.set_grad_enabled(False)\ntorch.set_default_dtype(torch.float64)\ntorch.set_num_threads(1)\n"
         "torch.manual_seed(1)\nrandom.seed(1)\nnp.random.seed(1)\ntorch.set_printoptions(precision=8)\n",
    "b": "torch.set_num_threads(3)\ntorch.manual_seed(2)\nrandom.seed(2)\nnp.random.seed(2)\n"
         "torch.set_printoptions(precision=2, sci_mode=True)\n",
}
TWO_RUNS = {key: "import torch\nimport random\nimport numpy as np\n" + settings + (
    "print('set')\n"
    "for i in range(30):\n"
    "    x = torch.randn(3) * torch.ones(3, requires_grad=True)\n"
    "    r, n = random.random(), np.random.rand()\n"
    "print(x, r, n, torch.get_num_threads(), torch.get_default_dtype(), torch.is_grad_enabled())\n")
    for key, settings in _SETTINGS.items()}


def test_two_threads_running_scripts_each_print_what_they_print_alone():
    """Two threads of one host run two scripts at once, many times: each run prints exactly what it prints
    alone. Truly at once: both runs have set their state (they wait for each other in their first print) before
    either goes on to use it."""
    import threading
    alone = {key: api.run_script(text) for key, text in TWO_RUNS.items()}
    assert alone["a"] != alone["b"] and "grad_fn" not in alone["a"] and "grad_fn" in alone["b"]
    both_set = threading.Barrier(2, timeout=20)
    printed = {"a": [], "b": []}

    def runs(key):
        for _ in range(10):
            out = []

            def write(text):
                out.append(text)
                if text == "set":
                    both_set.wait()
            api.run_script(TWO_RUNS[key], write=write)
            printed[key].append("".join(out))
    threads = [threading.Thread(target=runs, args=(key,)) for key in TWO_RUNS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert printed == {key: [alone[key]] * 10 for key in TWO_RUNS}


def test_each_run_has_its_own_os_environ_warning_filters_and_stdout_in_every_thread():
    import threading
    script = ("import os\nimport sys\nimport warnings\nfrom os import environ\n"
              "print(os.environ.get('X', 'unset'), 'X' in environ)\nos.environ['X'] = '1'\n"
              "warnings.filterwarnings('ignore')\nwarnings.warn('hidden')\nsys.stdout.write(environ['X'] + '\\n')\n")
    alone = []
    gradcli.run_script(script, trusted=True, write=alone.append, warn=alone.append)
    outputs, start = [], threading.Barrier(3)

    def runs():
        start.wait()
        for _ in range(5):
            out = []
            gradcli.run_script(script, trusted=True, write=out.append, warn=out.append)
            outputs.append("".join(out))
    threads = [threading.Thread(target=runs) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert "".join(alone) == "unset False\n1\n" and outputs == ["".join(alone)] * 15


def test_module_attributes_a_script_sets_are_its_runs_own():
    """`sys.stdout = None`, `warnings.showwarning = print` (once the hostile corpus's doors): the run's own
    attributes, which its print does not go through; the host's modules and the next run never see them."""
    import sys
    import warnings
    host = (sys.stdout, warnings.showwarning)
    script = ("import sys\nimport warnings\nsys.stdout = None\nwarnings.showwarning = print\n"
              "print('reached', sys.stdout)\n")
    assert gradcli.run_script(script) == "reached None\n"
    assert (sys.stdout, warnings.showwarning) == host
    assert gradcli.run_script("import sys\nprint(sys.stdout is None)\n") == "False\n"
