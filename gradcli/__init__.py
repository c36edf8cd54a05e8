"""gradcli: PyTorch's autograd answers from a terminal, on numpy.

The library API (the CLI is a thin layer over it):

    >>> import gradcli
    >>> r = gradcli.evaluate("mean(3*(x+2)^2)", at={"x": "ones(2,2)"})
    >>> print(r.value, r.grad_fn)
    tensor(27., grad_fn=<MeanBackward0>) MeanBackward0
    >>> gradcli.run_script("import torch\\nprint(torch.ones(2))")
    'tensor([1., 1.])\\n'

Nothing heavy is imported until used: a one-shot command is judged by its cold start.
"""

__version__ = "0.1.0"
__all__ = ["evaluate", "run_script", "run_scripts", "Session", "why", "diff", "GradcliError", "__version__"]


def __getattr__(name):
    if name in ("run_script", "run_scripts"):  # api.run_script, and isolated=True: a worker process
        from . import isolation
        return getattr(isolation, name)
    if name in ("evaluate", "Session", "why"):
        from . import api
        return getattr(api, name)
    if name == "diff":
        from .calculus import diff
        return diff
    if name == "GradcliError":
        from .errors import GradcliError
        return GradcliError
    raise AttributeError("module 'gradcli' has no attribute %r" % name)
