"""Regression tests for the root causes of issue 19's crashes, hangs and leaks: each attack is refused where the
value is built (a LimitError naming its limit) or now runs in linear time, and state does not leak between
runs. Torch's behaviour is recorded in tests/hostile/ where it is torch's."""

import re
import sys

import numpy as np
import pytest

from gradcli.app import api
from gradcli.core import limits, printing, rng
from gradcli.base.errors import GradcliError
from conftest import TESTS

HOSTILE = TESTS / "hostile"


@pytest.fixture(autouse=True)
def fresh_limits():
    limits.reset()
    yield
    limits.reset()


def refused(source, option="--max-elements", kind="LimitError"):
    with pytest.raises(GradcliError) as info:
        api.run_script(source, "<hostile>")
    assert info.value.kind == kind and option in info.value.message, str(info.value)
    assert info.value.position is not None
    return info.value


@pytest.mark.parametrize("source", [
    "t = ()\nfor i in range(10**5):\n    t = (t,)\nd = {t: 1}",
    "t = ()\nfor i in range(10**5):\n    t = tuple([t])",
    "m = [1]\nfor i in range(10**5):\n    m = map(abs, m)",
    "m = [1]\nfor i in range(10**5):\n    m = zip(m)",
    "m = [1]\nfor i in range(10**5):\n    m = filter(None, enumerate(m))",
])
def test_nesting_that_would_overflow_the_c_stack_is_refused_where_built(source):
    refused(source, "--max-nesting")


sys.path.insert(0, str(HOSTILE))
from values import TUPLE_MAKERS, TUPLE_PRELUDE  # noqa: E402


@pytest.mark.parametrize("step", TUPLE_MAKERS.values(), ids=list(TUPLE_MAKERS))
def test_tuples_python_makes_of_the_scripts_values_are_depth_checked_where_made(step):
    """zip's and enumerate's tuples, an items view's pairs (held and iterated after the dict changed, too),
    *args, popitem, most_common, an exception's args: each a level above what it holds, so each is checked as a
    display is (a chain of them, hashed, overflowed the C stack)."""
    limits.configure(max_nesting=30)
    refused(TUPLE_PRELUDE + "for i in range(200):\n    %s\ns = {p}\n" % step, "--max-nesting")


def test_ordinary_tuples_python_makes_are_unchanged():
    assert api.run_script(
        "from collections import Counter, OrderedDict\nd = {'a': (1, 2), 'b': 3}\nfor k, v in d.items():\n"
        "    print(k, v)\nprint(type(zip([])), zip, isinstance(enumerate([]), enumerate), [p for p in d.items()])\n"
        "print(sorted(d.items(), key=str), max(zip([1, 2])), Counter('aab').most_common(1), ValueError(1, 2).args)\n"
        "print(OrderedDict(d).popitem(), list(enumerate(zip('ab', 'cd'))))\n") == (
        "a (1, 2)\nb 3\n<class 'zip'> <class 'zip'> True [('a', (1, 2)), ('b', 3)]\n"
        "[('a', (1, 2)), ('b', 3)] (2,) [('a', 2)] (1, 2)\n('b', 3) [(0, ('a', 'c')), (1, ('b', 'd'))]\n")


def test_ordinary_nesting_still_works():
    assert api.run_script("t = ((1, 2), (3, (4,)))\nprint({t: 1}[t], tuple([t]) == (t,))\n"
                          "print(list(zip(*enumerate(map(abs, [-1, 2])))))") == "1 True\n[(0, 1), (1, 2)]\n"


SHARED = "a = []\nfor i in range(60):\n    a = [a, a]\n"


@pytest.mark.parametrize("use", ["str(a)", "a == [a[0], a[1][:]]", "'{!r}'.format(a)", "'{}'.format(a)", "f'{a}'",
                                 "'%s' % (a,)", "format(a)", "repr([a])"])
def test_shared_nested_lists_are_refused_before_they_are_written_or_compared(use):
    refused(SHARED + "x = " + use)


