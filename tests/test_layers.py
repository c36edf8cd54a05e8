"""The import direction of DESIGN.md, enforced with ast: a module's layer is its folder, a layer imports only
itself and the layers below it, and nothing is circular except Tensor <-> ops.

The folders, from the bottom (gradcli/__init__.py's docstring draws the same tree):
    base      errors, dtypes, grad mode, anomaly mode (the standard library only)
    autograd  the graph's nodes and the engine that runs backward (gradients by duck typing)
    core      numpy enters: Tensor, printing, the generators, limits, backward/grad      } one layer:
    ops       the op table (ops/rows/ the rows, one file a family)                   } they import
    kernels   torch's CPU arithmetic, bit for bit                                    } each other
    torchlib  torch.autograd's Function and functional, torch.nn, torch.optim, torch.utils.data, torch.save
    lang      the script language: syntax (the only importer of lark), compile, sandbox
    symbolic  symbolic derivatives composed from the rows' formulas
    explain   --explain's steps, diagnoses and graph views
    app       the library's front door: evaluate, run_script, diff, Session, isolation, workers
    cli       the only importer of typer and rich
The package's own __init__ (lazy attributes that are app's) and __main__ (the cli's) are the two files at the top.
torch is imported nowhere under gradcli/.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "gradcli"

FOLDERS = ("base", "autograd", ("core", "ops", "kernels"), "torchlib", "lang", "symbolic", "explain", "app", "cli")
LAYER_OF_FOLDER = {folder: n for n, entry in enumerate(FOLDERS)
                   for folder in (entry if isinstance(entry, tuple) else (entry,))}
BASE, AUTOGRAD, CORE, TORCHLIB, LANG, SYMBOLIC, EXPLAIN, APP, CLI = range(len(FOLDERS))
TOP = {"__init__": APP, "__main__": CLI}  # the two files at the top
# The one cycle by design: Tensor's methods call into ops and backward (imported where they are called), which
# make Tensors. ops/ counts as one module here: its package and its row files.
CYCLE_THROUGH = "core.tensor"


def layer_of(module):
    """The layer of a module (a dotted path inside gradcli, as `ops.rows.shape`): its folder's, or None for a
    folder FOLDERS does not name."""
    if module in TOP:
        return TOP[module]
    return LAYER_OF_FOLDER.get(module.split(".")[0]) if "." in module else None


def imports(path):
    """(module inside gradcli or None, external top-level name or None) for each import in the file, at its
    top or inside a function."""
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
                source = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "gradcli":
                source = node.module.split(".")[1:]
            else:
                if node.module:
                    yield None, node.module.split(".")[0]
                continue
            for alias in node.names:  # `from .lang import namespace`: a module, or a name in one (see resolve)
                yield ".".join(source + [alias.name]), None


SOURCES = sorted(p for p in PACKAGE.rglob("*.py"))


def module_name(path):
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts)


MODULES = {module_name(p) for p in SOURCES}


def resolve(module):
    """The module file an import of `module` reads: the longest prefix that is one (`from .ops import Op` reads
    ops/__init__, `from .. import __version__` the package's __init__)."""
    parts = module.split(".") if module else []
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        if name in MODULES:
            return name
        if name + ".__init__" in MODULES:
            return name + ".__init__"
    return "__init__"


def test_every_module_has_a_layer():
    unknown = [module for module in sorted(MODULES) if layer_of(module) is None]
    assert not unknown, "modules outside the layer folders of test_layers.FOLDERS: %s" % unknown


def test_every_folder_is_a_layer():
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__" and any(p.rglob("*.py"))}
    assert folders == set(LAYER_OF_FOLDER), "folders that are not layers, or layers without a folder"


def test_no_two_modules_share_a_name_across_layers():
    """A name means one thing: two modules of one name stand for one concept at two layers, and say so (each
    docstring names the other's folder)."""
    by_name = {}
    for path in SOURCES:
        if path.stem not in ("__init__", "__main__"):
            by_name.setdefault(path.stem, []).append(path)
    for name, paths in by_name.items():
        if len(paths) > 1:
            for path in paths:
                doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
                others = [str(o.parent.relative_to(PACKAGE)) for o in paths if o != path]
                assert all(other.replace("/", ".") in doc or other in doc for other in others), \
                    "%s shares its name with %s; its docstring should say how they differ" % (
                        path.relative_to(PACKAGE), others)


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(PACKAGE)) for p in SOURCES])
def test_imports_follow_the_layers(path):
    own = module_name(path)
    own_layer = layer_of(own)
    for module, external in imports(path):
        if module is not None:
            target = resolve(module)
            assert layer_of(target) <= own_layer, "%s imports %s from a lower layer" % (own, target)
        if external == "torch":
            pytest.fail("%s imports torch" % own)
        if external == "numpy":
            assert own_layer >= CORE, "%s (base/autograd layer) imports numpy" % own
        if external == "lark":
            assert own.startswith("lang.syntax"), "%s imports lark; only gradcli.lang.syntax may" % own
        if external in ("typer", "rich", "click"):
            assert own.startswith("cli"), "%s imports %s; only gradcli.cli may" % (own, external)


def _unit(module):
    """The node of the import graph standing for `module`: ops/ is one node."""
    return "ops" if module.split(".")[0] == "ops" else module


def import_graph():
    """module -> the modules it imports (at its top or inside functions), ops/ as one node. Importing `a.b`
    runs package a's __init__ first, so it counts as importing that too (the root package's aside: everything
    is in it)."""
    graph = {_unit(module): set() for module in MODULES}
    for path in SOURCES:
        own = _unit(module_name(path))
        for module, _ in imports(path):
            if module is None:
                continue
            target = resolve(module)
            graph[own].add(_unit(target))
            package = target.rsplit(".", 1)[0] + ".__init__" if "." in target else None
            if package in MODULES:
                graph[own].add(_unit(package))
    for unit in graph:
        graph[unit].discard(unit)
    return graph


def find_cycle(graph):
    """One import cycle as a list of modules (the first repeated at the end), or None."""
    state = {}  # module -> "open" while on the path, "done" after
    for start in sorted(graph):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = "open"
        while stack:
            module = next(stack[-1], None)
            if module is None:
                state[path.pop()] = "done"
                stack.pop()
            elif state.get(module) == "open":
                return path[path.index(module):] + [module]
            elif module not in state:
                state[module] = "open"
                path.append(module)
                stack.append(iter(sorted(graph[module])))
    return None


def test_no_import_cycle_but_tensor_and_ops():
    graph = import_graph()
    assert "ops" in graph[CYCLE_THROUGH] and CYCLE_THROUGH in graph["ops"]  # (the one this test allows)
    del graph[CYCLE_THROUGH]
    for imported in graph.values():
        imported.discard(CYCLE_THROUGH)
    cycle = find_cycle(graph)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_checker_sees_imports():
    found = list(imports(PACKAGE / "lang" / "syntax" / "parser.py"))
    assert ("core.limits", None) in found and any(e == "lark" for _, e in found)
    graph = import_graph()
    assert "lang.syntax.parser" in graph["lang.compile.interpreter"] and "ops" in graph["core.backward"]
    assert resolve("ops.Op") == "ops.__init__" and resolve("__version__") == "__init__"
