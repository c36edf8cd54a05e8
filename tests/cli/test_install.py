"""`pip install .` into a fresh virtual environment (not editable) gives a working `gradcli` command and
`python -m gradcli`, with the grammar shipped inside the wheel and found from any working directory."""

import os
import re
import shutil
import subprocess
import sys
import venv

import pytest

# the installed copy must import itself, not the checkout a PYTHONPATH might point at
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

from conftest import ROOT, normalize_addresses


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    base = tmp_path_factory.mktemp("install")
    source = base / "src"
    # copy the checkout without build leftovers, so the wheel is built from what git tracks
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(source)], check=True, capture_output=True,
                   env=CLEAN_ENV)
    shutil.rmtree(source)  # the installed package must not need the checkout
    return env_dir


def test_wheel_ships_the_grammar(installed):
    site = subprocess.run([str(installed / "bin" / "python"), "-c",
                           "import gradcli.lang.syntax.parser as p; print(p.grammar_path())"],
                          capture_output=True, text=True, cwd="/", check=True, env=CLEAN_ENV).stdout.strip()
    assert site.endswith(os.path.join("gradcli", "grammar", "gradcli.lark"))
    assert str(installed) in site


def test_wheel_ships_torch_names(installed):
    """An unimplemented torch name is told apart from a misspelling with the recorded names the wheel carries, and
    dir() prints torch's lists from them."""
    out = subprocess.run([str(installed / "bin" / "python"), "-c",
                          "from gradcli.lang.sandbox import namespace; print(len(namespace.torch_names()['torch']), "
                          "len(namespace.torch_dir(namespace.DISTRIBUTIONS)))"],
                         capture_output=True, text=True, cwd="/", env=CLEAN_ENV)
    assert out.returncode == 0 and int(out.stdout.split()[0]) > 1000 and out.stdout.split()[1] == "124", out.stderr


def test_wheel_ships_torchs_help_texts(installed, tmp_path):
    """help(torch.ones) in a script prints torch's text from the recorded help the wheel carries
    (gradcli/lang/sandbox/torch_pydoc.json.xz)."""
    result = subprocess.run([str(installed / "bin" / "gradcli"), "run", "-"], input="import torch\nhelp(torch.ones)\n",
                            capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Help on built-in function ones in module torch:\n\nones(...)\n")


def test_console_script_runs_eval_from_another_directory(installed, tmp_path):
    result = subprocess.run([str(installed / "bin" / "gradcli"), "eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)"],
                            capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV)
    assert result.returncode == 0, result.stderr
    assert "tensor(27., grad_fn=<MeanBackward0>)" in result.stdout


def test_python_dash_m_runs_a_seed(installed, tmp_path):
    seed = ROOT / "tests" / "corpora" / "seeds" / "seed-000-variable.py"
    result = subprocess.run([str(installed / "bin" / "python"), "-m", "gradcli", "run", str(seed)],
                            capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV)
    assert result.returncode == 0, result.stderr
    assert normalize_addresses(result.stdout) == normalize_addresses(seed.with_suffix(".expected").read_text())


def test_installed_python_is_not_the_test_python(installed):
    assert str(installed) not in sys.executable


def test_the_shipped_examples_run_from_anywhere(installed, tmp_path):
    """`gradcli --help`'s example, `gradcli example linear | gradcli run -`, outside the checkout."""
    gradcli = str(installed / "bin" / "gradcli")
    text = subprocess.run([gradcli, "example", "linear"], capture_output=True, text=True, cwd=tmp_path,
                          env=CLEAN_ENV).stdout
    assert text == (ROOT / "examples" / "linear.py").read_text()
    result = subprocess.run([gradcli, "run", "-"], input=text, capture_output=True, text=True, cwd=tmp_path,
                            env=CLEAN_ENV)
    assert result.returncode == 0, result.stderr
    assert normalize_addresses(result.stdout) == normalize_addresses((ROOT / "examples" / "linear.expected")
                                                                     .read_text())


def test_an_install_pulls_in_only_what_the_readme_lists(installed):
    """The README's list of what `pip install gradcli` brings (Dependencies) is what a fresh install has."""
    listed = subprocess.run([str(installed / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, env=CLEAN_ENV, check=True).stdout
    installed_names = {line.split("==")[0].lower().replace("_", "-") for line in listed.split()} - {"pip", "setuptools"}
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("<!-- install-list -->"):readme.index("<!-- /install-list -->")]
    documented = {name.lower() for name in re.findall(r"^\| `([\w.-]+)` \|", section, re.M)}
    assert installed_names == documented


def test_wheel_ships_the_pages_style_and_script(installed, tmp_path):
    """`--html` from a clean install: the page carries page.css and page.js, which the wheel ships."""
    target = tmp_path / "page.html"
    result = subprocess.run([str(installed / "bin" / "gradcli"), "eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)",
                             "--html", str(target)], capture_output=True, text=True, cwd=tmp_path, env=CLEAN_ENV)
    assert result.returncode == 0, result.stderr
    text = target.read_text(encoding="utf-8")
    assert "function gradcliView(root)" in text and ".gradcli-view .gv-bar" in text
