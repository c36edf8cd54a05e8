"""Explaining a backward pass: the chain rule as the engine applies it, one step per node it runs.

An Explainer is an engine observer (engine.run_backward calls it once per node that runs, before the node lets
go of its saved values). For each node it keeps a Step: the node's grad_fn name, the user's text that made it
and its forward value (from the run's provenance, lang.compile.provenance), the gradient that arrived (and, where
several paths met, each contribution), and per input the op table's formula — as written, with this node's
parameters bound (explain.bound), with numbers when every value it names is a single number — and the gradient
it sent. At a leaf, AccumulateGrad's step says what `.grad` held before and holds after.

Nothing here walks the graph: the steps are what the engine did, in its order.
"""

from bisect import bisect_left

from ..autograd.engine import conform
from .text import single
from ..autograd.graph import AccumulateGrad, _sequence
from ..core import limits
from ..core.tensor import Tensor


class Sources:
    """What an explanation knows of where things came from: the run's provenance (None: nothing recorded) and
    the names of leaves (`names()`: name -> tensor, read when needed)."""

    def __init__(self, provenance=None, names=None):
        self.provenance = provenance
        self.names = names or dict
        self.backward_marks = []  # per pass run with create_graph: (creation counter after each step, labels)

    def leaf_name(self, tensor):
        """The variable that holds `tensor`, or the module path of a module's parameter or buffer
        (`model.weight`, `net.0.bias`)."""
        modules = []
        for name, value in self.names().items():
            if value is tensor:
                return name
            if callable(getattr(value, "named_parameters", None)) and callable(getattr(value, "named_buffers", None)):
                modules.append((name, value))
        for name, module in modules:
            for path, value in list(module.named_parameters(name)) + list(module.named_buffers(name)):
                if value is tensor:
                    return path
        return None

    def node_origin(self, node):
        return self.provenance.node_origin(node) if self.provenance is not None else None

    def made_by_backward(self, node):
        """For a node a backward with create_graph made (a gradient's own history, which a second order
        differentiates): `backward of <the step's source>`, else None."""
        for marks, labels in self.backward_marks:
            if len(marks) > 1 and marks[0] < node.sequence_nr <= marks[-1]:
                return labels[bisect_left(marks, node.sequence_nr)]
        return None

    def describe(self, node):
        """(text, position, forward value) of a node; a leaf's AccumulateGrad is its leaf."""
        if isinstance(node, AccumulateGrad):
            return self.leaf_name(node.variable), None, node.variable
        made = self.made_by_backward(node)
        if made is not None:
            return made, None, None
        origin = self.node_origin(node)
        if origin is None:
            return None, None, None
        position = origin.position
        text = origin.text if origin.compiler is not None else None
        return text, position, origin.value

    def tensor_text(self, tensor):
        """The text a saved tensor came from: its leaf name, or the expression that made it."""
        name = self.leaf_name(tensor)
        if name is not None:
            return name
        if self.provenance is not None:
            origin = self.provenance.origin(tensor)
            if origin is not None and origin.compiler is not None:
                return origin.text
            if tensor._grad_fn is not None:
                origin = self.provenance.node_origin(tensor._grad_fn)
                if origin is not None and origin.compiler is not None:
                    return origin.text
        return None


class Outgoing:
    """What one step sent to one input: the input's name, the formula (as written; `bound` and `check` are
    filled by Step.bind), the gradient the formula gave (`sent`) and what the input received after the engine
    summed it to the input's shape (`delivered`)."""

    __slots__ = ("edge", "input", "formula", "bound", "check", "target", "sent", "delivered")

    def __init__(self, edge, input, formula, target, sent, delivered):
        self.edge = edge  # the position in the node's next_functions
        self.input, self.formula, self.target = input, formula, target
        self.sent, self.delivered = sent, delivered
        self.bound = None  # explain.bound's form with this node's parameters, where the algebra has one
        self.check = None  # the arithmetic with numbers, when every value is a single number

    @property
    def summed(self):
        return self.delivered is not None and self.sent is not None and self.delivered.shape != self.sent.shape


