"""help(): for the torch objects a script holds, the text torch 2.13's help() writes to a pipe (pydoc's plain
rendering, recorded in gradcli/lang/sandbox/torch_pydoc.json.xz by tests/golden/names/make_pydoc.py), written
where print writes; for anything else a refusal — pydoc never runs, so no docstring or source of gradcli's (or
the host's) objects is rendered, and no pager, file or module of the host is reached."""

import json
import lzma
import os
import pathlib
import subprocess
import sys

import pytest

from gradcli import ops
from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.lang.sandbox import namespace
from conftest import ROOT

RECORD = json.loads(lzma.decompress(pathlib.Path(namespace.__file__).with_name("torch_pydoc.json.xz").read_bytes()))
REFUSALS = json.loads(pathlib.Path(namespace.__file__).with_name("builtin_refusals.json").read_text())["calls"]


def recorded(name):
    return RECORD["texts"][RECORD["names"][name]]


def test_recorded_from_torch_2_13_on_avx512():
    assert RECORD["torch"].startswith("2.13") and RECORD["cpu_capability"] == "AVX512"
    assert recorded("torch.ones").startswith("Help on built-in function ones in module torch:\n\nones(...)\n"
                                             "    ones(*size, *, out=None, dtype=None, layout=torch.strided,")


def test_a_script_prints_torchs_help_and_help_returns_none():
    written = api.run_script("import torch\nimport torch.nn.functional as F\nx = torch.ones(2)\n"
                             "print(help(torch.ones))\nhelp(F.relu)\nhelp(x.add)\nhelp(torch.nn.Linear)\n")
    assert written == (recorded("torch.ones") + "None\n" + recorded("torch.nn.functional.relu")
                       + recorded("torch.Tensor().add") + recorded("torch.nn.Linear"))
    assert recorded("torch.Tensor().add").startswith("Help on built-in function add:\n\nadd(...) method of "
                                                     "torch.Tensor instance\n")


def _aliased(member, shown):
    """Does gradcli hand a script one object for two torch names, so help() shows the other name's text?"""
    module, _, name = shown.rpartition(".")
    return namespace.MODULES[module].members.get(name) is member


def test_every_recorded_torch_function_and_class_a_script_reaches_prints_its_text():
    """Each recorded torch.* name of the namespace prints its own text, but where gradcli has one object for
    two of torch's names (torch.divide is torch.div's door): then it is the other name's text."""
    own, aliases = 0, []
    for qualified in RECORD["names"]:
        if qualified.startswith("torch.Tensor"):
            continue
        module, _, name = qualified.rpartition(".")
        member = namespace.MODULES[module].members[name]
        if namespace._help_text(member) == recorded(qualified):
            own += 1
        else:
            shown = namespace._torch_name(member)
            assert shown != qualified and _aliased(member, shown), qualified
            assert namespace._help_text(member) == recorded(shown)
            aliases.append(qualified)
    assert own >= 490 and len(aliases) < 25, (own, aliases)


def test_every_recorded_tensor_method_prints_torchs_bound_methods_text():
    x = namespace.MODULES["torch"].members["ones"](2)
    own = 0
    for name in ops.METHODS:
        if "torch.Tensor()." + name not in RECORD["names"]:
            continue
        text = namespace._help_text(namespace.get_attribute(x, name))
        shown = namespace._torch_name(namespace.get_attribute(x, name))
        assert text == recorded(shown)
        own += shown == "torch.Tensor()." + name
    assert own > 250, own


@pytest.mark.parametrize("source, kind", [
    ("torch.zeros(1)", "torch.Tensor"), ("torch.nn.Parameter(torch.zeros(1))", "torch.nn.Parameter"),
    ("torch.nn.Linear(1, 1)", "torch.nn.Linear"), ("torch.Size([1])", "torch.Size"),
    ("torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=1)", "torch.optim.SGD"),
    ("torch.no_grad()", "torch.no_grad")])
def test_help_of_an_instance_is_its_classs_text_under_pydocs_title(source, kind):
    written = api.run_script("import torch\nhelp(%s)\n" % source)
    title, rest = written.split("\n", 1)
    assert title == RECORD["instances"][kind] and rest == recorded(kind).split("\n", 1)[1]
    assert RECORD["instances"]["torch.Size"] == "Help on Size object:"  # (pydoc: a C class's instance)


def test_help_writes_where_print_writes():
    pieces = []
    api.run_script("import torch\nprint('a')\nhelp(torch.exp)\nprint('b')\n", write=pieces.append)
    assert pieces == ["a\n", recorded("torch.exp"), "b\n"]


PRELUDE = "import torch\nx = torch.ones(2, requires_grad=True)\ny = (x * 2).sum()\ndef f(a):\n    return a\n" \
          "class A:\n    pass\n"


