"""The Jupyter extension, as a user runs it: a notebook executed by nbclient on an ipykernel (skipped with a note
where they are absent — .ci/run installs them): %%gradcli cells share one session and print what torch prints
(the same text `gradcli run` prints for the script the cells make), %gradcli shows the interactive view with a
text fallback, %gradcli_explain the steps, an error its position and caret without a traceback; the view a cell
displays steps in a real browser; and the CLI never imports IPython."""

import shutil

import pytest

from conftest import modules_loaded, run_cli

try:
    import nbclient
    import nbformat
    import ipykernel  # noqa: F401 (the kernel nbclient starts)
except ImportError:
    nbclient = None

needs_jupyter = pytest.mark.skipif(nbclient is None, reason="the notebook tests need nbclient and ipykernel "
                                                            "(pip install -e '.[notebook,browser]')")

SCRIPT = ("import torch\nx = torch.ones(2, 2, requires_grad=True)\ny = (3 * (x + 2) ** 2).mean()\ny.backward()\n"
          "print(x.grad)\n")
CELLS = ["%load_ext gradcli",
         "%%gradcli\n" + SCRIPT + "y",
         "%%gradcli\nprint(x.grad * 2)",
         '%gradcli mean(3*(x+2)^2) --at "x=ones(2,2)"',
         "%gradcli_explain y",
         "%%gradcli\nz = x * 2\nprint(w)",
         "import sys\nprint(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))"]


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path_factory.mktemp("nb"))}}).execute()
    return notebook.cells


def _stream(cell, name="stdout"):
    return "".join(o["text"] for o in cell.outputs if o["output_type"] == "stream" and o["name"] == name)


def _result(cell):
    (found,) = [o for o in cell.outputs if o["output_type"] == "execute_result"]
    return found["data"]


@needs_jupyter
def test_cells_print_what_the_script_prints_and_share_one_session(executed, tmp_path):
    script = tmp_path / "cells.py"
    script.write_text(SCRIPT + "print(x.grad * 2)\n")
    expected = run_cli("run", str(script)).stdout
    assert expected == ("tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n"
                        "tensor([[9., 9.],\n        [9., 9.]])\n")  # torch 2.13's text (README)
    assert _stream(executed[1]) + _stream(executed[2]) == expected
    assert _result(executed[1])["text/plain"] == "tensor(27., grad_fn=<MeanBackward0>)"


@needs_jupyter
def test_line_magic_shows_the_interactive_view_with_a_text_fallback(executed):
    data = _result(executed[3])
    assert data["text/plain"].splitlines() == [
        "mean(3*(x+2)^2) = tensor(27., grad_fn=<MeanBackward0>)",
        "x.grad = tensor([[4.5000, 4.5000],", "        [4.5000, 4.5000]])"]
    html = data["text/html"]
    assert 'class="gradcli-view"' in html and "<svg" in html and "MeanBackward0" in html
    assert "2*grad*self = 2*0.75*3 = 4.5" in html


@needs_jupyter
def test_explain_magic_shows_the_steps_of_a_cells_variable(executed):
    data = _result(executed[4])
    assert "= 2*grad*self = 2*0.75*3 = 4.5" in data["text/plain"]
    assert "backward of y" in data["text/html"]


@needs_jupyter
def test_an_error_shows_its_position_without_a_traceback(executed):
    cell = executed[5]
    error = _stream(cell, "stderr")
    assert "<cell " in error and "NameError: name 'w' is not defined" in error and "^" in error
    assert "Traceback" not in error and not [o for o in cell.outputs if o["output_type"] == "error"]


@needs_jupyter
def test_the_extension_imports_no_cli_library(executed):
    assert _stream(executed[6]) == "[]\n"  # typer and rich are the CLI's


@needs_jupyter
def test_a_cells_view_steps_in_a_browser(executed, tmp_path):
    playwright = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install -e '.[browser]')")
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.skip("needs chromium (apt-get install chromium)")
    page_file = tmp_path / "cell.html"
    page_file.write_text("<!DOCTYPE html><html><body>%s</body></html>" % _result(executed[3])["text/html"])
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto(page_file.as_uri())
        for _ in range(3):
            page.click(".gv-next")
        assert "= 2*grad*self = 2*0.75*3 = 4.5" in page.inner_text(".gv-text")
        browser.close()


def test_the_cli_never_imports_ipython():
    loaded = modules_loaded("eval", "mean(3*(x+2)^2)", "--at", "x=ones(2,2)", "--html", "/dev/null")
    assert not any(name.split(".")[0] in ("IPython", "ipykernel") for name in loaded)
