"""Run PyTorch's official beginner tutorials under `gradcli run` and say how each one ends.

    python tests/corpora/tutorials.py CHECKOUT [--torch-python PATH] [--only NAME ...] [--markdown] [--record DIR]

CHECKOUT is a local copy of github.com/pytorch/tutorials (or of just the files listed below, at their paths):
gradcli commits none of their code. Each listed tutorial is run with `gradcli run` from its own folder and, when
a Python with torch is given, with that Python twice (torch's runs are cached beside the tutorial as
`NAME.torch.json`; delete it to record again). The verdict:

  runs exactly     stdout identical to torch's (0x... addresses aside)
  runs (tolerant)  torchdiff-compare's rule: the same tokens, floats within 1e-4 or the last printed digit
  runs (random)    torch's own two runs differ (an unseeded generator, torch.empty): the same text with every
                   number masked (and white space dropped: a tensor's column widths and line breaks follow
                   its numbers)
  differs          gradcli finished but printed something else: the first differing line
  stops            gradcli stopped: at which line, with which error, and what it waits for
  stops ... as torch does   torch 2.13 stops there too, with the same error

Exit status 0; the table (--markdown: docs/agreement.md's) goes to stdout. --record tests/corpora/tutorials keeps torch's runs of
the tutorials that run, with each file's hash, for tests/corpora/test_tutorials.py.
"""

import argparse
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/conftest.py
from conftest import agrees  # noqa: E402  (torchdiff-compare's rule)

# The tutorials issue 16 names: beginner_source/examples_*, basics, blitz, introyt, nlp and
# recipes_source/recipes — path and, for those that need more than torch, what they need.
TUTORIALS = [
    ("beginner_source/examples_tensor/polynomial_numpy.py", None),
    ("beginner_source/examples_tensor/polynomial_tensor.py", None),
    ("beginner_source/examples_autograd/polynomial_autograd.py", None),
    ("beginner_source/examples_autograd/polynomial_custom_function.py", None),
    ("beginner_source/examples_nn/polynomial_nn.py", None),
    ("beginner_source/examples_nn/polynomial_optim.py", None),
    ("beginner_source/examples_nn/polynomial_module.py", None),
    ("beginner_source/examples_nn/dynamic_net.py", None),
    ("beginner_source/basics/tensorqs_tutorial.py", None),
    ("beginner_source/basics/autogradqs_tutorial.py", None),
    ("beginner_source/basics/buildmodel_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/basics/data_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/basics/transforms_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/basics/optimization_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/basics/quickstart_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/basics/saveloadrun_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/blitz/tensor_tutorial.py", None),
    ("beginner_source/blitz/autograd_tutorial.py", None),
    ("beginner_source/blitz/neural_networks_tutorial.py", None),
    ("beginner_source/blitz/cifar10_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/blitz/data_parallel_tutorial.py", None),
    ("beginner_source/introyt/tensors_deeper_tutorial.py", None),
    ("beginner_source/introyt/modelsyt_tutorial.py", None),
    ("beginner_source/introyt/introyt1_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/introyt/trainingyt.py", "torchvision, a download or a GPU"),
    ("beginner_source/introyt/tensorboardyt_tutorial.py", "torchvision, a download or a GPU"),
    ("beginner_source/introyt/captumyt.py", "torchvision, a download or a GPU"),
    ("beginner_source/nlp/pytorch_tutorial.py", None),
    ("beginner_source/nlp/deep_learning_tutorial.py", None),
    ("beginner_source/nlp/word_embeddings_tutorial.py", None),
    ("beginner_source/nlp/sequence_models_tutorial.py", None),
    ("beginner_source/nlp/advanced_tutorial.py", None),
    ("recipes_source/recipes/defining_a_neural_network.py", None),
    ("recipes_source/recipes/what_is_state_dict.py", None),
    ("recipes_source/recipes/reasoning_about_shapes.py", None),
    ("recipes_source/recipes/zeroing_out_gradients.py", "torchvision, a download or a GPU"),
    ("recipes_source/recipes/warmstarting_model_using_parameters_from_a_different_model.py", None),
    ("recipes_source/recipes/saving_and_loading_a_general_checkpoint.py", None),
    ("recipes_source/recipes/saving_and_loading_models_for_inference.py", None),
    ("recipes_source/recipes/saving_multiple_models_in_one_file.py", None),
    ("recipes_source/recipes/save_load_across_devices.py", None),
    ("recipes_source/recipes/swap_tensors.py", None),
    ("recipes_source/recipes/module_load_state_dict_tips.py", None),
    ("recipes_source/recipes/changing_default_device.py", None),
    ("recipes_source/recipes/benchmark.py", None),
    ("recipes_source/recipes/timer_quick_start.py", None),
    ("recipes_source/recipes/tuning_guide.py", None),
    ("recipes_source/recipes/profiler_recipe.py", "torchvision, a download or a GPU"),
    ("recipes_source/recipes/tensorboard_with_pytorch.py", "torchvision, a download or a GPU"),
    ("recipes_source/recipes/Captum_Recipe.py", "torchvision, a download or a GPU"),
    ("recipes_source/recipes/amp_recipe.py", "torchvision, a download or a GPU"),
    ("beginner_source/introyt/autogradyt_tutorial.py", "matplotlib"),
    ("recipes_source/recipes/loading_data_recipe.py", "torchvision, a download or a GPU"),
]

