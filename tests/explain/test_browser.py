"""The --html page in a real browser (Debian's chromium driven by playwright; skipped with a note where either is
missing — .ci/run installs both): every step of the README's example shows what the engine did, in order; no two
boxes overlap and no edge crosses a box at two window sizes; the keyboard works; a 2,000-node graph's page stays
small, opens and steps."""

import os
import shutil

import pytest

from conftest import run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sync_playwright = None

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or sync_playwright is None,
    reason="the browser tests need chromium (apt-get install chromium) and playwright (pip install -e '.[browser]')")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
README = ["eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)"]

# what the geometry check runs in the page: the boxes' rectangles and points along every edge, in SVG units
GEOMETRY = """root => {
  const boxes = [...root.querySelectorAll('g.node rect')].map(r => ({key: r.parentNode.dataset.key,
    x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width'), h: +r.getAttribute('height')}));
  const edges = [...root.querySelectorAll('path.edge')].map(p => {
    const n = p.getTotalLength(), points = [];
    for (let i = 0; i <= 60; i++) { const q = p.getPointAtLength(n * i / 60); points.push([q.x, q.y]); }
    return {from: p.dataset.from, to: p.dataset.to, points};
  });
  const rect = e => { const r = root.querySelector(e).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {boxes, edges, graph: rect('.gv-graph'), panel: rect('.gv-panel'), bar: rect('.gv-bar')};
}"""


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


def _page_file(tmp_path, *arguments, name="page.html"):
    target = tmp_path / name
    result = run_cli(*arguments, "--html", str(target))
    assert result.returncode == 0, result.stderr
    return target


def _open(browser, path, width=1280, height=800):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: errors.append("network: " + request.url)
            if not request.url.startswith(("file:", "data:", "about:")) else None)
    page.goto(path.as_uri())
    page.wait_for_selector(".gradcli-view[data-ready]")
    return page, errors


def _shown(page):
    return page.inner_text(".gv-text")


