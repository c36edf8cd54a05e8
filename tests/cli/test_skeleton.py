"""The walking skeleton end to end: eval's view, --weight, plain output off a terminal, errors as messages."""

import re

from conftest import run_cli

ANSI = re.compile(r"\x1b\[")


def test_eval_shows_value_grad_fn_and_gradient():
    result = run_cli("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)")
    assert result.returncode == 0, result.stderr
    assert "tensor(27., grad_fn=<MeanBackward0>)" in result.stdout
    assert "MeanBackward0" in result.stdout
    assert result.stdout.count("4.5000") == 4


def test_eval_weight_backs_a_vector_output():
    result = run_cli("eval", "x*x", "--at", "x=tensor([1.,2,3,4,5])", "--weight", "tensor([5.,5,5,5,5])")
    assert result.returncode == 0, result.stderr
    assert "tensor([10., 20., 30., 40., 50.])" in result.stdout


def test_eval_without_subcommand_is_eval():
    result = run_cli("mean(3*(x+2)^2)", "--at", "x=ones(2,2)")
    assert result.returncode == 0, result.stderr
    assert "tensor(27., grad_fn=<MeanBackward0>)" in result.stdout


def test_output_to_a_pipe_has_no_colour_codes():
    result = run_cli("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)", env={"TERM": "xterm-256color"})
    assert not ANSI.search(result.stdout)


def test_syntax_error_shows_line_column_and_caret(tmp_path):
    script = tmp_path / "bad.py"
    script.write_text("import torch\nx = torch.ones(2) +\nprint(x)\n")
    result = run_cli("run", str(script))
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "%s:2:" % script in result.stderr
    lines = result.stderr.splitlines()
    source = next(i for i, line in enumerate(lines) if "x = torch.ones(2) +" in line)
    assert lines[source + 1].strip() == "^"


def test_unknown_name_is_named(tmp_path):
    script = tmp_path / "name.py"
    script.write_text("print(1)\nprint(undefined_thing)\n")
    result = run_cli("run", str(script))
    assert result.returncode != 0
    assert result.stdout == "1\n"
    assert "name 'undefined_thing' is not defined" in result.stderr
    assert "%s:2:7" % script in result.stderr


def test_second_backward_gives_torchs_message_and_keeps_earlier_output(tmp_path):
    script = tmp_path / "twice.py"
    script.write_text("import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\n"
                      "print(y)\ny.backward()\nprint(x.grad)\ny.backward()\nprint('not reached')\n")
    result = run_cli("run", str(script))
    assert result.returncode == 1
    assert result.stdout == "tensor(2., grad_fn=<SumBackward0>)\ntensor([2., 2.])\n"
    assert "Trying to backward through the graph a second time" in result.stderr
    assert "%s:7:1" % script in result.stderr
    assert "Traceback" not in result.stderr


def test_run_reads_stdin():
    result = run_cli("run", "-", input="import torch\nprint(torch.ones(2))\n")
    assert result.returncode == 0
    assert result.stdout == "tensor([1., 1.])\n"