# what a stop means when its message says it (the first match names the owner)
WAITING = [
    (r"torch\.(nn|optim)\b|'torch\.(nn|optim)'|torch\.utils\.data", "waiting on torch.nn / torch.optim / torch.utils.data"),
    (r"gradcli has no module 'torchvision'|torchvision", "needs torchvision"),
    (r"gradcli has no module '(matplotlib|tensorboard|captum|torchaudio|PIL|pandas|os|sys|time|timeit)'",
     "a module outside the subset"),
    (r"open\b", "files"),
    (r"'cuda'|cuda|accelerator", "a device API"),
]

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_NUMBER = re.compile(r"-?\d+(\.\d*)?([eE][-+]?\d+)?")
_BLANKS = re.compile(r"\s+")
_ERROR_LINE = re.compile(r"[^:\s]+:(\d+):\d+: (.*)")
_TERMINAL_STYLE = re.compile(r"\x1b\[[0-9;]*m")  # (torch.load's refusal sets a word in bold)


def run(argv, cwd, timeout):
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, PYTHONHASHSEED="0"))
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % timeout
    return done.returncode, done.stdout, done.stderr


def torch_runs(path, torch_python, timeout):
    """torch's two runs: [(exit code, stdout, its error's last line)], cached beside the tutorial as JSON."""
    cache = path.with_name(path.stem + ".torch.json")
    if cache.exists():
        return json.loads(cache.read_text(encoding="utf-8"))
    runs = []
    for _ in range(2):
        code, out, err = run([torch_python, path.name], path.parent, timeout)
        runs.append((code, out, (err.strip().splitlines() or [""])[-1]))
        if code != 0:
            break
    cache.write_text(json.dumps(runs), encoding="utf-8")
    return runs


def _masked(text):
    """Every number as N, and no white space: torch pads a printed tensor's columns to its widest number, and
    wraps its rows by their width."""
    return _BLANKS.sub("", _NUMBER.sub("N", text))


def why(message):
    for pattern, owner in WAITING:
        if re.search(pattern, message):
            return owner
    return None


def first_difference(expected, actual):
    for number, (a, b) in enumerate(zip(expected.splitlines(), actual.splitlines()), 1):
        if a != b:
            return "line %d: torch %r, gradcli %r" % (number, a[:60], b[:60])
    return "torch printed %d lines, gradcli %d" % (len(expected.splitlines()), len(actual.splitlines()))


def verdict(path, gradcli, torch_python, timeout):
    torch = torch_runs(path, torch_python, timeout) if torch_python else None
    return judge(torch, *run(gradcli + ["run", path.name], path.parent, timeout))


