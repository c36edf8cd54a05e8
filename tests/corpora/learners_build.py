"""Build the learner corpus: real code from public learner-facing PyTorch repositories, nearly verbatim.

    python tests/corpora/learners_build.py rebuild --repos DIR        rebuild every script listed in manifest.json
    python tests/corpora/learners_build.py gather --repos DIR --torch-python PY   (maintainers) choose and cut anew

DIR holds one git clone per repository, named OWNER+NAME (`git clone https://github.com/OWNER/NAME
DIR/OWNER+NAME`; the commit each script was cut from is in the manifest, and is read with `git show`, so any
clone that has it will do). A bare clone (OWNER+NAME/repo or OWNER+NAME.git) works too.

A script is one source file (a .py, a notebook's code cells joined, or the PyTorch code blocks of one of d2l's
markdown chapters) with only these edits, each marked `# edit` on its line:
  - a seed line at the top (torch, and numpy / random where the file uses them)
  - plotting removed (a statement that draws, or imports a plotting or notebook-display module, becomes `pass`)
  - a book's own helper package removed where it cannot be had (d2l's, rasbt's package version check)
  - notebook magics (`%matplotlib inline`, `!pip ...`) commented out
  - a notebook cell's shown value printed (Jupyter displays a cell's last expression; a script must print it)
  - the cells from the first one that needs what a CPU-only torch without downloads lacks (a data set, a GPU,
    torchvision, d2l's own package) removed, and said so at the end
No script is committed, whatever its repository's licence: the project keeps no copy of code fetched from
another repository. What is kept is the manifest (source path, commit, licence, sha256 of the source and of the
built script) and torch's output; the scripts are rebuilt from clones by this program, and the corpus tests
skip the scripts that are not rebuilt (tests/corpora/test_corpora.py).
Stdlib only (`gather` also runs the probe under a Python with torch).
"""

import argparse
import ast
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent / "learners"
MANIFEST = HERE / "manifest.json"

# repository -> (folder, licence, whether the licence lets us use its code: gather leaves the others out)
REPOSITORIES = {
    "d2l-ai/d2l-zh": ("d2l_zh", "Apache-2.0", True),
    "d2l-ai/d2l-en": ("d2l_en", "MIT-0 (LICENSE-SAMPLECODE)", True),
    "ShusenTang/Dive-into-DL-PyTorch": ("dive_into_dl", "Apache-2.0", True),
    "chenyuntc/pytorch-book": ("pytorch_book", "MIT", True),
    "zergtant/pytorch-handbook": ("pytorch_handbook", "none stated", False),
    "yunjey/pytorch-tutorial": ("yunjey", "MIT", True),
    "MorvanZhou/PyTorch-Tutorial": ("morvan", "MIT", True),
    "L1aoXingyu/code-of-learn-deep-learning-with-pytorch": ("learn_dl_pytorch", "none stated", False),
    "udacity/deep-learning-v2-pytorch": ("udacity", "MIT", True),
    "karpathy/nn-zero-to-hero": ("nn_zero_to_hero", "MIT", True),
    "karpathy/micrograd": ("micrograd", "MIT", True),
    "jcjohnson/pytorch-examples": ("jcjohnson", "MIT", True),
    "lyhue1991/eat_pytorch_in_20_days": ("eat_pytorch", "Apache-2.0", True),
    "mrdbourke/pytorch-deep-learning": ("zero_to_mastery", "MIT", True),
    "dsgiitr/d2l-pytorch": ("d2l_pytorch", "Apache-2.0", True),
    "patrickloeber/pytorchTutorial": ("loeber", "MIT", True),
    "rasbt/stat453-deep-learning-ss21": ("stat453", "MIT", True),
    "rasbt/LLMs-from-scratch": ("llms_from_scratch", "Apache-2.0", True),
    "rasbt/machine-learning-book": ("ml_book", "MIT", True),
    "dair-ai/ML-Notebooks": ("dair_ai", "Apache-2.0", True),
    "omarsar/pytorch_notebooks": ("omarsar", "MIT", True),
    "mlelarge/dataflowr": ("dataflowr", "Apache-2.0", True),
    "graykode/nlp-tutorial": ("nlp_tutorial", "MIT", True),
    "pytorch/examples": ("pytorch_examples", "BSD-3-Clause", True),
    "hunkim/PyTorchZeroToAll": ("zero_to_all", "none stated", False),
    "deeplearningzerotoall/PyTorch": ("zerotoall_kr", "none stated", False),
}