def test_shared_nested_lists_in_assert_the_repl_and_eval():
    refused(SHARED + "assert False, a")
    session = api.Session(lambda text: None)
    session.execute(SHARED)
    with pytest.raises(GradcliError, match="--max-elements"):
        session.execute("a")
    with pytest.raises(GradcliError, match="--max-elements"):
        api.evaluate("[[[[0] * 10] * 10] * 10] * 10**6")


@pytest.mark.parametrize("source, option", [
    ("x = round(1, -10**8)", "--max-int-bits"), ("x = int('f' * 10**6, 16)", "--max-int-bits"),
    ("x = pow(3**5000, 3**5000, 10**4000 + 7)", "--max-int-bits"),
    ("s = 'a' * 10**7\nt = f'{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}'", "--max-elements"),
    ("s = 'a' * 10**7\nt = ('{}' * 20).format(*[s] * 20)", "--max-elements"),
    ("s = 'a' * 10**7\nt = '%s' * 20 % tuple([s] * 20)", "--max-elements"),
    ("s = 'a' * 10**7\nt = str([s] * 20)", "--max-elements"),
    ("import torch\ntorch.set_printoptions(precision=10**8)\nprint(torch.rand(2))", "--max-elements"),
    ("import torch\nx = torch.autograd.functional.jacobian(lambda v: v.repeat(10**4), torch.ones(10**4))",
     "--max-tensor-bytes"),
    ("import torch\nx = torch.ones([2] * 27).nonzero()", "--max-tensor-bytes"),
])
def test_sizes_are_counted_before_they_are_built(source, option):
    refused(source, option)


def test_the_small_cases_of_the_same_paths_still_work():
    assert api.run_script("print(round(1234, -2), int('ff', 16), pow(3, 5, 7), 2 ** 3, sum([[1], [2]], []), "
                          "sum([(1,), (2,)], ()), str([1, 'a']), f'{1:3d}', '{!r}'.format('a'))") == \
        "1200 255 5 8 [1, 2] (1, 2) [1, 'a']   1 'a'\n"
    assert api.run_script("x = isinstance('a', str) and isinstance(1, int) and isinstance((), tuple)\nprint(x)") \
        == "True\n"
    with pytest.raises(GradcliError, match="can only concatenate list"):
        api.run_script("sum([[1], (2,)], [])")


def test_sum_of_lists_and_extend_of_an_iterator_over_the_list_itself():
    assert api.run_script("print(len(sum([[1] * 10] * 10**5, [])))") == "1000000\n"
    assert api.run_script("a = [1, 0, 2]\na.extend(filter(None, a))\nprint(a)") == "[1, 0, 2, 1, 2]\n"


def test_iterating_a_big_tensor_makes_only_the_rows_reached():
    assert api.run_script("import torch\nb = torch.zeros(10**8, dtype=torch.bool)\nfor v in b:\n    break\n"
                          "print(v)") == "tensor(False)\n"
    assert api.run_script("import torch\nx = torch.ones(2, requires_grad=True)\nprint([v.grad_fn.name() for v in x])") \
        == "['UnbindBackward0', 'UnbindBackward0']\n"


def test_cat_of_many_tensors_is_linear():
    assert api.run_script("import torch\nx = torch.ones(1)\nprint(torch.cat([x] * 10**5).shape, "
                          "torch.stack([x] * 10**5).shape)") == "torch.Size([100000]) torch.Size([100000, 1])\n"


