"""Every console block of the README and docs/ runs and prints what it shows. A block is a shell session:
`$ command` lines, each followed by its output (stdout and stderr, as a terminal shows them). The commands of a
block run in order in one fresh directory (a block may make the files it uses), `gradcli` being this checkout's,
80 columns wide, no colour. Expected texts are what gradcli printed (the numbers in them are checked against
torch elsewhere); this test keeps the docs true to the program.

GRADCLI_UPDATE_DOCS=1 rewrites the blocks' outputs with what the commands print now (then read the diff)."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, normalize_addresses

DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```console\n(.*?)^```\n", re.S | re.M)


def blocks():
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(pytest.param(path, match.start(1), match.group(1), id="%s:%d" % (path.name, line)))
    return found


def session(block):
    """[(command, expected output)] of a console block. A command goes on over lines ending with a backslash
    and through the body of a here-document (`<<'EOF'` ... `EOF`)."""
    steps, more, heredoc = [], False, None
    for line in block.splitlines(keepends=True):
        if more or heredoc:
            steps[-1][0] += "\n" + line.rstrip("\n")
            if heredoc and line.strip() == heredoc:
                heredoc = None
        elif line.startswith("$ "):
            steps.append([line[2:].rstrip("\n"), ""])
        elif steps:
            steps[-1][1] += line
            continue
        else:
            continue
        more = line.rstrip("\n").endswith("\\")
        opened = re.search(r"<<-?'?(\w+)'?", line) if not heredoc and line.startswith("$ ") else None
        heredoc = opened.group(1) if opened else heredoc
    return steps


def matches(out, expected):
    """`out` is `expected`, where an expected line `...` stands for any lines."""
    pattern = "".join(r"(?:.*\n)*?" if line == "..." else re.escape(line) + r"\n"
                      for line in expected.rstrip("\n").splitlines())
    out = out.rstrip("\n")
    return re.fullmatch(pattern, out + "\n" if out else "") is not None


def run(command, cwd):
    shim = cwd.parent / "bin"
    shim.mkdir(exist_ok=True)
    gradcli = shim / "gradcli"
    if not gradcli.exists():
        gradcli.write_text("#!/bin/sh\nexec '%s' -m gradcli \"$@\"\n" % sys.executable)
        gradcli.chmod(0o755)
    env = dict(os.environ, PATH=str(shim) + os.pathsep + os.environ.get("PATH", ""), COLUMNS="80", NO_COLOR="1",
               TERM="dumb", PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("FORCE_COLOR", None)
    env.pop("LINES", None)  # pytest-xdist's workers have LINES=24, which sizes plot's canvas
    done = subprocess.run(["bash", "-c", "exec 2>&1\n" + command], cwd=cwd, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)
    return done.stdout


def _tidy(text):
    return normalize_addresses("\n".join(line.rstrip() for line in text.splitlines()))


@pytest.mark.skipif(sys.platform == "win32", reason="the blocks are POSIX shell sessions")
@pytest.mark.parametrize("path, offset, block", blocks())
def test_console_block_prints_what_it_shows(path, offset, block, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    for shared in ("tests", "examples"):  # what the docs' commands may read from the checkout
        (work / shared).symlink_to(ROOT / shared, target_is_directory=True)
    printed = [(command, run(command, work)) for command, _ in session(block)]
    if os.environ.get("GRADCLI_UPDATE_DOCS") and not any("..." in expected.splitlines()
                                                          for _, expected in session(block)):
        fresh = "".join("$ %s\n%s" % (command, out) for command, out in printed)
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(block, fresh, 1), encoding="utf-8")
        return
    for (command, expected), (_, out) in zip(session(block), printed):
        assert matches(_tidy(out), _tidy(expected)), "%s: $ %s\n%s" % (path.name, command, out)


def test_the_docs_have_console_blocks():
    assert len(blocks()) >= 10


def test_the_architecture_tree_is_the_code():
    """docs/architecture.md's tree names every module under gradcli/ and nothing else: folders with a slash,
    modules without `.py`, two spaces a level."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    tree = text[text.index("<!-- tree -->"):text.index("<!-- /tree -->")].split("```")[1].strip("\n").splitlines()
    assert tree[0] == "gradcli/"
    shown, folders = set(), []
    for line in tree[1:]:
        depth = (len(line) - len(line.lstrip(" "))) // 2 - 1
        name = line.split()[0]
        folders = folders[:depth]
        if name.endswith("/"):
            folders.append(name[:-1])
            name = "__init__"
        shown.add("/".join(folders + [name]))
    package = ROOT / "gradcli"
    modules = {path.relative_to(package).with_suffix("").as_posix() for path in package.rglob("*.py")}
    assert sorted(modules - shown) == [], "modules the tree lacks"
    assert sorted(shown - modules) == [], "names in the tree that are no modules"
