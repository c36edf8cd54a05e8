"""The backward graph (graph_view) written out for other programs: Graphviz DOT text, the .svg Graphviz's
`dot` renders from it, and JSON-ready data (`gradcli eval --json --graph`). Nodes are labelled as the tree view
labels them: grad_fn name, and when an explanation knows them, the source text, forward value and gradient.
Beyond the depth asked for, each elided subtree is one node saying how many nodes it holds.

>>> import gradcli
>>> graph = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."}).graph()
>>> json_data(graph)[0]
{'id': 0, 'name': 'MulBackward0', 'variable': None, 'next': [1, 2]}
"""

from .graph_view import ACCUMULATE_GRAD

LABEL_WIDTH = 60  # characters of a fact in a file's node label (a tensor's text is cut there, with `…`)


def node_lines(node):
    """A node's label as lines: its name (a leaf's name, shape and dtype on a line of their own), then
    `source ...`, `value ...`, `grad ...` when known."""
    first = [node.name] if not node.is_leaf else [ACCUMULATE_GRAD, node.label()[len(ACCUMULATE_GRAD) + 1:]]
    return first + ["%s %s" % (kind, _cut(text)) for kind, text in node.facts()]


def elision_text(count, depth):
    """The label standing for an elided subtree."""
    return "… %d more node%s, deeper than %d levels" % (count, "" if count == 1 else "s", depth)


def to_dot(graph, title="backward", depth=None):
    """Graphviz DOT text: one box per grad_fn, leaves filled, edges in the direction gradients flow; nodes
    deeper than `depth` (None: all drawn) are elided, one dashed box per elided subtree."""
    lines = ["digraph %s {" % _dot_id(title), '  node [shape=box, fontname="Helvetica"];']
    kept, elisions = graph.cut(depth)
    drawn = {node.key for node in kept}
    for node in kept:
        style = ', style=filled, fillcolor="lightblue"' if node.is_leaf else ""
        lines.append('  n%d [label="%s"%s];' % (node.key, _dot_escape("\n".join(node_lines(node))), style))
    for node in kept:
        for child in node.children:
            if child.key in drawn:
                lines.append("  n%d -> n%d;" % (node.key, child.key))
    for node, count in elisions:
        lines.append('  e%d [label="%s", style=dashed];' % (node.key, _dot_escape(elision_text(count, depth))))
        lines.append("  n%d -> e%d [style=dashed];" % (node.key, node.key))
    lines.append("}")
    return "\n".join(lines) + "\n"


def json_data(graph):
    """JSON-ready: the nodes in order, each with its id, name, leaf variable and the ids it passes to; with an
    explanation, also its source, value and grad (one-line texts)."""
    data = []
    for node in graph.nodes:
        item = {"id": node.key, "name": node.name, "variable": node.variable,
                "next": [child.key for child in node.children]}
        item.update(node.facts())
        data.append(item)
    return data


def write_dot(graph, path, depth=None):
    """Write `graph` as DOT to `path`; when Graphviz's `dot` is on PATH, render `path`.svg as well.
    Returns (svg path or None, a problem with the rendering in words or None); without `dot`, the problem says
    how to render the file."""
    import shutil
    import subprocess
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_dot(graph, depth=depth))
    dot = shutil.which("dot")
    svg = path + ".svg"
    if dot is None:
        return None, ("wrote %s; Graphviz's `dot` is not installed, so it was not drawn. Install Graphviz "
                      "(https://graphviz.org/download/) and run: dot -Tsvg %s -o %s — or use --svg FILE, which "
                      "gradcli draws itself" % (path, path, svg))
    try:
        done = subprocess.run([dot, "-Tsvg", path, "-o", svg], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, "dot failed: %s" % exc
    if done.returncode != 0:
        return None, "dot failed: %s" % (done.stderr.strip() or "exit status %d" % done.returncode)
    return svg, None


def _cut(text):
    return text if len(text) <= LABEL_WIDTH else text[:LABEL_WIDTH - 1] + "…"


def _dot_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _dot_id(text):
    return text if text.isidentifier() else '"%s"' % _dot_escape(text)
