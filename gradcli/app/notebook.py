"""gradcli in Jupyter: `%load_ext gradcli` (the optional extra gradcli[notebook]; gradcli.load_ipython_extension
imports this module, the only one that imports IPython).

    %%gradcli                      the cell runs under gradcli; the notebook's cells share one Session (as the
                                   REPL's inputs do), print exactly what torch prints, and show the last
                                   expression's value
    %gradcli EXPR --at x=...       as `gradcli eval` (--at, --weight, --dtype, --seed, --order): the Result,
                                   displayed as the interactive backward view (explain.html)
    %gradcli_explain NAME          the backward of the cells' variable NAME, step by step, on its graph

Errors print as the CLI prints them (file:line:col, the line, a caret), with no Python traceback.
"""

import argparse
import shlex
import sys

from IPython.core.error import UsageError
from IPython.core.magic import Magics, cell_magic, line_magic, magics_class

from ..base.errors import GradcliError


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # (argparse would exit the kernel's process)
        raise UsageError("%s: %s" % (self.prog, message))


def _eval_parser():
    parser = _Parser(prog="%gradcli", add_help=False,
                     description="Evaluate an expression, run backward, show the interactive view.")
    parser.add_argument("expression")
    parser.add_argument("--at", "-a", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--weight", "-w")
    parser.add_argument("--dtype")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--order", type=int, default=1)
    return parser


class Explained:
    """What %gradcli_explain shows: the view of a backward (HTML) or its steps as text."""

    def __init__(self, graph, explanation, title):
        self.graph, self.explanation, self.title = graph, explanation, title

    def _repr_html_(self):
        from ..explain.html import fragment
        return fragment(self.graph, self.explanation, self.title)

    def __repr__(self):
        return self.explanation.text()


@magics_class
class GradcliMagics(Magics):
    """The magics; `session` is the cells' shared gradcli Session."""

    def __init__(self, shell):
        super().__init__(shell)
        from .session import Session
        self._shown = None
        self._cells = 0
        self.session = Session(write=lambda text: sys.stdout.write(text), warn=lambda text: sys.stderr.write(text),
                               explain=True, echo=self._echo)

    def _echo(self, value):
        self._shown = value

    @cell_magic
    def gradcli(self, line, cell):
        """%%gradcli: run the cell under gradcli, in the session the cells share."""
        self._cells += 1
        self._shown = None
        try:
            value = self.session.execute(cell, "<cell %d>" % self._cells)
        except GradcliError as error:
            _report(error)
            return None
        return value if value is not None and value is self._shown else None

    @line_magic("gradcli")
    def gradcli_line(self, line):
        """%gradcli EXPR --at NAME=VALUE ...: as `gradcli eval`, shown as the interactive view."""
        from . import api
        options = _eval_parser().parse_args(shlex.split(line))
        inputs = {}
        for item in options.at:
            for part in api.split_inputs(item):
                name, sep, value = part.partition("=")
                if not sep or not name.strip().isidentifier():
                    raise UsageError("%%gradcli: expected --at NAME=VALUE, got %r" % item)
                inputs[name.strip()] = value
        try:
            return api.evaluate(options.expression, inputs, weight=options.weight, dtype=options.dtype,
                                seed=options.seed, order=options.order, explain=True)
        except GradcliError as error:
            _report(error)
            return None

    @line_magic
    def gradcli_explain(self, line):
        """%gradcli_explain NAME: the backward of the cells' variable NAME, step by step, on its graph: the one a
        cell ran when it was the last (its saved values are freed), else computed now without touching .grad."""
        name = line.strip()
        session = self.session
        try:
            last = session.last_backward()
            root = getattr(session.variables.get(name), "grad_fn", None)
            if last is not None and root is not None and last[0].root.grad_fn is root:
                return Explained(*last, "backward of %s" % name)
            return Explained(session.graph(name), session.explain(name), "backward of %s" % name)
        except GradcliError as error:
            _report(error)
            return None


def _report(error):
    sys.stdout.flush()
    sys.stderr.write((error.report() if error.position is not None else "gradcli: %s" % error) + "\n")


def load_ipython_extension(ipython):
    """`%load_ext gradcli`: register the magics."""
    ipython.register_magics(GradcliMagics(ipython))
