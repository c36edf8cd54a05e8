"""The backward graph drawn as an SVG picture by gradcli itself (`--svg FILE`): a layered layout, nodes labelled
as in the other views (graph_formats.node_lines), edges in the direction gradients flow. Nothing to install.

The layout is Sugiyama's in its simplest form, linear in the size of the graph up to sorting:
1. layers: each node one below the lowest of its parents (longest path from the root), so every edge points down;
2. order within a layer: each node at the mean position of its parents (barycentres), one sweep down;
3. positions: boxes sized by their text, each placed as near its parents' mean x as the boxes to its left allow.
Edges are curves from a parent's bottom to a child's top (no routing around boxes: an edge skipping layers may
cross one).
"""

from .graph_formats import elision_text, node_lines

_CHAR, _LINE, _PAD = 7.2, 16, 8       # width of a character, height of a line, padding inside a box (pixels)
_GAP_X, _GAP_Y, _MARGIN = 24, 48, 16  # between boxes, between layers, around the picture


class _Box:
    __slots__ = ("key", "lines", "leaf", "elision", "parents", "layer", "x", "y", "width", "height")

    def __init__(self, key, lines, leaf=False, elision=False):
        self.key, self.lines, self.leaf, self.elision = key, lines, leaf, elision
        self.parents = []
        self.layer = 0
        self.width = max(len(line) for line in lines) * _CHAR + 2 * _PAD
        self.height = len(lines) * _LINE + 2 * _PAD
        self.x = self.y = 0.0


def to_svg(graph, depth=None, title="backward graph"):
    """SVG text of `graph` (nodes deeper than `depth` elided; None: all)."""
    kept, elisions = graph.cut(depth)
    boxes = {node.key: _Box(node.key, node_lines(node), node.is_leaf) for node in kept}
    edges = [(node.key, child.key) for node in kept for child in node.children if child.key in boxes]
    for node, count in elisions:
        key = ("e", node.key)
        boxes[key] = _Box(key, [elision_text(count, depth)], elision=True)
        edges.append((node.key, key))
    edges = list(dict.fromkeys(edges))  # a node used twice by one op (x*x) is one edge in the picture
    for parent, child in edges:
        boxes[child].parents.append(boxes[parent])
    layers = _layers(boxes, edges)
    _order(layers)
    width = _place(layers)
    height = sum(max(b.height for b in layer) for layer in layers) + _GAP_Y * max(len(layers) - 1, 0) + 2 * _MARGIN
    return _write(boxes, edges, width + 2 * _MARGIN, height, title)


def _layers(boxes, edges):
    """Longest-path layering in topological order (Kahn's): a node sits one layer below its lowest parent."""
    children = {key: [] for key in boxes}
    waiting = {key: 0 for key in boxes}
    for parent, child in edges:
        children[parent].append(child)
        waiting[child] += 1
    ready = [key for key, n in waiting.items() if n == 0]
    while ready:
        key = ready.pop()
        for child in children[key]:
            boxes[child].layer = max(boxes[child].layer, boxes[key].layer + 1)
            waiting[child] -= 1
            if waiting[child] == 0:
                ready.append(child)
    layers = [[] for _ in range(max((b.layer for b in boxes.values()), default=-1) + 1)]
    for box in boxes.values():  # in the graph's order: the root's children left to right
        layers[box.layer].append(box)
    return layers


def _order(layers):
    """Barycentres, one sweep down: each node at the mean position of its parents in the layer above."""
    def centre(box):
        return sum(p.x for p in box.parents) / len(box.parents) if box.parents else 0.0
    for number, layer in enumerate(layers):
        if number:
            layer.sort(key=centre)  # (a stable sort: ties keep the graph's order)
        for i, box in enumerate(layer):
            box.x = float(i)


def _place(layers):
    """Pixel positions: each box as near its parents' mean centre as the boxes to its left allow. Returns the
    picture's width."""
    y = _MARGIN
    right_edge = 0.0
    for layer in layers:
        left = float(_MARGIN)
        for box in layer:
            wanted = (sum(p.x + p.width / 2 for p in box.parents) / len(box.parents) - box.width / 2
                      if box.parents else left)
            box.x = max(wanted, left)
            box.y = y
            left = box.x + box.width + _GAP_X
        right_edge = max(right_edge, left - _GAP_X)
        y += max(b.height for b in layer) + _GAP_Y
    return right_edge


def _write(boxes, edges, width, height, title):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="Menlo, Consolas, DejaVu Sans Mono, monospace" font-size="12">' % (width, height, width, height),
           "<title>%s</title>" % _escape(title),
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
           '<rect width="100%" height="100%" fill="white"/>']
    for parent, child in edges:
        a, b = boxes[parent], boxes[child]
        x1, y1 = a.x + a.width / 2, a.y + a.height
        x2, y2 = b.x + b.width / 2, b.y
        bend = (y2 - y1) / 2
        out.append('<path d="M %.1f %.1f C %.1f %.1f, %.1f %.1f, %.1f %.1f" fill="none" stroke="#555" '
                   'marker-end="url(#arrow)"%s/>' % (x1, y1, x1, y1 + bend, x2, y2 - bend, x2, y2,
                                                     ' stroke-dasharray="4 3"' if b.elision else ""))
    for box in boxes.values():
        fill = "#dbeafe" if box.leaf else "#f8f8f8" if box.elision else "#fff7e6"
        out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="6" fill="%s" stroke="#444"%s/>'
                   % (box.x, box.y, box.width, box.height, fill, ' stroke-dasharray="4 3"' if box.elision else ""))
        for i, line in enumerate(box.lines):
            weight = ' font-weight="bold"' if i == 0 and not box.elision else ""
            out.append('<text x="%.1f" y="%.1f"%s>%s</text>' % (box.x + _PAD, box.y + _PAD + (i + 0.8) * _LINE,
                                                                 weight, _escape(line)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write_svg(graph, path, depth=None):
    """Write the picture of `graph` to `path`."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_svg(graph, depth))
