"""`gradcli eval` as a new user meets it: the result view at 80 columns and wider (every tensor as torch prints
it, intact; inputs' values beside their gradients; dtype once), --values, --precision, --seed, --dtype's
names, --at x=1,y=2, expressions starting with '-', the hints, --json's schema for every kind of value.
Tensor texts and numbers are torch's, recorded in tests/golden/cli/ (make_golden.py)."""

import json

import pytest

from conftest import GOLDEN, run_cli

CASES = json.loads((GOLDEN / "cli" / "cli.json").read_text())["cases"]


def eval_cli(*args, columns=80):
    return run_cli("eval", *args, env={"COLUMNS": str(columns), "NO_COLOR": "1"})


def contains_block(output, text):
    """Whether `text` (several lines) appears in `output` as whole consecutive lines, from a line's start."""
    lines, block = output.splitlines(), text.splitlines()
    return any(lines[i:i + len(block)] == block for i in range(len(lines)))


# ---------------------------------------------------------------- the view
def test_a_4x6_gradient_reads_intact_at_80_columns():
    case = CASES["square_4x6"]
    result = eval_cli("x^2", "--at", "x=randn(4,6)", "--seed", "0", "--weight", "ones")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # no line is wider than 80 but torch's own (in scientific mode its rows reach 82)
    torch_lines = set(case["value"].splitlines())
    assert all(len(line) <= 80 for line in out.splitlines() if line not in torch_lines)
    # the tensors too wide for a cell come below the table, labelled, exactly as torch prints them
    assert contains_block(out, "x =\n" + case["inputs"]["x"])
    assert contains_block(out, "x.grad =\n" + case["grads"]["x"])
    assert contains_block(out, "value\n" + case["value"])
    assert out.count("torch.float32") == 1 and "dtype=" not in out  # the dtype once


def test_a_wide_terminal_keeps_values_beside_gradients_in_the_table():
    case = CASES["square_4x6"]
    out = eval_cli("x^2", "--at", "x=randn(4,6)", "--seed", "0", "--weight", "ones", columns=200).stdout
    assert "(below)" not in out and "x.grad =" not in out
    value_lines, grad_lines = case["inputs"]["x"].splitlines(), case["grads"]["x"].splitlines()
    rows = [line for line in out.splitlines() if line.startswith("│")]
    for value_line, grad_line in zip(value_lines, grad_lines):  # side by side, each line whole
        assert any(value_line in row and grad_line in row and row.index(value_line) < row.index(grad_line)
                   for row in rows)


def test_each_input_shows_its_value_beside_its_gradient():
    case = CASES["product_mixed"]
    out = eval_cli("sum(x*y)", "--at", "x=randn(2),y=tensor(0.1)", "--seed", "0").stdout
    rows = [line for line in out.splitlines() if line.startswith("│")]
    header = next(line for line in out.splitlines() if line.startswith("┃"))
    assert [cell.strip() for cell in header.strip("┃").split("┃")] == ["input", "shape", "value", "gradient"]
    assert any(case["inputs"]["x"] in row and case["grads"]["x"] in row for row in rows)
    assert any(case["inputs"]["y"] in row and case["grads"]["y"] in row for row in rows)


def test_mixed_dtypes_get_a_column_and_a_floating_input_keeps_its_dtype():
    out = eval_cli("sum(x)*y", "--at", "x=tensor([1.,2.], dtype=torch.float64)", "--at", "y=3").stdout
    header = next(line for line in out.splitlines() if line.startswith("┃"))
    assert "dtype" in header
    assert "torch.float64" in out and "torch.float32" in out
    data = json.loads(eval_cli("x*2", "--at", "x=tensor([1.,2.], dtype=torch.float64)", "--weight", "ones",
                               "--json").stdout)
    assert data["dtype"] == data["inputs"]["x"]["dtype"] == "torch.float64"


@pytest.mark.parametrize("name", ["double", "float64", "torch.float64", "torch.double"])
def test_dtype_accepts_torchs_names(name):
    case = CASES["double_randn"]  # torch.set_default_dtype(torch.float64); manual_seed(0); randn(3)
    result = eval_cli("sum(x*x)", "--at", "x=randn(3)", "--seed", "0", "--dtype", name)
    assert result.returncode == 0, result.stderr
    assert "dtype       torch.float64" in result.stdout
    assert case["inputs"]["x"] in result.stdout and case["grads"]["x"] in result.stdout


def test_a_tuple_value_says_no_gradient_was_computed_not_that_it_does_not_depend():
    out = eval_cli("x.max(0)", "--at", "x=ones(2,2)").stdout
    assert "does not depend" not in out
    assert "gradient    not computed: the value is a torch.return_types.max, not a tensor" in out


def test_an_expression_may_start_with_a_minus():
    for argv in (["-x^2", "--at", "x=3"], ["--at", "x=3", "-x^2"]):
        result = run_cli(*argv, "--values")
        assert (result.returncode, result.stdout, result.stderr) == (0, "-6.0\n", "")


