"""The graph views: the tree, DOT and the self-drawn SVG label each node with its source, value and gradient; deep
graphs are elided with a count and drawn in linear time; --graph-depth, --svg and --dot - on the command line."""

import time
import xml.etree.ElementTree as ElementTree

import gradcli
from conftest import run_cli
from gradcli.explain.graph_formats import to_dot
from gradcli.explain.graph_svg import to_svg
from gradcli.explain.graph_view import DEFAULT_DEPTH, backward_graph


def _chain(n):
    return gradcli.evaluate("x" + "*1.5" * n, at={"x": "2."}, explain=True)


def test_a_long_chain_is_elided_with_the_number_of_hidden_nodes():
    graph = _chain(60).graph()
    rows = graph.rows(5)
    assert [r.node.name for r in rows if r.node] == ["MulBackward0"] * 6
    assert rows[-1].node is None and rows[-1].hidden == 55  # 60 multiplications and x's AccumulateGrad
    assert len(graph.rows(None)) == 61 and len(graph.rows(DEFAULT_DEPTH)) == DEFAULT_DEPTH + 2


def test_shared_subtrees_are_counted_once_and_shown_where_they_are_shallow():
    graph = gradcli.evaluate("x*y + (x*y)*2", at={"x": "2.", "y": "3."}).graph()
    shown = [r for r in graph.rows(1)]
    assert sum(r.hidden for r in shown if r.node is None) == 3  # the second x*y's MulBackward0 and the leaves
    assert [r.first for r in graph.rows(None) if r.node is not None].count(False) == 2  # x, y shared


def _deep_chain(n):
    from gradcli import ops  # noqa: F401 (installs Tensor's operators)
    from gradcli.core.tensor import Tensor
    import numpy as np
    x = Tensor(np.ones(1, dtype=np.float32), requires_grad=True)
    y = x
    for _ in range(n):
        y = y * 1.0001
    return backward_graph(y, {"x": x})


def _seconds(view):
    """The quicker of two runs (the machine is shared: the slower run says more about its load)."""
    times = []
    for _ in range(2):
        start = time.process_time()
        view()
        times.append(time.process_time() - start)
    return min(times)


def test_views_of_a_deep_graph_take_linear_time():
    """A 20,000-node chain: the tree rows (all of them), DOT and SVG take about ten times what a 2,000-node one
    does (a quadratic view would take a hundred); the guides stop growing past graph_view.INDENT levels."""
    small, large = _deep_chain(2_000), _deep_chain(20_000)
    for view in (lambda g: g.rows(None), to_dot, lambda g: to_svg(g, None)):
        assert _seconds(lambda: view(large)) < 30 * max(_seconds(lambda: view(small)), 0.005)
    rows = large.rows(None)
    assert len(rows) == 20_001 and max(len(r.prefix()) for r in rows) < 4 * 26
    assert to_svg(large, None).count("<rect") == 20_002  # the background, then one box per node


def test_dot_and_svg_label_nodes_with_source_value_and_gradient():
    graph = gradcli.evaluate("sum(x*y)", at={"x": "2.", "y": "tensor([1.,2.])"}, explain=True).graph()
    dot = to_dot(graph)
    assert 'label="MulBackward0\\nsource x*y\\nvalue tensor([2., 4.])\\ngrad tensor([1., 1.])"' in dot
    svg = ElementTree.fromstring(to_svg(graph))
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[:4] == ["SumBackward0", "source sum(x*y)", "value tensor(6.)", "grad tensor(1.)"]
    assert "grad tensor(3.)" in texts  # x.grad = 1 + 2


def test_dot_and_svg_elide_below_the_depth():
    graph = _chain(40).graph()  # 41 nodes, 6 of them within 5 levels of the root
    assert "… 35 more nodes, deeper than 5 levels" in to_dot(graph, depth=5)
    assert "… 35 more nodes, deeper than 5 levels" in to_svg(graph, depth=5)


def test_cli_graph_depth_and_svg(tmp_path):
    expression = "x" + "*2" * 30
    result = run_cli("eval", expression, "--at", "x=1.", "--graph")
    assert "… 5 more nodes below (--graph-depth all shows them)" in result.stdout  # 31 nodes, 26 shown
    result = run_cli("eval", expression, "--at", "x=1.", "--graph", "--graph-depth", "all")
    tree = result.stdout[result.stdout.index("backward graph"):]
    assert "more nodes" not in tree and tree.count("MulBackward0") == 30 and "(depth 30)" in tree
    result = run_cli("eval", expression, "--at", "x=1.", "--graph", "--graph-depth", "3")
    assert "… 27 more nodes below" in result.stdout
    assert run_cli("eval", "x*2", "--at", "x=1.", "--graph-depth", "zero").returncode == 2
    target = tmp_path / "g.svg"
    result = run_cli("eval", "x*y", "--at", "x=2.", "--at", "y=3.", "--svg", str(target))
    assert result.returncode == 0 and "wrote %s" % target in result.stderr
    ElementTree.parse(target)


def test_cli_explain_piped_is_plain_text_and_json_is_valid():
    import json
    result = run_cli("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)", "--explain")
    assert "\x1b[" not in result.stdout and "= 2*grad*self = 2*0.75*3 = 4.5" in result.stdout
    data = json.loads(run_cli("eval", "log(x)", "--at", "x=tensor([-1.,0.,1.])", "--weight", "ones(3)", "--explain",
                              "--json").stdout)
    steps = data["explain"][0]["steps"]
    assert steps[0]["node"] == "LogBackward0" and steps[0]["value"]["values"] == [None, None, 0.0]
    assert data["value"] == [None, None, 0.0] and data["value_text"] == "[nan, -inf, 0.0]"


def test_cli_html_writes_a_page_or_says_why_not(tmp_path):
    """--html without a browser: the page holds the picture and each step's lines; bad usage exits 2."""
    target = tmp_path / "p.html"
    result = run_cli("eval", "x*sin(x)", "--at", "x=2.", "--html", str(target))
    assert result.returncode == 0 and "wrote %s" % target in result.stderr
    text = target.read_text(encoding="utf-8")
    assert text.count("<g class=\"node") == 3 and "x.grad = 0.909297 - 0.832294 = 0.0770037" in text
    assert '"head":"[1] MulBackward0  x*sin(x) = tensor(1.8186)"' in text and "http" not in text.replace(
        "http://www.w3.org/2000/svg", "")  # nothing fetched from anywhere
    assert run_cli("eval", "x", "--at", "x=1.", "--html", str(tmp_path / "no" / "p.html")).returncode == 2
    assert run_cli("eval", "x", "y", "--at", "x=1.,y=2.", "--html", str(target)).returncode == 2
    script = tmp_path / "s.py"
    script.write_text("import torch\nprint(torch.ones(2))\n")
    result = run_cli("run", "--html", str(tmp_path / "s.html"), str(script))
    assert result.returncode == 0 and result.stdout == "tensor([1., 1.])\n"
    assert "ran no backward()" in result.stderr and not (tmp_path / "s.html").exists()
    assert run_cli("run", "--html", str(target), str(script), str(script)).returncode == 2