def judge(torch, code, out, err):
    """How a gradcli run (exit code, stdout, stderr) ends, against torch's two runs (or None)."""
    if code != 0:
        lines = err.strip().splitlines() or [err or "exit %s" % code]
        # the error's own line (file:line:column: Kind: message), after any warnings and call sites
        found = next(filter(None, (_ERROR_LINE.match(line) for line in lines)), None)
        head = lines[-1]
        where, message = (("line %s: " % found.group(1), _TERMINAL_STYLE.sub("", found.group(2))) if found
                          else ("", head))
        # torch's last line against the error gradcli printed: its first line, or the rest of a message of many
        # lines (torch.load's weights_only refusal ends with a line of its own)
        error_text = err[err.index(found.group(0)):] if found else message
        if torch and torch[0][0] != 0 and torch[0][2].split(": ", 1)[-1] in error_text:
            before = "the same output before it" if agrees(torch[0][1], out) else "different output before it"
            return "stops at %s%s — as torch 2.13 does (%s)" % (where, message[:120], before)
        owner = why(message)
        return "stops at %s%s%s" % (where, message[:140], " (%s)" % owner if owner else "")
    if not torch:
        return "runs to the end (no torch to compare with)"
    if torch[0][0] != 0:
        return "gradcli runs to the end; torch fails here: %s" % torch[0][2][:120]
    first, second = (_ADDRESS.sub("0xADDR", r[1]) for r in torch)
    mine = _ADDRESS.sub("0xADDR", out)
    if first != second:
        masked = [_masked(text) for text in (first, mine)]
        return ("runs (random: torch's own runs differ; the same text apart from the numbers)"
                if masked[0] == masked[1] else "differs (random) at " + first_difference(*masked))
    if mine == first:
        return "runs exactly"
    if agrees(torch[0][1], out):
        return "runs (tolerant: floats within torchdiff-compare's rule)"
    return "differs at " + first_difference(first, mine)


def cpu_capability(torch_python):
    """The vector kernels torch ran with (AVX2, AVX512: their last digits differ), said in each record."""
    asked = "import torch; print(torch.backends.cpu.get_cpu_capability())"
    return run([torch_python, "-c", asked], None, 60)[1].strip()


def record(directory, checkout, relative, torch, capability):
    """Keep torch's runs of a tutorial that runs under gradcli, with the hash of the file torch ran and the CPU
    capability it ran with, as tests/corpora/test_tutorials.py reads them (the tutorial's code stays in the
    checkout)."""
    source = (checkout / relative).read_bytes()
    entry = {"path": relative, "sha256": hashlib.sha256(source).hexdigest(), "cpu_capability": capability,
             "torch": torch}
    name = relative.split("/", 1)[1].replace("/", "__").replace(".py", ".json")
    (directory / name).write_text(json.dumps(entry, indent=1) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=pathlib.Path)
    parser.add_argument("--torch-python", help="a Python with torch, to compare with")
    parser.add_argument("--gradcli", default=sys.executable + " -m gradcli", help="the gradcli command")
    parser.add_argument("--only", nargs="*", help="tutorials whose path contains one of these")
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--record", type=pathlib.Path, help="keep torch's runs of those that run here (tests/corpora/tutorials)")
    args = parser.parse_args()
    rows = []
    capability = cpu_capability(args.torch_python) if args.record and args.torch_python else None
    for relative, needs in TUTORIALS:
        if args.only and not any(part in relative for part in args.only):
            continue
        path = args.checkout / relative
        if needs:
            status = "not a target: needs %s" % needs
        elif not path.exists():
            status = "not in the checkout"
        else:
            status = verdict(path.resolve(), args.gradcli.split(), args.torch_python, args.timeout)
            if args.record and args.torch_python and status.startswith("runs"):
                record(args.record, args.checkout, relative, torch_runs(path.resolve(), args.torch_python, 0),
                       capability)
        rows.append((relative, status))
        if not args.markdown:
            print("%-75s %s" % (relative, status), flush=True)
    if args.markdown:
        print("| tutorial | status |\n|---|---|")
        for relative, status in rows:
            print("| `%s` | %s |" % (relative.split("/", 1)[1], status.replace("|", "\\|")))


if __name__ == "__main__":
    main()