PLOTTING = re.compile(r"\bplt\b|matplotlib|IPython|\bdisplay\(|seaborn|d2l\.(plot|set_figsize|use_svg_display|plt|"
                      r"show_|Animator|set_axes)|\bdraw_dot\b|graphviz|\bsns\.|helper\.view|helper\.imshow|\bSVG\(|\bImage\(")
D2L_PACKAGE = re.compile(r"^\s*(from d2l import|import d2lzh_pytorch|import d2l\b|sys\.path\.append)")
# rasbt's books check the reader's package versions with a helper of the repository's own, one folder up
VERSION_CHECK = re.compile(r"python_environment_check|^\s*check_packages\(")
SEED = "torch.manual_seed(0)"


# ---------------------------------------------------------------- reading a repository
def git_dir(repos, repo):
    base = pathlib.Path(repos) / repo.replace("/", "+")
    for candidate in (base / "repo", base.with_suffix(".git"), base / ".git", base):
        if (candidate / "HEAD").exists() and (candidate / "objects").exists():
            return candidate
    raise SystemExit("no clone of %s under %s" % (repo, repos))


def git(gdir, *args):
    return subprocess.run(["git", "-c", "core.quotepath=off", "--git-dir", str(gdir), *args], capture_output=True, check=True).stdout