class Step:
    """One node the engine ran (see the module's docstring)."""

    def __init__(self, number, node, name):
        self.number, self.node, self.name = number, node, name
        self.source = self.position = self.value = None
        self.incoming = []        # the gradient of each of the node's outputs (None where none arrived)
        self.arrivals = []        # (step number or None, gradient) when contributions were summed
        self.saved = {}           # what the formulas use: name -> (text it came from or None, value)
        self.params = {}          # the op's parameters the formulas name
        self.outgoing = []        # Outgoing, one per input that gets a gradient
        self.leaf = None          # AccumulateGrad: the leaf's name
        self.before = self.after = None  # AccumulateGrad: .grad before and after this step
        self.written = True       # False for a leaf whose gradient autograd.grad returned instead
        self._bound = False

    @property
    def is_leaf(self):
        return isinstance(self.node, AccumulateGrad)

    def bind(self):
        """Fill each Outgoing's `bound` and `check` (done when a view first shows the step: most steps of a
        watched script are never shown in full). Returns the step."""
        if self._bound:
            return self
        self._bound = True
        op = getattr(self.node, "op", None)
        if op is None:
            return self
        from .bound import bind
        names = ("grad", "result") + tuple(n.lstrip("*") for n in op.inputs)
        shapes = {name: meta[0] for name, meta in zip(op.inputs, self.node.input_meta) if meta is not None}
        for out in self.outgoing:
            if out.formula is not None:
                out.bound = bind(out.formula, names, self.params, shapes)
        _add_checks(self)
        return self