def test_cumprod_backward_with_zeros_matches_torch():
    for line in (HOSTILE / "cumprod_zeros.txt").read_text().splitlines():
        x, g, dim, want = re.match(r"(\[.*\]) (\[.*\]) (\d) (\[.*\])$", line).groups()
        script = ("import torch\nx = torch.tensor(%s, dtype=torch.float64, requires_grad=True)\n"
                  "x.cumprod(%s).backward(torch.tensor(%s, dtype=torch.float64))\nprint(x.grad.tolist())" % (x, dim, g))
        np.testing.assert_allclose(eval(api.run_script(script)), eval(want), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("caller", [
    "print(list(map(f, [1])))", "print(sorted([2, 1], key=f))", "print(max([2, 1], key=f))",
    "l = [2, 1]\nl.sort(key=f)", "print(list(filter(f, [1])))",
    "x = torch.ones(2, requires_grad=True)\nx.register_hook(f)\n(x * 2).sum().backward()",
    "torch.autograd.functional.jacobian(f, torch.ones(2))", "@f\ndef g():\n    pass",
])
def test_script_functions_are_counted_whoever_calls_them(caller):
    limits.configure(max_iterations=1000)
    refused("import torch\ndef f(x):\n    while True:\n        pass\n" + caller, "--max-iterations")
    refused("import torch\ndef f(x):\n    return f(x)\n" + caller, "--max-recursion", "RecursionError")


def test_print_options_and_the_generator_do_not_leak_between_runs():
    first = api.run_script("import torch\ntorch.set_printoptions(precision=2)\ntorch.manual_seed(0)\n"
                           "print(torch.rand(1))")
    assert first == "tensor([0.50])\n"
    assert api.run_script("import torch\nprint(torch.tensor([1.23456]))") == "tensor([1.2346])\n"
    # each run draws from a generator of its own, seeded from the OS: a seed set by another run is not it
    assert api.run_script("import torch\nprint(torch.initial_seed() == 0)") == "False\n"
    assert printing.options().precision == 4 and rng.default_generator().initial_seed() != 0


def test_a_repl_session_keeps_what_torch_keeps():
    out = []
    session = api.Session(out.append)
    for text in ("import torch", "torch.set_grad_enabled(False)", "x = torch.ones(1, requires_grad=True)",
                 "y = x * 2", "print(y.requires_grad, torch.is_grad_enabled())",
                 "torch.set_printoptions(precision=1)", "print(torch.tensor([1.2345]))"):
        session.execute(text)
    assert out[-2:] == ["False False\n", "tensor([1.2])\n"]
    assert api.run_script("import torch\nprint(torch.is_grad_enabled())") == "True\n"


def test_state_changes_torch_refuses_or_accepts():
    assert api.run_script("import torch\n@torch.no_grad\ndef g(x):\n    return x * 2\n"
                          "print(g(torch.ones(1, requires_grad=True)).requires_grad)") == "False\n"
    with pytest.raises(GradcliError, match="^RuntimeError: data set to a tensor that requires gradients must be floating point"):
        api.run_script("import torch\nx = torch.ones(2, requires_grad=True)\nx.data = torch.ones(2, dtype=torch.long)")
    for hook, message in (("torch.ones(3)", "hook '<lambda>' has changed the size of value"),
                          ("g.double()", "hook '<lambda>' has changed the type of value (was torch.FloatTensor got "
                                         "torch.DoubleTensor)")):
        with pytest.raises(GradcliError) as info:
            api.run_script("import torch\nx = torch.ones(2, requires_grad=True)\nx.register_hook(lambda g: %s)\n"
                           "(x * 2).sum().backward()" % hook)
        assert info.value.message == message
    assert api.run_script("def bad(fn):\n    raise ValueError('no')\ndef h():\n    return 1\ntry:\n    @bad\n"
                          "    def h():\n        return 2\nexcept ValueError:\n    pass\nprint(h())") == "1\n"


@pytest.mark.parametrize("expression, value, type_name", [
    ("(x, x * 2)", [[1.0, 2.0], [2.0, 4.0]], "tuple"), ("x.dtype", "torch.float32", "torch.dtype"),
    ("x.max(0)", {"values": 2.0, "indices": 1}, "torch.return_types.max"), ("{'a': x}", {"a": [1.0, 2.0]}, "dict"),
    ("[x[0] / 0, None]", [None, None], "list"),
])
def test_eval_json_holds_every_value(expression, value, type_name):
    import json
    from gradcli.explain.text import json_safe
    data = json.loads(json.dumps(json_safe(api.evaluate(expression, at={"x": "tensor([1., 2.])"}).to_dict()),
                                 allow_nan=False))
    assert (data["value"], data["type"]) == (value, type_name)


# ---------------------------------------------------------------- loops the library runs for a script tick its budget
LIBRARY_LOOPS = {
    "rnn": "torch.nn.RNN(1, 2)(torch.zeros(5000, 1, 1))",
    "lstm": "torch.nn.LSTM(1, 2)(torch.zeros(5000, 1, 1))",
    "gru-stacked-bidirectional": "torch.nn.GRU(1, 2, num_layers=2, bidirectional=True)(torch.zeros(5000, 1, 1))",
    "rnn-batch-first": "torch.nn.RNN(1, 2, batch_first=True)(torch.zeros(1, 5000, 1))",
    "dataloader": "for b in DataLoader(range(5000)):\n    pass",
    "dataloader-list": "x = list(DataLoader(range(5000), batch_size=1))",
    "random-sampler": "x = list(RandomSampler(range(5000)))",
    "sampler-replacement": "x = list(RandomSampler(range(3), replacement=True, num_samples=5000))",
    "sequential-sampler": "x = list(SequentialSampler(range(5000)))",
    "batch-sampler": "x = list(BatchSampler(SequentialSampler(range(5000)), 1, False))",
    "threads": "torch.set_num_threads(10**6)\nx = torch.ones(10**6).sum()",
    "gradcheck": "torch.autograd.gradcheck(torch.sin, torch.ones(2000, dtype=torch.float64, requires_grad=True))",
}
LOOP_PRELUDE = ("import torch\nfrom torch.utils.data import DataLoader, RandomSampler, SequentialSampler, "
                "BatchSampler\n")


@pytest.mark.parametrize("loop", LIBRARY_LOOPS.values(), ids=list(LIBRARY_LOOPS))
def test_loops_the_library_runs_for_a_script_tick_its_iteration_budget(loop):
    """Recurrent layers' steps, samplers and loaders, the kernels' thread split, gradcheck's evaluations: each
    a step of the run's one budget, so --max-iterations ends them with the script loop's own error, at the line."""
    limits.configure(max_iterations=1000)
    error = refused(LOOP_PRELUDE + loop + "\n", "--max-iterations")
    assert error.message == refused("while True:\n    pass\n", "--max-iterations").message
    assert error.position.line == (4 if loop.startswith("torch.set_num") else 3)
    limits.reset()
    api.run_script(LOOP_PRELUDE + loop.replace("5000", "50").replace("2000", "5").replace("10**6", "4") + "\n")


@pytest.mark.parametrize("cell", ["torch.nn.RNNCell(1, 2)", "torch.nn.GRUCell(1, 2)", "torch.nn.LSTMCell(1, 2)"])
def test_a_recurrent_cell_step_ticks_the_budget(cell):
    """A script's loop of cells is two steps an iteration, its own and the cell's: 600 iterations run out of a
    budget of 1000 (the 501st finds it spent, at the loop's line), 400 do not, nor 600 of a Linear (a module
    call is no step of its own)."""
    loop = "import torch\ncell = %s\nx, h = torch.zeros(1, 1), None\nfor t in range(%d):\n    h = cell(x, h)\n"
    limits.configure(max_iterations=1000)
    error = refused(loop % (cell, 600), "--max-iterations")
    assert error.message == refused("while True:\n    pass\n", "--max-iterations").message
    assert error.position.line == 4
    api.run_script(loop % (cell, 400))
    api.run_script((loop % ("torch.nn.Linear(1, 1)", 600)).replace("cell(x, h)", "cell(x)"))
    limits.reset()


def test_symbolic_expansion_and_explain_tick_the_budget():
    from gradcli.app import calculus
    limits.configure(max_iterations=10 ** 5)
    with pytest.raises(GradcliError) as info:
        calculus.diff("sigmoid(sigmoid(sigmoid(sigmoid(sigmoid(x)))))", "x", order=4)
    assert info.value.kind == "LimitError" and "--max-iterations" in info.value.message
    calculus.diff("sigmoid(x)", "x")  # (a small one within the budget)
    chain = "import torch\nx = torch.ones(1, requires_grad=True)\ny = x\nfor i in range(400):\n    y = y * 1\n" \
            "y.sum().backward()\n"
    limits.configure(max_iterations=600)  # (the loop takes 400, explaining its backward 400 more)
    with pytest.raises(GradcliError) as info:
        api.run_script(chain, "<hostile>", explain=lambda text: None)
    assert info.value.kind == "LimitError" and "--max-iterations" in info.value.message
    api.run_script(chain, "<hostile>")  # (without --explain the same script is within it)