# ---------------------------------------------------------------- cells of a source file
def cells_of(path, data):
    """The code cells of a source file, each (text, is_notebook_cell)."""
    text = data.decode("utf-8", errors="replace")
    if path.endswith(".ipynb"):
        nb = json.loads(text)
        return [("".join(c["source"]) if isinstance(c["source"], list) else c["source"], True)
                for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    if path.endswith(".md"):
        return [(block, True) for block in d2l_pytorch_blocks(text)]
    return py_cells(text)


def d2l_pytorch_blocks(text):
    """The code blocks of a d2l chapter that the PyTorch tab runs (d2l-zh `#@tab`, d2l-en `%%tab`)."""
    blocks = re.findall(r"^```\{\.python \.input[^}]*\}\n(.*?)^```", text, re.S | re.M)
    out = []
    for block in blocks:
        first, _, rest = block.partition("\n")
        tag = re.match(r"\s*(#@tab|%%tab)\s+(.*)", first)
        if tag:
            tabs = {t.strip() for t in tag.group(2).split(",")}
            if "pytorch" in tabs or "all" in tabs:
                out.append(rest)
        elif "%load_ext" not in block and not re.search(r"\b(mxnet|npx|nd\.)", block):
            # d2l-zh's untagged blocks are MXNet's; d2l-en's untagged blocks are every tab's
            if "tab.interact_select" not in block and not text.count("#@tab"):
                out.append(block)
    return out


def py_cells(text):
    """A .py file's top-level statements as cells (with the comments above each)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return [(text, False)]
    lines = text.splitlines(keepends=True)
    cells, start = [], 0
    for node in tree.body:
        end = node.end_lineno
        cells.append(("".join(lines[start:end]), False))
        start = end
    if start < len(lines) and cells:
        cells[-1] = (cells[-1][0] + "".join(lines[start:]), False)
    return cells


# ---------------------------------------------------------------- the edits
def edit_cell(source, notebook):
    """One cell with the allowed edits made; None if it is not Python (a shell cell)."""
    lines = []
    for line in source.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("%", "!")):
            lines.append(line[:len(line) - len(stripped)] + "# edit: notebook magic: " + stripped)
        else:
            lines.append(line)
    text = "\n".join(lines)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    lines = text.split("\n")
    replaced = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, (ast.For, ast.While, ast.If, ast.With, ast.Try,
                                                               ast.FunctionDef, ast.ClassDef)):
            continue
        segment = "\n".join(lines[node.lineno - 1:node.end_lineno])
        if D2L_PACKAGE.search(segment) or PLOTTING.search(segment) or VERSION_CHECK.search(segment):
            why = "plotting removed" if PLOTTING.search(segment) else "d2l's package removed" \
                if D2L_PACKAGE.search(segment) else "the book's version check removed"
            if node.lineno - 1 not in replaced:
                replaced[node.lineno - 1] = (node.end_lineno, node.col_offset, why)
    out, i = [], 0
    while i < len(lines):
        if i in replaced:
            end, col, why = replaced[i]
            out.append(lines[i][:col] + "pass  # edit: " + why)
            i = end
            continue
        out.append(lines[i])
        i += 1
    text = "\n".join(out)
    if notebook:
        text = print_shown_value(text)
    return text


def print_shown_value(text):
    tree = ast.parse(text)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return text
    last = tree.body[-1]
    value = last.value
    if isinstance(value, ast.Constant) or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                                           and value.func.id in ("print", "pass")):
        return text
    lines = text.split("\n")
    head = lines[:last.lineno - 1]
    body = lines[last.lineno - 1:last.end_lineno]
    if len(body) == 1 and not body[0][:last.col_offset].strip():
        segment = ast.get_source_segment(text, last)
        return "\n".join(head + [body[0][:last.col_offset] + "print(%s)  # edit: the cell's shown value" % segment]
                         + lines[last.end_lineno:])
    return text


def seed_line(text):
    parts = ["import torch", SEED]
    if re.search(r"\bimport numpy|\bfrom numpy", text):
        parts[0:0] = ["import numpy"]
        parts.append("numpy.random.seed(0)")
    if re.search(r"^\s*import random\b|^\s*from random\b", text, re.M):
        parts[0:0] = ["import random"]
        parts.append("random.seed(0)")
    imports = [p for p in parts if p.startswith("import")]
    calls = [p for p in parts if not p.startswith("import")]
    return "%s; %s  # edit: seed" % ("; ".join(imports), "; ".join(calls))


def build_script(cells, keep, reason):
    """The script of the first `keep` edited cells."""
    edited = [c for c in cells[:keep]]
    body = "\n".join(c.rstrip("\n") + "\n" for c in edited)
    future = []
    rest = body
    while True:
        m = re.match(r"(\s*(#[^\n]*\n|\"\"\"[\s\S]*?\"\"\"\n)*)?\s*from __future__ import[^\n]*\n", rest)
        if not m:
            break
        future.append(rest[:m.end()])
        rest = rest[m.end():]
    head = "".join(future)
    script = head + seed_line(body) + "\n" + rest
    if reason:
        script += "# edit: the rest of the file removed: %s\n" % reason
    return script


def edited_cells(path, data):
    out = []
    for source, notebook in cells_of(path, data):
        cell = edit_cell(source, notebook)
        if cell is not None and cell.strip():
            out.append(cell)
    return out


def sha(data):
    return hashlib.sha256(data).hexdigest()


# ---------------------------------------------------------------- rebuild
def rebuild(repos, only_missing=False):
    entries = json.loads(MANIFEST.read_text(encoding="utf-8"))["scripts"]
    bad = 0
    for entry in entries:
        target = HERE / entry["script"]
        if only_missing and target.exists():
            continue
        data = git(git_dir(repos, entry["repository"]), "show", "%s:%s" % (entry["commit"], entry["path"]))
        if sha(data) != entry["source_sha256"]:
            print("%s: the source at that commit is not the one recorded" % entry["script"])
            bad += 1
            continue
        script = build_script(edited_cells(entry["path"], data), entry["cells"], entry.get("cut"))
        if sha(script.encode("utf-8")) != entry["script_sha256"]:
            print("%s: rebuilt differently" % entry["script"])
            bad += 1
            continue
        target.parent.mkdir(parents=True, exist_ok=True)  # (a repository whose scripts all stay out of git)
        target.write_text(script, encoding="utf-8")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["rebuild", "gather"])
    parser.add_argument("--repos", required=True)
    parser.add_argument("--torch-python")
    parser.add_argument("--timeout", type=float, default=20, help="gather: seconds of CPU torch may take on one script")
    parser.add_argument("--probe-cache", help="gather: a file keeping where each source stops, read back next time")
    parser.add_argument("--missing", action="store_true", help="rebuild only scripts that are not there")
    parser.add_argument("--new-only", action="store_true", help="gather: probe and record only the sources the "
                        "manifest does not list yet (kept or left out), keeping its entries as they are")
    args = parser.parse_args()
    if args.command == "rebuild":
        sys.exit(1 if rebuild(args.repos, args.missing) else 0)
    from learners_gather import gather  # (maintainers' tool: chooses sources and finds where each must be cut)
    gather(args)


if __name__ == "__main__":
    main()