@pytest.mark.parametrize("call, message", [
    ("help()", "gradcli's help() takes an object (help(torch.ones)): interactive help reads input, and a script "
               "reads none"),
    ("help(f)", "it has none for the script's function 'f'"),
    ("help(lambda: 1)", "it has none for the script's function '<lambda>'"),
    ("help(A)", "it has none for the script's class 'A'"),
    ("help(A())", "it has none for a value of type '__main__.A'"),
    ("help(torch)", "it has none for the module 'torch'"),
    ("help('torch.ones')", "it has none for a name given as a string"),
    ("help('os')", "it has none for a name given as a string"),
    ("help(print)", "it has none for a value of type 'builtin_function_or_method'"),
    ("help(3)", "it has none for a value of type 'int'"),
    ("help(y.grad_fn)", "it has none for a value of type 'SumBackward0'"),
    ("help(type(x))", "it has none for a value of type 'torch._C._TensorMeta'"),
    ("help(torch.float32)", "it has none for a value of type 'torch.dtype'"),
    ("help(iter([1]))", "it has none for a value of type 'list_iterator'"),
    ("help(1, 2)", REFUSALS["help"]["counts"][2]),
    ("help(foo=1)", REFUSALS["help"]["keyword"].replace("{keyword}", "foo")),
])
def test_what_help_has_no_text_for_is_refused_in_words_with_a_position(call, message):
    with pytest.raises(GradcliError) as error:
        api.run_script(PRELUDE + call + "\n")
    assert error.value.kind == "TypeError" and message in error.value.message and error.value.position is not None


def test_helps_refusals_of_a_count_or_keyword_are_cpythons():
    assert REFUSALS["help"]["counts"][2] == "Helper.__call__() takes from 1 to 2 positional arguments but 3 were given"


def test_help_runs_no_pydoc_and_shows_only_recorded_text(tmp_path):
    """Whatever a script hands help(), it prints a recorded text or is refused; pydoc (its pager, its imports of
    modules by name) is never loaded, and help(gradcli's objects) shows none of gradcli's code."""
    requests = ["torch.ones", "print", "len", "type(x)", "x.grad_fn", "torch.no_grad", "torch.float32", "range(3)",
                "iter([1])", "f", "A", "torch.nn.functional", "torch.Tensor", "x.sum", "x", "torch.manual_seed",
                "torch.autograd.grad", "torch.nn.Module", "torch.optim.SGD", "torch.utils.data.DataLoader"]
    script = PRELUDE + "".join("try:\n    help(%s)\nexcept TypeError:\n    print('refused')\n" % r
                               for r in requests)
    code = ("import sys\nfrom gradcli.app import api\nout = api.run_script(sys.stdin.read())\n"
            "sys.stdout.write(out)\nsys.stderr.write(repr(sorted(m for m in sys.modules if m == 'pydoc')))\n")
    done = subprocess.run([sys.executable, "-c", code], input=script, capture_output=True, text=True,
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0 and done.stderr == "[]", done.stderr
    texts = set(RECORD["texts"])
    shown, rest = [], done.stdout
    while rest:
        if rest.startswith("refused\n"):
            shown.append("refused")
            rest = rest[len("refused\n"):]
            continue
        found = [t for t in texts if rest.startswith(t)] or \
            [RECORD["instances"]["torch.Tensor"] + t[t.index("\n"):] for t in [recorded("torch.Tensor")]
             if rest.startswith(RECORD["instances"]["torch.Tensor"])]
        assert found, rest[:200]
        shown.append("text")
        rest = rest[len(max(found, key=len)):]
    assert len(shown) == len(requests) and "gradcli" not in done.stdout.replace("gradcli's", "")


def test_a_run_without_help_reads_no_recorded_help(tmp_path):
    """The recorded texts (186 KB of xz) are read on help()'s first call only: cold start does not move."""
    (tmp_path / "fine.py").write_text("import torch\nprint(torch.ones(2))\n")
    code = ("import sys\nfrom gradcli.cli import launch\ncode = launch.one_shot(sys.argv[1:])\n"
            "sys.stderr.write('%r %s' % (code, 'lzma' in sys.modules))\n")  # (only the help texts are xz)
    done = subprocess.run([sys.executable, "-c", code, "run", "fine.py"], capture_output=True, text=True,
                          cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert (done.stdout, done.stderr) == ("tensor([1., 1.])\n", "0 False")


def test_help_without_lzma_says_what_it_needs():
    """A Python built without liblzma: help() is a clear refusal, every other builtin unaffected."""
    code = ("import sys\nsys.modules['lzma'] = None\nimport gradcli\n"
            "try:\n    gradcli.run_script('import torch\\nhelp(torch.ones)\\n', trusted=True)\n"
            "except gradcli.GradcliError as error:\n    print(error)\n"
            "print(gradcli.run_script('print(abs(-1))\\n', trusted=True), end='')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout == ("ModuleNotFoundError: gradcli's help() needs Python's lzma module, which this Python was "
                           "built without\n1\n"), done.stderr