# ---------------------------------------------------------------- numbers only, precision, seed
def test_values_prints_each_gradient_on_a_line_at_full_precision():
    cube = CASES["cube_scalar"]
    result = run_cli("-q", "x^3", "--at", "x=1.1")
    assert (result.returncode, result.stdout) == (0, " ".join(cube["values"]["x"]) + "\n")
    mixed = CASES["product_mixed"]
    result = run_cli("eval", "sum(x*y)", "--at", "x=randn(2),y=tensor(0.1)", "--seed", "0", "--values")
    assert result.stdout.splitlines() == [" ".join(mixed["values"]["x"]), " ".join(mixed["values"]["y"])]
    square = CASES["square_4x6"]
    result = run_cli("eval", "x^2", "--at", "x=randn(4,6)", "--seed", "0", "-w", "ones", "-q")
    assert [float(v) for v in result.stdout.split()] == [float(v) for v in square["values"]["x"]]


def test_values_goes_alone():
    assert run_cli("-q", "x", "--at", "x=1", "--json").returncode == 2


def test_precision_is_torchs_print_precision():
    case = CASES["square_4x6_precision_8"]
    out = eval_cli("x^2", "--at", "x=randn(4,6)", "--seed", "0", "--weight", "ones", "--precision", "8").stdout
    assert contains_block(out, "x.grad =\n" + case["grads"]["x"])
    assert run_cli("x", "--at", "x=1", "--precision", "-1").returncode == 2


def test_seed_makes_random_inputs_reproducible():
    """(The seeded inputs are torch's own: test_a_4x6_gradient_reads_intact_at_80_columns.)"""
    runs = [json.loads(run_cli("sum(x)", "--at", "x=randn(5)", "--seed", "7", "--json").stdout)["inputs"]["x"]
            for _ in range(2)]
    assert runs[0] == runs[1]
    assert run_cli("x", "--at", "x=1", "--seed", "seven").returncode == 2


# ---------------------------------------------------------------- hints
def test_a_free_name_without_at_says_how_to_give_it():
    result = run_cli("x*y", "--at", "x=2")
    assert result.returncode == 1
    assert "NameError: name 'y' is not defined; give it with --at y=VALUE" in result.stderr


def test_several_inputs_in_one_at():
    data = json.loads(run_cli("x*y", "--at", "x=2,y=3", "--json").stdout)
    assert data["grads"] == {"x": 3.0, "y": 2.0}
    data = json.loads(run_cli("sum(x)*y", "--at", "x=tensor([1., 2.]),y=3", "--json").stdout)
    assert data["grads"] == {"x": [3.0, 3.0], "y": 3.0}


@pytest.mark.parametrize("word, meant", [("evl", "eval"), ("runn", "run"), ("dif", "diff"), ("reple", "repl"),
                                         ("exampel", "example")])
def test_a_misspelt_command_is_not_evaluated(word, meant):
    result = run_cli(word, "x")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("gradcli: no command '%s'; did you mean '%s'?" % (word, meant))


@pytest.mark.parametrize("argv", [["relu", "--at", "x=1"], ["x", "--at", "x=1"], ["evl", "--at", "evl=2"]])
def test_a_name_that_is_a_function_or_an_input_stays_an_expression(argv):
    assert "no command" not in run_cli(*argv).stderr


def test_function_names_are_suggested():
    result = run_cli("sine(x)", "--at", "x=1")
    assert "NameError: name 'sine' is not defined. Did you mean: 'sin'?" in result.stderr
    assert "--at sine" not in result.stderr  # a call is no input
    result = run_cli("torch.arcsine(x)", "--at", "x=1")
    assert "module 'torch' has no attribute 'arcsine'. Did you mean: 'arcsin'?" in result.stderr


# ---------------------------------------------------------------- --json
def strict_json(text):
    """json.loads that refuses NaN and Infinity, which are not JSON."""
    def refuse(name):
        raise ValueError("not JSON: %s" % name)
    return [json.loads(line, parse_constant=refuse) for line in text.splitlines()]


@pytest.mark.parametrize("expression, value, kind", [
    ("x.max(0)", {"values": [2.0, 3.0], "indices": [1, 0]}, "torch.return_types.max"),
    ("(x, x*2)", [[[1.0, 3.0], [2.0, 1.0]], [[2.0, 6.0], [4.0, 2.0]]], "tuple"),
    ("[x.sum(), 2]", [7.0, 2], "list"),
    ("x.dtype", "torch.float32", "torch.dtype"),
    ("x.shape", [2, 2], "torch.Size"),
    ("x.sum().item()", 7.0, "float"),
    ("x.sum() > 0", True, "torch.Tensor"),
    ("None", None, "NoneType"),
])
def test_json_represents_every_kind_of_value(expression, value, kind):
    result = run_cli(expression, "--at", "x=tensor([[1., 3.], [2., 1.]])", "--json")
    assert result.returncode == 0, result.stderr
    (data,) = strict_json(result.stdout)
    assert (data["value"], data["type"]) == (value, kind)


def test_json_non_finite_numbers_are_null_with_text():
    (data,) = strict_json(run_cli("log(x-1)", "--at", "x=tensor([1.,0.5,3.])", "--weight", "ones", "--json").stdout)
    assert data["value"][:2] == [None, None] and data["value_text"] == "[-inf, nan, 0.6931471824645996]"
    assert data["grads"]["x"][0] is None and data["grads"]["x_text"] == "[inf, -2.0, 0.5]"


def test_json_is_valid_for_errors_too():
    result = run_cli("x*2", "nope(x)", "x +", "--at", "x=ones(2)", "--json")
    objects = strict_json(result.stdout)
    assert [o["error"]["kind"] for o in objects] == ["RuntimeError", "NameError", "SyntaxError"]
    assert objects[0]["value"] == [2.0, 2.0]  # the forward pass's value is there
    assert result.returncode == 1