def _check_geometry(page):
    found = page.eval_on_selector(".gradcli-view", GEOMETRY)
    boxes = found["boxes"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert (a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"] or a["y"] + a["h"] <= b["y"]
                    or b["y"] + b["h"] <= a["y"]), "boxes %s and %s overlap" % (a["key"], b["key"])
    for edge in found["edges"]:
        for x, y in edge["points"]:
            for box in boxes:
                inside = box["x"] + 1 < x < box["x"] + box["w"] - 1 and box["y"] + 1 < y < box["y"] + box["h"] - 1
                assert not inside, "edge %s->%s crosses box %s" % (edge["from"], edge["to"], box["key"])
    graph, panel, bar = found["graph"], found["panel"], found["bar"]
    apart = lambda a, b: a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert apart(graph, panel) and apart(bar, graph) and apart(bar, panel), found
    return found


def test_every_step_of_the_readme_example(browser, tmp_path):
    path = _page_file(tmp_path, *README)
    assert path.stat().st_size < 100_000
    page, errors = _open(browser, path)
    assert "5 steps" in _shown(page) and page.inner_text(".gv-count") == "step 0 / 5"
    expected = [  # (node, what the step shows)
        ("MeanBackward0", ["grad = tensor(1.)", "= grad/4 = 1/4 = 0.25",
                           "→ 3*(x+2)^2: tensor([[0.2500, 0.2500], [0.2500, 0.2500]])"]),
        ("MulBackward0", ["grad = tensor([[0.2500, 0.2500], [0.2500, 0.2500]])", "= grad*other = 0.25*3 = 0.75",
                          "→ (x+2)^2: tensor([[0.7500, 0.7500], [0.7500, 0.7500]])"]),
        ("PowBackward0", ["self = x+2 = tensor([[3., 3.], [3., 3.]])", "= 2*grad*self = 2*0.75*3 = 4.5",
                          "→ x+2: tensor([[4.5000, 4.5000], [4.5000, 4.5000]])"]),
        ("AddBackward0", ["grad = tensor([[4.5000, 4.5000], [4.5000, 4.5000]])", "→ x: tensor([[4.5000, 4.5000], "
                          "[4.5000, 4.5000]])"]),
        ("AccumulateGrad", ["x.grad = tensor([[4.5000, 4.5000], [4.5000, 4.5000]])"]),
    ]
    for number, (node, lines) in enumerate(expected, 1):
        page.click(".gv-next")
        text = _shown(page)
        assert text.startswith("[%d] %s" % (number, node)), text
        for line in lines:
            assert line in text, (number, line, text)
        current = page.eval_on_selector_all("g.node.current", "gs => gs.map(g => g.textContent.trim())")
        assert len(current) == 1 and current[0].startswith(node), current
        assert page.inner_text(".gv-count") == "step %d / 5" % number
        sending = page.query_selector_all("path.edge.sending")
        assert len(sending) == (0 if node == "AccumulateGrad" else 1)
        assert len(page.query_selector_all("g.node.done")) == number - 1
    assert page.is_disabled(".gv-next")
    page.click(".gv-prev")
    assert _shown(page).startswith("[4] AddBackward0")
    page.click("g.node[data-key='0']")  # clicking the root's box shows its step
    assert _shown(page).startswith("[1] MeanBackward0")
    assert not errors, errors


def test_layout_at_two_window_sizes_and_screenshots(browser, tmp_path):
    path = _page_file(tmp_path, "eval", "x*sin(x)*y + exp(x*y) + x", "--at", "x=2.", "--at", "y=0.5")
    for width, height in ((1280, 800), (600, 900)):
        page, errors = _open(browser, path, width, height)
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        _check_geometry(page)
        shot = tmp_path / ("page-%d.png" % width)
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 5_000 and not errors
        page.close()


def test_a_leaf_reached_by_several_paths_shows_each_contribution_and_the_sum(browser, tmp_path):
    path = _page_file(tmp_path, "eval", "x*sin(x)+x", "--at", "x=2.")
    page, _ = _open(browser, path)
    page.click(".gv-last")
    text = _shown(page)
    assert text.startswith("[4] AccumulateGrad  x")
    assert "from [1]  tensor(1.)" in text and "from [3]  tensor(-0.8323)" in text
    assert "x.grad = 1 + 0.909297 - 0.832294 = 1.077" in text
    assert len(page.query_selector_all("path.edge.receiving")) == 3  # from AddBackward0, MulBackward0, SinBackward0


def test_the_keyboard_alone_steps_and_selects(browser, tmp_path):
    path = _page_file(tmp_path, *README)
    page, _ = _open(browser, path)
    page.focus(".gradcli-view")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert _shown(page).startswith("[2] MulBackward0")
    page.keyboard.press("End")
    assert _shown(page).startswith("[5] AccumulateGrad")
    page.keyboard.press("Home")
    assert page.inner_text(".gv-count") == "step 0 / 5"
    page.focus("g.node[data-key='2']")  # a node's box takes the focus; Enter shows its step
    page.keyboard.press("Enter")
    assert _shown(page).startswith("[3] PowBackward0")
    page.focus(".gradcli-view")
    page.keyboard.press(" ")  # play (on a focused node's box, space is that button's)
    page.wait_for_function("document.querySelector('.gv-count').textContent === 'step 5 / 5'", timeout=10_000)


def test_a_script_page_and_a_2000_node_graph(browser, tmp_path):
    script = tmp_path / "long.py"
    script.write_text("import torch\nx = torch.tensor([0.5, 1.5], requires_grad=True)\ny = x\n"
                      "for i in range(1000):\n    y = torch.sin(y) * x\n"
                      "y.sum().backward()\nprint(x.grad)\n")
    target = tmp_path / "long.html"
    result = run_cli("run", "--html", str(target), str(script))
    assert result.returncode == 0 and result.stdout.startswith("tensor(["), result.stderr
    assert target.stat().st_size < 2_000_000
    page, errors = _open(browser, target)
    assert "more nodes, deeper than 25 levels" in page.inner_text(".gv-graph")
    count = page.inner_text(".gv-count")
    total = int(count.split("/")[1])
    assert total == 2002  # SumBackward0, 1000 x (MulBackward0, SinBackward0), x's AccumulateGrad
    page.click(".gv-last")
    assert _shown(page).startswith("[2002] AccumulateGrad  x")
    page.fill(".gv-slider", "1500")  # a step inside the elided part highlights the elision's box
    assert page.eval_on_selector("g.node.current", "g => g.classList.contains('elision')")
    elapsed = page.evaluate("""() => { const next = document.querySelector('.gv-next'), t = performance.now();
        document.querySelector('.gv-first').click(); for (let i = 0; i < 300; i++) next.click();
        return performance.now() - t; }""")
    assert page.inner_text(".gv-count") == "step 300 / 2002"
    assert elapsed / 300 < 50, "%.1f ms a step" % (elapsed / 300)  # smooth: well under a frame budget of play
    assert not errors
