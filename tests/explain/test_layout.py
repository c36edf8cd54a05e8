"""explain.layout, the layout the SVG picture and the --html page share: no two boxes overlap and no edge
crosses a box, on graphs with shared nodes and edges that skip layers; a leaf's label is on lines of its own."""

import xml.etree.ElementTree as ElementTree

import gradcli
from gradcli.explain.graph_svg import picture, to_svg

SVG = "{http://www.w3.org/2000/svg}"

EXPRESSIONS = ["x*sin(x)", "mean(3*(x+2)^2)", "x*y + (x*y)*2 + exp(x)", "sum(x*y)*x + log(y)*x*x*x + y",
               "sin(cos(tanh(x))) * x + x*x*y - y/(x+1)"]


def _inside(box, x, y, margin=0.5):
    return box.x + margin < x < box.x + box.width - margin and box.y + margin < y < box.y + box.height - margin


def _points(points, samples=24):
    """Points along the drawn edge: its straight columns and its curves across gaps (as graph_svg draws them)."""
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        for i in range(samples + 1):
            t = i / samples
            if abs(x2 - x1) < 0.5:
                yield x1, y1 + (y2 - y1) * t
            else:  # the cubic with control points (x1, mid) and (x2, mid)
                mid = (y1 + y2) / 2
                bx = (1 - t) ** 3 * x1 + 3 * (1 - t) ** 2 * t * x1 + 3 * (1 - t) * t * t * x2 + t ** 3 * x2
                by = (1 - t) ** 3 * y1 + 3 * (1 - t) ** 2 * t * mid + 3 * (1 - t) * t * t * mid + t ** 3 * y2
                yield bx, by


def check_layout(layout):
    boxes = list(layout.boxes.values())
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a.x + a.width <= b.x or b.x + b.width <= a.x or a.y + a.height <= b.y or b.y + b.height <= a.y
            assert apart, "boxes %s and %s overlap" % (a.key, b.key)
    for parent, child, points in layout.edges:
        for x, y in _points(points):
            for box in boxes:
                assert not _inside(box, x, y), "edge %s -> %s crosses box %s at (%.1f, %.1f)" % (
                    parent, child, box.key, x, y)


def test_no_box_overlaps_and_no_edge_crosses_a_box():
    for expression in EXPRESSIONS:
        graph = gradcli.evaluate(expression, at={"x": "2.", "y": "3."}, explain=True).graph()
        check_layout(picture(graph))


def test_a_chain_that_uses_its_input_at_every_step_routes_every_edge_around_the_boxes():
    result = gradcli.evaluate("x" + "*x" * 30, at={"x": "1.01"}, explain=True)
    layout = picture(result.graph(), depth=10)  # the leaf x is reached from every level: edges skip layers
    assert any(len(points) > 3 for _, _, points in layout.edges)
    check_layout(layout)


def test_a_leaf_label_is_on_lines_of_its_own():
    """The issue's report: `AccumulateGradx [] torch.float32` was one <text> holding a newline."""
    graph = gradcli.evaluate("x*sin(x)", at={"x": "2."}, explain=True).graph()
    svg = ElementTree.fromstring(to_svg(graph))
    texts = [t.text for t in svg.iter(SVG + "text")]
    assert not any("\n" in t for t in texts)
    assert texts[texts.index("AccumulateGrad") + 1] == "x [] torch.float32"
    nodes = {g.get("data-key"): g for g in svg.iter(SVG + "g")}
    assert len(nodes) == 3 and [p.get("data-to") for p in svg.iter(SVG + "path") if p.get("class") == "edge"]
