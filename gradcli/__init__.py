"""gradcli: PyTorch's autograd answers from a terminal, on numpy.

The library API (the CLI is a thin layer over it):

    >>> import gradcli
    >>> r = gradcli.evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"})
    >>> print(r.value, r.grad_fn)
    tensor(27., grad_fn=<MeanBackward0>) MeanBackward0
    >>> gradcli.run_script("import torch\\nprint(torch.ones(2))")
    'tensor([1., 1.])\\n'

In Jupyter, `%load_ext gradcli` gives %%gradcli, %gradcli and %gradcli_explain (gradcli.app.notebook; the
extra gradcli[notebook]). Nothing heavy is imported until used: a one-shot command is judged by its cold start.

The folders are the layers, each importing only the ones above it in this list (tests/test_layers.py):

    base/      errors, dtypes, grad mode, anomaly mode: the standard library only
    autograd/  the graph's nodes and the engine, the one traversal of backward
    core/      numpy enters: Tensor, printing, the generators, limits, backward/grad   } one layer
    ops/       the op table: its machinery, and rows/ (one file a family of rows)     }
    kernels/   torch's CPU arithmetic, bit for bit                                     }
    torchlib/  torch.autograd.Function, torch.nn, torch.optim, torch.utils.data, torch.save
    lang/      the script language: syntax/ (text to tree), compile/ (tree to closures), sandbox/ (the allow-list)
    symbolic/  symbolic derivatives composed from the rows' formulas (gradcli diff)
    explain/   --explain's steps, diagnoses and graph views
    app/       this front door's implementation: evaluate, run_script, diff, Session, isolation
    cli/       the command line (the only importer of typer and rich)
"""

__version__ = "0.1.0"
__all__ = ["evaluate", "run_script", "run_scripts", "Session", "why", "diff", "GradcliError", "__version__"]


def load_ipython_extension(ipython):
    """`%load_ext gradcli` (IPython is imported by gradcli.app.notebook only)."""
    from .app.notebook import load_ipython_extension as load
    load(ipython)


def __getattr__(name):
    if name in ("run_script", "run_scripts"):  # api.run_script, and isolated=True: a worker process
        from .app import isolation
        return getattr(isolation, name)
    if name in ("evaluate", "Session", "why"):
        from .app import api
        return getattr(api, name)
    if name == "diff":
        from .app.calculus import diff
        return diff
    if name == "GradcliError":
        from .base.errors import GradcliError
        return GradcliError
    raise AttributeError("module 'gradcli' has no attribute %r" % name)
