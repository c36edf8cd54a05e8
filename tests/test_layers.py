"""The import direction of DESIGN.md, enforced with ast: a layer imports only layers above it.

base (errors, dtypes, grad_mode) < graph (graph, engine) < core (numpy: ops, tensor, factory, rng, printing,
autograd, ...) < lang (the only importer of lark) < api < cli (the only importer of typer and rich).
torch is imported nowhere under gradcli/.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "gradcli"

BASE = {"errors", "dtypes", "grad_mode"}
GRAPH = {"graph", "engine"}
LANG, API, CLI = "lang", "api", "cli"


def layer_of(module):
    """0 base, 1 graph, 2 core, 3 lang, 4 api, 5 cli; module is a dotted path inside gradcli."""
    head = module.split(".")[0]
    if head in BASE:
        return 0
    if head in GRAPH:
        return 1
    if head == LANG:
        return 3
    if head == API:
        return 4
    if head in (CLI, "__main__"):
        return 5
    return 2


def imports(path):
    """(module inside gradcli or None, external top-level name or None) for each import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(PACKAGE).with_suffix("").parts
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("gradcli."):
                    yield alias.name[len("gradcli."):], None
                else:
                    yield None, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[:-node.level]) if len(package) >= node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                if not node.module:
                    for alias in node.names:
                        yield ".".join(base + [alias.name]), None
                else:
                    yield target, None
            elif node.module and node.module.startswith("gradcli"):
                yield node.module[len("gradcli."):] if "." in node.module else "", None
            elif node.module:
                yield None, node.module.split(".")[0]


SOURCES = sorted(p for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(PACKAGE)) for p in SOURCES])
def test_imports_follow_the_layers(path):
    own = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    own_layer = layer_of(own) if own != "__init__" else 6
    for module, external in imports(path):
        if module:
            assert layer_of(module) <= own_layer, "%s imports %s from a lower layer" % (own, module)
        if external == "torch":
            pytest.fail("%s imports torch" % own)
        if external == "numpy":
            assert own_layer >= 2, "%s (base/graph layer) imports numpy" % own
        if external == "lark":
            assert own.startswith("lang"), "%s imports lark; only gradcli.lang may" % own
        if external in ("typer", "rich", "click"):
            assert own.startswith("cli"), "%s imports %s; only gradcli.cli may" % (own, external)


def test_the_checker_sees_imports():
    found = dict((m, e) for m, e in imports(PACKAGE / "lang" / "parser.py"))
    assert None in found.values() or found
    assert any(e == "lark" for _, e in imports(PACKAGE / "lang" / "parser.py"))
