"""The backward graph's layout, shared by the SVG picture (graph_svg, `--svg`) and the interactive page (html,
`--html`, which draws that same SVG): boxes placed top-down in layers and edges routed so that none crosses a box.

Sugiyama's method in its simplest form:
1. layers: each box one below the lowest of its parents (longest path from the root), so every edge points down;
2. an edge that skips layers gets a waypoint in each layer it passes (a thin slot of its own, placed like a box):
   it runs down through that slot and never over a box of the layer;
3. order within a layer: each item at the mean position of its parents (barycentres), one sweep down;
4. positions: each item as near its parents' mean centre as the items to its left allow.
An edge leaves its parent's bottom, goes straight down to the bottom of the parent's layer (the column below a
box in its own layer is free), crosses the gap to the next layer (nothing is drawn in a gap), and so on to the
child's top. Waypoints are linear in the edges times the layers they skip: past MAX_WAYPOINTS (a graph drawn
with --graph-depth all and many long skips) edges are drawn straight and may cross boxes.
"""

CHAR, LINE, PAD = 7.2, 16, 8        # width of a character, height of a line, padding inside a box (pixels)
GAP_X, GAP_Y, MARGIN = 24, 48, 16   # between items, between layers, around the picture
SLOT = 4                            # the width a waypoint takes in its layer
MAX_WAYPOINTS = 200_000


class Box:
    """A box to place: `key`, its text `lines` (its size follows from them); after layout, `x`, `y` (top left),
    `width`, `height` and `layer`."""

    __slots__ = ("key", "lines", "kind", "parents", "layer", "x", "y", "width", "height", "order")

    def __init__(self, key, lines, kind="node"):
        self.key, self.lines, self.kind = key, lines, kind
        self.parents = []
        self.layer = 0
        self.width = max(len(line) for line in lines) * CHAR + 2 * PAD if lines else SLOT
        self.height = len(lines) * LINE + 2 * PAD if lines else 0
        self.x = self.y = self.order = 0.0

    @property
    def centre(self):
        return self.x + self.width / 2


class Layout:
    """Boxes placed (`boxes`: key -> Box), `edges` (parent key, child key, points: the polyline from the
    parent's bottom to the child's top, every segment either inside a column or inside a gap) and the picture's
    `width` and `height`."""

    def __init__(self, boxes, edges, width, height):
        self.boxes, self.edges, self.width, self.height = boxes, edges, width, height


def lay_out(boxes, edges):
    """The Layout of `boxes` (a dict key -> Box, in the graph's order) joined by `edges` (parent key, child key
    pairs, each once, pointing away from the root)."""
    _layers_of(boxes, edges)
    routed = sum(boxes[c].layer - boxes[p].layer - 1 for p, c in edges) <= MAX_WAYPOINTS
    chains, items = [], dict(boxes)
    for parent, child in edges:
        chain = [boxes[parent]]
        if routed:
            for layer in range(boxes[parent].layer + 1, boxes[child].layer):
                slot = Box(("w", parent, child, layer), [], "waypoint")
                slot.layer = layer
                items[slot.key] = slot
                chain.append(slot)
        chain.append(boxes[child])
        for above, below in zip(chain, chain[1:]):
            below.parents.append(above)
        chains.append((parent, child, chain))
    layers = [[] for _ in range(max((b.layer for b in items.values()), default=-1) + 1)]
    for item in items.values():
        layers[item.layer].append(item)
    _order(layers)
    width, tops, bottoms = _place(layers)
    routes = [(parent, child, _route(chain, bottoms, tops)) for parent, child, chain in chains]
    height = (bottoms[-1] if bottoms else 0) + MARGIN
    return Layout(boxes, routes, width + 2 * MARGIN, height)


def _layers_of(boxes, edges):
    """Longest-path layering in topological order (Kahn's)."""
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


def _order(layers):
    """Barycentres, one sweep down: each item at the mean position of its parents in the layer above."""
    def barycentre(item):
        return sum(p.order for p in item.parents) / len(item.parents) if item.parents else 0.0
    for number, layer in enumerate(layers):
        if number:
            layer.sort(key=barycentre)  # (a stable sort: ties keep the graph's order)
        for i, item in enumerate(layer):
            item.order = float(i)


def _place(layers):
    """Pixel positions, layer by layer: each item as near its parents' mean centre as the items to its left
    allow. Returns the width used and each layer's top and bottom."""
    y, right_edge = float(MARGIN), 0.0
    tops, bottoms = [], []
    for layer in layers:
        left = float(MARGIN)
        for item in layer:
            wanted = (sum(p.centre for p in item.parents) / len(item.parents) - item.width / 2
                      if item.parents else left)
            item.x = max(wanted, left)
            item.y = y
            left = item.x + item.width + GAP_X
        right_edge = max(right_edge, left - GAP_X)
        tops.append(y)
        y += max(item.height for item in layer)
        bottoms.append(y)
        y += GAP_Y
    return right_edge - MARGIN, tops, bottoms


def _route(chain, bottoms, tops):
    """The polyline of one edge through its waypoints: down each column to its layer's bottom, across a gap."""
    first, last = chain[0], chain[-1]
    points = [(first.centre, first.y + first.height)]
    if first.height < bottoms[first.layer] - first.y:
        points.append((first.centre, bottoms[first.layer]))
    for slot in chain[1:-1]:
        points.append((slot.centre, tops[slot.layer]))
        points.append((slot.centre, bottoms[slot.layer]))
    points.append((last.centre, last.y))
    return points