class Explainer:
    """The engine observer that builds the steps of one backward pass (see the module's docstring)."""

    def __init__(self, sources=None, title=None, position=None, create_graph=False):
        self.sources = sources or Sources()
        self.title, self.position = title, position   # what was backpropagated, and where (a script's call)
        self.steps = []
        self.step_of = {}        # id(node) -> step number
        self._arrivals = {}      # id(node) -> [(step number, gradient)]
        self._before = {}        # id(AccumulateGrad) -> the leaf's .grad before this pass (a copy) or None
        self._pending = {}       # id(AccumulateGrad) -> the node, for leaves autograd.grad captured
        self._marks = None
        if create_graph:  # the nodes each step makes are numbered between two marks (graph's creation counter)
            self._marks = ([next(_sequence)], [None])
            self.sources.backward_marks.append(self._marks)

    def start(self, outputs):
        """Before the engine runs: a leaf backpropagated from directly (`x.backward(g)`) is a root."""
        from ..ops import grad_edge
        for output in outputs:
            if isinstance(output, Tensor):
                self._note_leaf(grad_edge(output)[0])
        return self

    def __call__(self, node, grads_in, grads_out):
        limits.tick()  # a step explained is a step of the run (a graph of 10^6 nodes would explain for hours)
        step = Step(len(self.steps) + 1, node, _name(node))
        self.steps.append(step)
        self.step_of[id(node)] = step.number
        step.source, step.position, step.value = self.sources.describe(node)
        step.incoming = list(grads_in)
        arrivals = self._arrivals.pop(id(node), ())
        if len(arrivals) > 1:
            step.arrivals = arrivals
        if isinstance(node, AccumulateGrad):
            self._pending.pop(id(node), None)
            self._fill_leaf(step, node)
            return
        self._fill_saved(step, node)
        rules = _rules(node)
        for i, ((child, nr), sent) in enumerate(zip(node.next_functions, grads_out)):
            if child is None or sent is None:
                continue
            delivered = conform(sent, node.input_meta[i]) if node.input_meta[i] is not None else sent
            self._arrivals.setdefault(id(child), []).append((step.number, delivered))
            self._note_leaf(child)
            name, formula = rules[i] if i < len(rules) else (None, None)
            step.outgoing.append(Outgoing(i, name, formula, child, sent, delivered))
        if self._marks is not None:
            self._marks[0].append(next(_sequence))
            self._marks[1].append("backward of %s" % (step.source or step.name))

    def finish(self, captured=(), written=False):
        """After the engine: a step for each leaf of `captured` (the inputs of autograd.grad or of
        backward(inputs=...)), whose AccumulateGrad the engine does not run: `written` says whether the front
        door then wrote its .grad (backward) or returned the gradient (grad)."""
        if self._marks is not None:  # the gradients summed for the last nodes, after their steps
            self._marks[0].append(next(_sequence))
            self._marks[1].append("backward's sum of arriving gradients")
        wanted = {id(x) for x in captured}
        for node in list(self._pending.values()):
            if id(node.variable) not in wanted:
                continue
            step = Step(len(self.steps) + 1, node, _name(node))
            self.steps.append(step)
            self.step_of[id(node)] = step.number
            step.source, step.position, step.value = self.sources.describe(node)
            arrivals = self._arrivals.pop(id(node), ())
            step.incoming = [_sum([g for _, g in arrivals])]
            if len(arrivals) > 1:
                step.arrivals = list(arrivals)
            step.leaf = step.source
            step.written = written
            if written:
                self._fill_leaf(step, node)
        self._pending.clear()
        return self

    # ------------------------------------------------------------ the parts of a step
    def _note_leaf(self, node):
        if isinstance(node, AccumulateGrad) and id(node) not in self._before:
            grad = node.variable._grad
            self._before[id(node)] = None if grad is None else grad.detach().clone()
            self._pending[id(node)] = node

    def _fill_leaf(self, step, node):
        step.leaf = step.source
        step.before = self._before.get(id(node))
        grad = node.variable._grad
        step.after = None if grad is None else grad.detach().clone()

    def _fill_saved(self, step, node):
        saved = getattr(node, "saved", None)
        op = getattr(node, "op", None)
        if op is None:
            return
        for (child, _), rule in zip(node.next_functions, op.rules):
            if child is None:
                continue
            for name in rule.uses:
                if name in step.saved or name.endswith(("_shape", "_dtype", "_strides")):
                    continue
                if name == "result" and step.value is not None:
                    step.saved[name] = (None, step.value)
                    continue
                try:
                    value = node.unpack(name) if saved else None
                except Exception:  # noqa: BLE001 (modified in place since: the error is the backward's to raise)
                    value = None
                if value is not None:
                    text = self.sources.tensor_text(value) if isinstance(value, Tensor) else None
                    step.saved[name] = (text, value)
            for name in rule.params:
                value = node.params.get(name, _default(rule.fn, name))
                if value is not _NO_DEFAULT:
                    step.params[name] = value


_NO_DEFAULT = object()


def explained_call(front_door, arguments, sources, title=None, position=None, done=None):
    """Call autograd's `front_door` (backward or grad, with its `arguments`) with an Explainer as the engine's
    observer, and return its result. The Explainer is finished — a step added for each leaf of `inputs=` — and
    handed to `done` even when the call fails. `title(kind, arguments)` names the pass."""
    kind = "backward" if "tensors" in arguments else "autograd.grad"
    outputs = tensors(arguments.get("tensors", arguments.get("outputs")))
    explainer = Explainer(sources, title(kind, arguments) if title else None, position,
                          bool(arguments.get("create_graph")))
    explainer.start(outputs)
    try:
        return front_door(**arguments, observer=explainer)
    finally:
        explainer.finish(tensors(arguments.get("inputs")), written=kind == "backward")
        if done is not None:
            done(kind, explainer)


def tensors(values):
    """A front door's tensors-or-sequence argument as a list (None: none)."""
    if values is None:
        return []
    return [v for v in (values if isinstance(values, (tuple, list)) else [values]) if isinstance(v, Tensor)]


