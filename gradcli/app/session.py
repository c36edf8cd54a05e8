"""The REPL's engine: a Session runs inputs one at a time in one set of variables, echoing what Python's
interactive mode echoes, and keeps what `:save` writes, `:vars` lists and help()/dir() say.

Nothing here prints: output goes to the `write` (and `echo`) callables the caller passes.
"""

import contextlib
import re

from ..base import errors
from ..base.errors import GradcliError


@contextlib.contextmanager
def watched(watcher):
    """Every backward and autograd.grad call inside goes through `watcher` (autograd.WATCHER); None: nothing."""
    if watcher is None:
        yield
        return
    from ..core.backward import WATCHER
    token = WATCHER.set(watcher)
    try:
        yield
    finally:
        WATCHER.reset(token)


class Leave(BaseException):
    """exit() or quit() in a session: the REPL ends (a BaseException: no script's `except` catches it)."""


class Session:
    """A REPL session: inputs run in one set of variables; each expression statement outside a def or class is
    echoed (its repr, to `echo`, by default `write`) and bound to `_`, as Python's interactive mode does; the
    builtins help(), dir(), exit() and quit() are there. With `explain` (True, or a callable taking text to write
    notes to), the session records where its values come from and what each backward did, for `why` and
    `explain`."""

    def __init__(self, write, warn=None, explain=False, echo=None, explain_steps=None, explain_width=None):
        self.write = write
        self.warn = warn
        self.echo = echo or (lambda value: write(repr(value) + "\n"))
        self.explaining = explain
        self.explain_steps, self.explain_width = explain_steps, explain_width  # (explain.diagnosis.Watch's)
        self._read = None  # (text, tree) of the last input is_incomplete read whole: execute runs that tree
        self._shown = False  # whether the input running has shown a value
        self.reset()

    @contextlib.contextmanager
    def watching(self):
        """While running inputs: every backward is watched (a context manager; nothing without `explain`); at
        the end, what the passes not written out step by step did is written."""
        try:
            with watched(self.watch):
                yield
        finally:
            if self.watch is not None:
                self.watch.finish()

    @property
    def variables(self):
        return self.interpreter.variables

    def is_incomplete(self, text):
        """True when `text` needs more lines (an open block or bracket)."""
        from ..lang.syntax.parser import read_input
        incomplete, tree = read_input(text)
        self._read = (text, tree) if tree is not None and not incomplete else None
        return incomplete

    def execute(self, text, filename="<stdin>"):
        """Run one input, echoing its expression statements' values (not None) as Python's REPL does; returns
        the last statement's value. An input that runs without error is kept for `script()`."""
        from ..lang.compile.interpreter import compile_program
        from ..lang.syntax.parser import parse
        read, self._read = self._read, None
        tree = read[1] if read is not None and read[0] == text else parse(text, filename)
        program = compile_program(text, filename, tree, self.interpreter.provenance, echo=self._echoed)
        self._typed[id(text)] = text  # (a diagnosis names its statements, not "line 1": _place)
        self._shown = False
        with self.watching():
            value = self.interpreter.run(text, filename, program=program)
        self.inputs.append((text, _last_expression(tree) if self._shown else None))
        return value

    def run(self, text, filename):
        """Run a script in the session's variables, as `python -i` and `:load` do: nothing echoed."""
        with self.watching():
            self.interpreter.run(text, filename)
        self.inputs.append((text, None))

    def _echoed(self, value):
        if value is not None:
            from ..core.limits import check_nested_size
            check_nested_size(value)  # (the echo writes it out: a shared nested list would never end)
            self.variables["_"] = value
            self._shown = True
            self.echo(value)

    def script(self):
        """The inputs that ran without error, as a script that `gradcli run` and `python` (with torch) both run:
        in order, a blank line after each block; where a later input reads `_`, the last expression statement of
        an input that showed a value is assigned to `_` (`y.backward(); _ = x.grad`)."""
        texts = [text for text, _ in self.inputs]
        lines = []
        for i, (text, last) in enumerate(self.inputs):
            if last is not None and any(re.search(_READS_UNDERSCORE, later) for later in texts[i + 1:]):
                text = text[:last] + "_ = " + text[last:]
            text = text.strip("\n") + "\n"
            lines.append(text + ("\n" if "\n" in text[:-1] else ""))  # a block (several lines): a blank after
        return "".join(lines)

    def reset(self):
        """Forget every variable (and the inputs `script()` keeps)."""
        from ..lang.compile.interpreter import Interpreter
        provenance = self.watch = None
        if self.explaining:
            from ..explain.diagnosis import Watch
            from ..lang.compile.provenance import Provenance
            provenance = Provenance()
        self.interpreter = Interpreter(write=self.write, warn=self.warn, provenance=provenance)
        self.interpreter.context.builtins.update(help=self._help, dir=self._dir, exit=_leave, quit=_leave)
        self.inputs = []
        self._typed = {}
        if provenance is not None:
            notes = self.explaining if callable(self.explaining) else None
            self.watch = Watch(provenance, self.interpreter.variables, notes, shown=self.explain_steps,
                               width=self.explain_width)
            self.watch.place = self._place

    # ------------------------------------------------------------ help() and dir()
    def _help(self, obj=None):
        self.write(describe(obj) + "\n")

    def _dir(self, *obj):
        from ..lang.sandbox import namespace
        if not obj:
            return sorted(name for name in self.variables if not name.startswith("__"))
        return sorted(name for name in namespace.members(obj[0]) if not name.startswith("_"))

    def help(self, expression):
        """What help(EXPR) says, for a dotted name (`torch.sin`, `x.grad`, `F.relu`): read without calling or
        indexing anything; a NameError or AttributeError (with Python's 'Did you mean') otherwise."""
        return describe(self._lookup(expression.strip()))

    # ------------------------------------------------------------ explaining
    def why(self, expression):
        """Why `expression` ("y.grad", or a tensor such as "y") has the .grad it has: an Answer (`cause`,
        `message`, `line`). Needs a session made with `explain`."""
        from ..explain.diagnosis import diagnose
        from ..core.tensor import Tensor
        text = expression.strip()
        if text.endswith(".grad"):
            text = text[:-len(".grad")]
        value = self.interpreter.evaluate(text, "<why>")
        if not isinstance(value, Tensor):
            raise errors.type_error("%s is a %s, not a tensor: only tensors have a .grad" % (
                text, type(value).__name__))
        return diagnose(value, self._watch())

    def explain(self, name):
        """The backward of the variable `name` (a scalar tensor), step by step, without changing any .grad: the
        gradients are computed as torch.autograd.grad computes them, keeping the graph. An Explanation."""
        from ..core.backward import grad
        from ..explain.steps import Explainer, Explanation, Sources
        from ..core.tensor import Tensor
        value = self.variables.get(name)
        if value is None:
            raise GradcliError("name '%s' is not defined" % name, "NameError")
        if not isinstance(value, Tensor) or not value.requires_grad:
            raise errors.value_error("%s has no backward: it does not require grad" % name)
        leaves = [node.grad_fn.variable for node in self.graph(name).nodes if node.is_leaf]
        watch = self._watch()
        explainer = Explainer(Sources(watch.provenance, lambda: self.variables), "backward of %s:" % name)
        explainer.start([value])
        try:
            grad(value, leaves or [value], retain_graph=True, allow_unused=True, observer=explainer)
        except GradcliError as error:
            if "a second time" not in str(error):
                raise
            raise errors.value_error(  # (torch's words name no variable: say which graph and how to keep it)
                "%s's graph was freed by the backward that ran: its saved values are gone, so it cannot be "
                "explained now. Run %s.backward(retain_graph=True) to keep the graph, or :explain %s before "
                "%s.backward()" % (name, name, name, name)) from None
        return Explanation([explainer.finish(leaves)])

    def last_backward(self):
        """The last backward() or autograd.grad call the session ran, explained: (its BackwardGraph, an
        Explanation of that pass), or None when none ran. Needs a session made with `explain`."""
        from types import SimpleNamespace
        from ..core.tensor import Tensor
        from ..explain.graph_view import backward_graph
        from ..explain.html import ShownGraph
        from ..explain.steps import Explanation
        explainer = self._watch().last
        if explainer is None or not explainer.steps:
            return None
        explanation = Explanation([explainer])
        leaves = {n: v for n, v in self.variables.items() if isinstance(v, Tensor) and v.is_leaf}
        root = SimpleNamespace(grad_fn=explainer.steps[0].node)  # (the pass's first step runs its root node)
        return backward_graph(root, leaves, explanation.details, ShownGraph), explanation

    def page(self, depth=None):
        """The interactive page (explain.html) of the last backward the session ran, or None when none ran."""
        from ..explain.graph_view import DEFAULT_DEPTH
        from ..explain.html import page
        last = self.last_backward()
        if last is None:
            return None
        graph, explanation = last
        return page(graph, explanation, explanation.passes[0].title or "backward",
                    DEFAULT_DEPTH if depth is None else depth)

    def _place(self, position):
        """Where a diagnosis says a fact of an input is: `the input "a = torch.tensor(2.)"` (every input is
        line 1 of its own text); a script's line (:load) is left to the diagnosis."""
        if self._typed.get(id(position.source)) is not position.source:
            return None
        return 'the input "%s"' % position.source_line().strip()

    def _watch(self):
        if self.watch is None:
            raise errors.value_error("this session does not explain (make it with Session(..., explain=True))")
        return self.watch

    # ------------------------------------------------------------ what the REPL shows
    def describe_variables(self):
        """Rows of (name, shape, dtype, requires_grad, grad_fn, grad) for the tensors and values defined so far:
        grad is "set" or "None" for a tensor that requires grad, None otherwise."""
        from ..lang.sandbox import namespace
        from ..core.tensor import Tensor
        rows = []
        for name, value in sorted(self.variables.items()):
            if name == "_" or name.startswith("__"):
                continue
            if isinstance(value, Tensor):
                grad_fn = value.grad_fn.name() if value.grad_fn is not None else None
                grad = ("set" if value._grad is not None else "None") if value.is_leaf and value.requires_grad \
                    else None
                rows.append((name, list(value.shape), str(value.dtype), value.requires_grad, grad_fn, grad))
            elif not callable(value) and not isinstance(value, namespace.Module):
                rows.append((name, None, type(value).__name__, None, None, None))
        return rows

    def graph(self, name):
        """The BackwardGraph of variable `name`, its leaves named by the session's variables."""
        from ..explain.graph_view import backward_graph
        from ..core.tensor import Tensor
        if name not in self.variables:
            raise GradcliError("name '%s' is not defined" % name, "NameError")
        leaves = {n: v for n, v in self.variables.items() if isinstance(v, Tensor) and v.is_leaf}
        details = self.watch.details if self.watch is not None else None
        from ..explain.html import ShownGraph
        return backward_graph(self.variables[name], leaves, details, ShownGraph)

    def complete(self, text):
        """Completions of `text` at the cursor: variable and torch names, `torch.<member>`, `x.<member>`."""
        from ..lang.sandbox import namespace
        head, dot, prefix = text.rpartition(".")
        if not dot:
            names = set(self.variables) | set(self.interpreter.context.builtins) | {"torch"}
            names |= {"import", "for", "while", "if", "else", "elif", "def", "return", "with", "print",
                      "True", "False", "None", "in", "not", "and", "or", "pass", "break", "continue", "class",
                      "lambda", "try", "except", "finally", "raise"}
            return sorted(n for n in names if n.startswith(text) and not n.startswith("__"))
        try:
            obj = self._lookup(head)
        except GradcliError:
            return []
        members = namespace.members(obj)
        return sorted(head + "." + m for m in members if m.startswith(prefix) and not m.startswith("_"))

    def _lookup(self, dotted):
        """The value of a dotted name without running anything else (no calls, no indexing)."""
        from ..lang.sandbox import namespace
        parts = dotted.split(".")
        if not all(part.isidentifier() for part in parts):
            raise GradcliError("not a dotted name: %r" % dotted, "SyntaxError")
        first = parts[0]
        if first in self.variables:
            obj = self.variables[first]
        elif first in self.interpreter.context.builtins:
            obj = self.interpreter.context.builtins[first]
        elif first in self.interpreter.context.torch_names:
            obj = self.interpreter.context.torch_names[first]
        elif first == "torch":
            obj = namespace.TORCH
        else:
            names = set(self.variables) | set(self.interpreter.context.torch_names)
            raise GradcliError("name '%s' is not defined" % first, "NameError",
                               suggest=lambda: errors.suggestion(first, names))
        for part in parts[1:]:
            obj = namespace.get_attribute(obj, part)
        return obj


