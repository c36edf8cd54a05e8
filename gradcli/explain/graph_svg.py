"""The backward graph drawn as an SVG picture by gradcli itself (`--svg FILE`; the page of `--html` draws the same
picture): explain.layout places the boxes and routes the edges around them, nodes are labelled as in the other
views (graph_formats.node_lines, one `<text>` a line), edges point the way gradients flow. Nothing to install.

Each node is a `<g class="node">` with `data-key` (the graph's node key), each edge a `<path class="edge">` with
`data-from` and `data-to`, so that the page's script can find them; `prefix` keeps ids apart when several
pictures share a document (a notebook).
"""

from .graph_formats import elision_text, node_lines
from .layout import LINE, PAD, Box, lay_out


def picture(graph, depth=None):
    """The laid-out picture of `graph` (nodes deeper than `depth` elided; None: all): a layout.Layout whose
    boxes are keyed by the graph's node keys, an elided subtree below node k by ("e", k)."""
    kept, elisions = graph.cut(depth)
    boxes = {node.key: Box(node.key, node_lines(node), "leaf" if node.is_leaf else "node") for node in kept}
    edges = [(node.key, child.key) for node in kept for child in node.children if child.key in boxes]
    for node, count in elisions:
        key = ("e", node.key)
        boxes[key] = Box(key, [elision_text(count, depth)], "elision")
        edges.append((node.key, key))
    edges = list(dict.fromkeys(edges))  # a node used twice by one op (x*x) is one edge in the picture
    return lay_out(boxes, edges)


def to_svg(graph, depth=None, title="backward graph", prefix="g", layout=None):
    """SVG text of `graph` (nodes deeper than `depth` elided; None: all), or of its `layout` when given."""
    layout = layout or picture(graph, depth)
    width, height = layout.width, layout.height
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="Menlo, Consolas, DejaVu Sans Mono, monospace" font-size="12">' % (width, height, width, height),
           "<title>%s</title>" % escape(title),
           '<defs><marker id="%s-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" '
           'markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>' % prefix,
           '<rect class="background" width="100%" height="100%" fill="white"/>']
    for parent, child, points in layout.edges:
        elided = layout.boxes[child].kind == "elision"
        out.append('<path class="edge" id="%s-e%s-%s" data-from="%s" data-to="%s" d="%s" fill="none" stroke="#555" '
                   'marker-end="url(#%s-arrow)"%s/>' % (prefix, key_id(parent), key_id(child), key_id(parent),
                                                         key_id(child), _path(points), prefix,
                                                         ' stroke-dasharray="4 3"' if elided else ""))
    fills = {"leaf": "#dbeafe", "elision": "#f8f8f8", "node": "#fff7e6"}
    for box in layout.boxes.values():
        out.append('<g class="node %s" id="%s-n%s" data-key="%s">' % (box.kind, prefix, key_id(box.key), key_id(box.key)))
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="6" fill="%s" stroke="#444"%s/>'
                   % (box.x, box.y, box.width, box.height, fills[box.kind],
                      ' stroke-dasharray="4 3"' if box.kind == "elision" else ""))
        for i, line in enumerate(box.lines):
            weight = ' font-weight="bold"' if i == 0 and box.kind != "elision" else ""
            out.append('<text x="%.1f" y="%.1f"%s>%s</text>' % (box.x + PAD, box.y + PAD + (i + 0.8) * LINE,
                                                                 weight, escape(line)))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def key_id(key):
    """A node key as the picture's ids and data attributes spell it: `3`, or `e3` for the elision below 3."""
    return "e%d" % key[1] if isinstance(key, tuple) else str(key)


def _path(points):
    """SVG path data: straight down a column, a curve across a gap (its control points keep it inside)."""
    (x, y), *rest = points
    parts = ["M %.1f %.1f" % (x, y)]
    for x2, y2 in rest:
        if abs(x2 - x) < 0.5:
            parts.append("L %.1f %.1f" % (x2, y2))
        else:
            bend = (y2 - y) / 2
            parts.append("C %.1f %.1f, %.1f %.1f, %.1f %.1f" % (x, y + bend, x2, y2 - bend, x2, y2))
        x, y = x2, y2
    return " ".join(parts)


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write_svg(graph, path, depth=None):
    """Write the picture of `graph` to `path`."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_svg(graph, depth))