def pass_title(kind, arguments, sources):
    """`backward of y`, `autograd.grad of y (create_graph)`, with the gradient it starts from when given."""
    outputs = tensors(arguments.get("tensors", arguments.get("outputs")))
    what = sources.tensor_text(outputs[0]) if outputs else None
    start = tensors(arguments.get("grad_tensors", arguments.get("grad_outputs")))
    from .text import value_text
    return "%s%s%s%s:" % (kind, " of " + what if what else "",
                          ", starting from grad = %s" % (value_text(start[0]) if start else "1"),
                          " (create_graph=True)" if arguments.get("create_graph") else "")


class Collector:
    """An autograd watcher (autograd.WATCHER) that explains every backward and grad call made while it is set:
    `explanation` gathers their passes (an expression's backward; with --order N, each autograd.grad)."""

    def __init__(self, sources):
        self.sources = sources
        self.explanation = Explanation()

    def __call__(self, front_door, arguments):
        return explained_call(front_door, arguments, self.sources,
                              lambda kind, args: pass_title(kind, args, self.sources),
                              done=lambda kind, explainer: self.explanation.passes.append(explainer))


def _default(fn, name):
    code = fn.__code__
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    defaults = dict(zip(names[code.co_argcount - len(fn.__defaults__ or ()):code.co_argcount], fn.__defaults__ or ()))
    defaults.update(fn.__kwdefaults__ or {})
    return defaults.get(name, _NO_DEFAULT)


def _name(node):
    return "AccumulateGrad" if isinstance(node, AccumulateGrad) else node.name()


def _rules(node):
    """(input name, formula text) per next_function of a node of the op table; () for other nodes."""
    op = getattr(node, "op", None)
    if op is None:
        return ()
    return [(op.inputs[i].lstrip("*"), rule.formula) for i, rule in zip(op.edges, op.rules)]


def _sum(grads):
    total = None
    for g in grads:
        total = g if total is None else total + g
    return total


# ---------------------------------------------------------------- the arithmetic a learner can check
def _add_checks(step):
    """For each formula with a simpler form: the same form with numbers, when every value it names and the
    gradient it gave are single numbers (`2*0.75*3 = 4.5`)."""
    from .bound import number_text
    values = {"grad": single(step.incoming[0]) if len(step.incoming) == 1 else None}
    for name, (_, value) in step.saved.items():
        values[name] = single(value)
    for out in step.outgoing:
        if out.bound is None:
            continue
        result = single(out.sent)
        numbers = {name: values.get(name) for name in out.bound.names}
        if result is None or None in numbers.values() or not numbers or out.bound.text in numbers:
            continue  # (a formula that only passes a value on, `grad`, has nothing to check)
        out.check = "%s = %s" % (out.bound.arithmetic(numbers), number_text(result))


class Explanation:
    """The backward passes of an evaluation or a script, explained: `passes` (Explainers, each with its steps),
    `text()` (plain; `compact=True` one line per step), `to_list()` (JSON-ready)."""

    def __init__(self, passes=()):
        self.passes = list(passes)

    @property
    def steps(self):
        return [step for explained in self.passes for step in explained.steps]

    def text(self, compact=False):
        from .text import pass_text
        return "".join(pass_text(explained, compact) for explained in self.passes)

    def to_list(self):
        from .text import pass_data
        return [pass_data(explained) for explained in self.passes]

    def details(self, node):
        """(source text, forward value, gradient that reached it) of a graph node, for the graph views: from the
        last pass that ran it, else from the sources (no gradient)."""
        for explained in reversed(self.passes):
            number = explained.step_of.get(id(node))
            if number is not None:
                step = explained.steps[number - 1]
                if step.is_leaf:
                    grad = step.after if step.written else step.incoming[0]
                else:
                    grad = next((g for g in step.incoming if g is not None), None)
                return step.source, step.value, grad
        if self.passes:
            text, _, value = self.passes[-1].sources.describe(node)
            return text, value, None
        return None, None, None

    __str__ = text

    def __repr__(self):
        return "<Explanation: %d passes, %d steps>" % (len(self.passes), len(self.steps))
