"""The backward pass as an interactive HTML view, self-contained and offline: the graph as graph_svg draws it
(explain.layout's layout, inline SVG), each node's source, value and gradient on it, and a step control that walks
the engine's steps (explain.steps) in order — the node running, the gradient it received, the lines `--explain`
prints for it (formula bound to its values, what it sends to each input, a leaf's sum), the edges it sends along.

`fragment()` is one view to embed (a notebook output: `_repr_html_`), `page()` a whole document (`--html FILE`).
The view's CSS and script are page.css and page.js beside this module (package data, no library, no network);
the data is one JSON object in the view. Nothing walks the graph or the backward pass again: the page shows the
BackwardGraph (graph_view) and the Explanation's steps. A graph deeper than `depth` levels is drawn with its
deeper part elided into one box with a count (as --graph and --svg do); the steps inside it highlight that box.
"""

import itertools
import json
import os

from .graph_svg import escape, key_id, picture, to_svg
from .graph_view import DEFAULT_DEPTH, BackwardGraph

_HERE = os.path.dirname(os.path.abspath(__file__))
_views = itertools.count(1)  # ids kept apart when several views share a document (a notebook's outputs)


class ShownGraph(BackwardGraph):
    """The backward graph as the library hands it out (Result.graph(), Session.graph(name)): a notebook displays
    it as this view, each node's facts shown when clicked; elsewhere it prints as a tree (graph_view)."""

    def _repr_html_(self):
        return fragment(self)


def fragment(graph, explanation=None, title="backward graph", depth=DEFAULT_DEPTH):
    """One interactive view of `graph` (a BackwardGraph) and the steps of `explanation` (an Explanation, or None:
    the graph alone, each node's facts shown when clicked), as an HTML fragment with its style and script."""
    prefix = "gv%d" % next(_views)
    layout = picture(graph, depth)
    data = {"title": title, "passes": _passes(graph, explanation, layout) if explanation is not None else []}
    return "".join([
        '<div class="gradcli-view" id="%s" tabindex="0" aria-label="%s">' % (prefix, escape(title)),
        "<style>%s</style>" % _asset("page.css"),
        '<div class="gv-bar" role="toolbar" aria-label="backward steps">',
        '<span class="gv-title">%s</span>' % escape(title),
        '<select class="gv-pass" aria-label="backward pass"></select>',
        '<button type="button" class="gv-first" title="first step (Home)" aria-label="first step">&#xAB; first</button>',
        '<button type="button" class="gv-prev" title="previous step (&#x2190;)" aria-label="previous step">&#x25C0; prev</button>',
        '<button type="button" class="gv-play" title="play / pause (space)" aria-label="play">&#x25B6; play</button>',
        '<button type="button" class="gv-next" title="next step (&#x2192;)" aria-label="next step">next &#x25B6;</button>',
        '<button type="button" class="gv-last" title="last step (End)" aria-label="last step">last &#xBB;</button>',
        '<input type="range" class="gv-slider" min="0" max="0" value="0" aria-label="step">',
        '<span class="gv-count" aria-live="polite"></span></div>',
        '<div class="gv-body"><div class="gv-graph">',
        to_svg(graph, depth, title, prefix, layout),
        '</div><div class="gv-panel" aria-live="polite"><pre class="gv-text"></pre></div></div>',
        '<script type="application/json" class="gv-data">%s</script>' % _json(data),
        "<script>%s\n(%s)(document.getElementById(%s));</script>" % (_asset("page.js"), "gradcliView",
                                                                       json.dumps(prefix)),
        "</div>"])


def page(graph, explanation=None, title="backward graph", depth=DEFAULT_DEPTH):
    """A whole HTML document holding one view (see fragment)."""
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>%s — gradcli</title></head>\n<body>%s</body></html>\n"
            % (escape(title), fragment(graph, explanation, title, depth)))


def write_page(path, graph, explanation=None, title="backward graph", depth=DEFAULT_DEPTH):
    """Write page(...) to `path` (UTF-8)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(page(graph, explanation, title, depth))


def _passes(graph, explanation, layout):
    """Each backward pass as the page's data: its title and its steps, each step with the picture's key of its
    node (`key`), the keys it sends to (`to`), the keys whose gradients it summed (`from`), its heading and the
    lines --explain prints for it, each with a kind the style colours."""
    from .text import heading, step_lines
    shown = _shown_keys(graph, layout)
    passes = []
    for explained in explanation.passes:
        number_key = {}
        steps = []
        for step in explained.steps:
            step.bind()
            key = shown.get(id(step.node))
            number_key[step.number] = key
            lines = step_lines(step, explained)[2:]  # (without the blank line and the heading)
            steps.append({"key": key, "head": "[%d] %s" % (step.number, heading(step)),
                          "to": [shown.get(id(out.target)) for out in step.outgoing],
                          "from": [number_key.get(number) for number, _ in step.arrivals],
                          "lines": [[_kind(line), line[4:]] for line in lines]})
        passes.append({"title": explained.title or "backward", "steps": steps})
    return passes


def _shown_keys(graph, layout):
    """id(grad_fn) -> the picture's key standing for it: its own box, or the elision box its subtree is in."""
    shown = {}
    for node in graph.nodes:
        if node.key in layout.boxes:
            shown[id(node.grad_fn)] = key_id(node.key)
    for key in layout.boxes:
        if isinstance(key, tuple):  # ("e", k): the nodes below k drawn nowhere
            stack = [child for child in graph.nodes[key[1]].children]
            while stack:
                node = stack.pop()
                if id(node.grad_fn) not in shown:
                    shown[id(node.grad_fn)] = key_id(key)
                    stack.extend(node.children)
    return shown


def _kind(line):
    text = line.strip()
    if text.startswith("→"):
        return "arrow"
    if text.startswith("= "):
        return "bound"
    if text.startswith("from ["):
        return "from"
    if ".grad = " in text:
        return "sum"
    if text.startswith("grad = "):
        return "grad"
    return "formula" if ": " in text.split("=")[0] else "value"


def _json(data):
    """JSON safe inside a <script> element (no `</` can close it)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def _asset(name):
    with open(os.path.join(_HERE, name), encoding="utf-8") as f:
        return f.read()