_READS_UNDERSCORE = r"(?<![\w.])_(?!\w)"  # (compiled by re on first use: a one-shot run never)


def _last_expression(tree):
    """Where the input's last top-level statement starts, if it is an expression statement (an offset), else
    None."""
    if not tree.children or tree.children[-1].data != "expression_statement":
        return None
    node = tree.children[-1]
    if getattr(node, "_meta", None) is not None:  # a tree of Lark's own parser
        return getattr(node.meta, "start_pos", None)
    from ..lang.syntax.trees import span
    found = span(node)
    return found[0] if found else None


def _leave(*code):
    raise Leave()


def describe(obj):
    """help(obj)'s text: a function's signature and first docstring line (torch's name where the op table has
    it), a tensor's shape, dtype and autograd state, a module's members, or the value's type and repr."""
    import inspect
    from ..lang.sandbox import namespace
    from ..lang.compile.runtime import Function
    from ..core.tensor import Tensor
    if obj is None:
        return ("help(name) or name? describes a torch function, a tensor or a module: help(torch.sin), x?, "
                "F.relu?; dir(x) lists what x has; :help lists the REPL's commands")
    if isinstance(obj, Tensor):
        state = "grad_fn=%s" % obj.grad_fn.name() if obj.grad_fn is not None else \
            "a leaf, requires_grad=%s%s" % (obj.requires_grad, ", .grad set" if obj._grad is not None else "")
        return "Tensor of shape %s, dtype %s; %s" % (list(obj.shape), obj.dtype, state)
    if isinstance(obj, namespace.Module):
        members = sorted(name for name in obj.members if not name.startswith("_"))
        return "module %s: %d members\n  %s" % (obj.name, len(members), ", ".join(members))
    if isinstance(obj, Function):
        return "%s(%s)  (a function of the session)" % (obj.qualname, ", ".join(obj.parameters))
    if callable(obj):
        name = _torch_name(obj)
        signature = None
        if name is not None:  # torch's signature (input, other, dim), not the door's own names
            from ..lang.sandbox.keywords import torch_help, torch_signature
            qualified = name if name.startswith("torch.") else "torch." + name
            signature = torch_help(qualified) or torch_signature(qualified, getattr(obj, "__func__", obj))
        name = name or getattr(obj, "__name__", type(obj).__name__)
        try:
            signature = signature or str(inspect.signature(obj))
        except (TypeError, ValueError):
            signature = "(...)"
        doc = (getattr(obj, "__doc__", None) or "").strip().splitlines()
        return "%s%s%s" % (name, signature, "\n  " + doc[0] if doc else "")
    return "%s: %r" % (type(obj).__name__, obj)


def _torch_name(fn):
    """torch's dotted name of a front door (`torch.sin`, `torch.nn.functional.relu`, `Tensor.add`), or None."""
    from ..lang.sandbox import namespace
    for module in namespace.MODULES.values():
        for name, member in module.members.items():
            if member is fn:
                return "%s.%s" % (module.name, name)
    target = getattr(fn, "__func__", None)
    if target is not None:
        from ..ops import METHODS
        for name, method in METHODS.items():
            if method is target:
                return "Tensor.%s" % name
    return None
