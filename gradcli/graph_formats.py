"""The backward graph (graph_view) written out for other programs: Graphviz DOT text, the .svg Graphviz's
`dot` renders from it, and JSON-ready data (`gradcli eval --json --graph`).

>>> import gradcli
>>> graph = gradcli.evaluate("x*y", at={"x": "2.", "y": "3."}).graph()
>>> json_data(graph)[0]
{'id': 0, 'name': 'MulBackward0', 'variable': None, 'next': [1, 2]}
"""

from .graph_view import ACCUMULATE_GRAD


def to_dot(graph, title="backward"):
    """Graphviz DOT text: one box per grad_fn, leaves filled, edges in the direction gradients flow."""
    lines = ["digraph %s {" % _dot_id(title), '  node [shape=box, fontname="Helvetica"];']
    for node in graph.nodes:
        style = ', style=filled, fillcolor="lightblue"' if node.is_leaf else ""
        lines.append('  n%d [label="%s"%s];' % (node.key, _dot_escape(_dot_label(node)), style))
    for node in graph.nodes:
        for child in node.children:
            lines.append("  n%d -> n%d;" % (node.key, child.key))
    lines.append("}")
    return "\n".join(lines) + "\n"


def json_data(graph):
    """JSON-ready: the nodes in order, each with its id, name, leaf variable and the ids it passes to."""
    return [{"id": node.key, "name": node.name, "variable": node.variable,
             "next": [child.key for child in node.children]} for node in graph.nodes]


def write_dot(graph, path):
    """Write `graph` as DOT to `path`; when Graphviz's `dot` is on PATH, render `path`.svg as well.
    Returns (svg path or None, a problem with the rendering in words or None)."""
    import shutil
    import subprocess
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_dot(graph))
    dot = shutil.which("dot")
    if dot is None:
        return None, None
    svg = path + ".svg"
    try:
        done = subprocess.run([dot, "-Tsvg", path, "-o", svg], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, "dot failed: %s" % exc
    if done.returncode != 0:
        return None, "dot failed: %s" % (done.stderr.strip() or "exit status %d" % done.returncode)
    return svg, None


def _dot_label(node):
    if node.is_leaf:
        return "%s\n%s" % (ACCUMULATE_GRAD, node.label()[len(ACCUMULATE_GRAD) + 1:])
    return node.name


def _dot_escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _dot_id(text):
    return text if text.isidentifier() else '"%s"' % _dot_escape(text)
