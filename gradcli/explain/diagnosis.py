"""Why is `.grad` None? And what a backward added to a `.grad` that already held one.

A Watch listens to an explained run: it is the autograd watcher (every backward() / autograd.grad call runs with
an Explainer, and is remembered: where it was called, what it was a backward of, which leaves it wrote) and the
provenance listener (a `.grad` read that gives None, an assignment to `.grad`). From those facts, `diagnose`
answers for one tensor, precisely and with line numbers: not a leaf (made by MulBackward0 at line 4), does not
require grad (made at line 2 without requires_grad=True), made under no_grad (line 7), detached / .data (line 5),
not reached by the backward of line 9, backward not called yet, autograd.grad (which leaves .grad alone), or
set to None at line 11. Nothing here walks a graph but to name the leaves below a non-leaf.
"""

from .steps import Sources, explained_call, pass_title, tensors
from .text import single
from ..autograd.graph import AccumulateGrad
from ..base.errors import GradcliError
from ..core.tensor import Tensor


class Answer:
    """Why a tensor's .grad is what it is: `cause` (a short code), `message` (the sentence), `line` (of the fact
    that decided it, or None)."""

    def __init__(self, cause, message, line=None):
        self.cause, self.message, self.line = cause, message, line

    def __str__(self):
        return self.message

    def __repr__(self):
        return "<Answer %s: %s>" % (self.cause, self.message)


class Pass:
    """One backward() or autograd.grad call of the run: where, of what, and which leaves it wrote."""

    def __init__(self, kind, position, explainer, inputs):
        from ..lang.compile.provenance import ORDER
        self.kind, self.position, self.explainer = kind, position, explainer
        self.order = next(ORDER)  # after the tensors made before it (their Origin.order)
        self.inputs = inputs  # ids of the tensors named by inputs=... (None: every leaf)
        self.written = set()  # ids of the leaves whose .grad it wrote
        self.returned = set()  # ids of the leaves autograd.grad returned gradients for

    @property
    def line(self):
        return self.position.line if self.position is not None else None


class Watch:
    """The listener of an explained run (see the module's docstring). `write(text)` takes the notes and step lists
    (stderr for `gradcli run --explain`); `steps`: write each pass's steps (compact) too."""

    def __init__(self, provenance, variables, write=None, steps=True, shown=None, width=None):
        self.provenance, self.variables = provenance, variables
        self.write = write
        self.steps = steps
        self.shown = shown    # the numbers (from 1) of the passes written in full; None: each new graph's first
        self.width = width    # the columns the steps are wrapped to (explain.text.WIDTH)
        self.place = None     # position -> how a diagnosis names where it is (None: "line 4"; the REPL: its input)
        self._fold = None     # the passes not written out since the last one that was (a Fold)
        self.passes = []
        self.failures = []    # the backward calls that raised, with why (explain.failure.Failure)
        self.assigned = {}    # id(tensor) -> (Origin of the last `.grad = ...`, the value was None, passes before)
        self.written_by = {}  # id(leaf) -> the last Pass that wrote its .grad
        self.last = None      # the Explainer of the last pass (earlier ones are let go: a loop makes many)
        self._noted = set()
        provenance.listener = self

    def sources(self):
        return Sources(self.provenance, lambda: self.variables)

    def at(self, position):
        """Where a fact is, in a diagnosis's words: `at line 4`; in the REPL, `in the input "y = x * 2"`."""
        named = self.place(position) if self.place is not None else None
        return "in " + named if named else "at line %d" % position.line

    def lines(self, positions):
        """Several places: `lines 3, 5`, or in the REPL the inputs."""
        named = [self.place(p) if self.place is not None else None for p in positions]
        if None in named:
            return "lines " + ", ".join(str(p.line) for p in positions)
        return ", ".join(named)

    # ------------------------------------------------------------ autograd's watcher
    def __call__(self, front_door, arguments):
        position = self.provenance.statement()
        sources = self.sources()
        inputs = arguments.get("inputs")
        ids = None if inputs is None else {id(x) for x in tensors(inputs)}

        def title(kind, arguments):
            where = "%s:%d: " % (position.filename, position.line) if position is not None else ""
            return where + pass_title(kind, arguments, sources)

        def done(kind, explainer):
            record = Pass(kind, position, explainer, ids)
            record.what = sources.tensor_text(outputs[0]) if outputs else None
            record.root = id(outputs[0].grad_fn) if outputs else None
            finished.append(record)
        outputs = tensors(arguments.get("tensors", arguments.get("outputs")))
        finished = []
        try:
            return explained_call(front_door, arguments, sources, title, position, done)
        except GradcliError as error:
            failure = self._failure(outputs, error, position)  # (judged by the passes before this one)
            self._after(finished.pop())  # the steps it took before it failed, then why it failed
            if failure is not None and self.write is not None:
                from .text import wrapped
                self.write("".join(part + "\n" for part in wrapped("%snote: this backward failed: %s" % (
                    _where(position), failure.message), self.width)))
            raise
        finally:
            if finished:
                self._after(finished[0])

    def _failure(self, outputs, error, position):
        """A backward that raised: why (explain.failure), remembered for why-None; None if not a known cause."""
        from .failure import Failure, why_it_failed
        from ..lang.compile.provenance import ORDER
        if not outputs:
            return None
        y = outputs[0]
        found = why_it_failed(y, error, self, None if y.requires_grad else diagnose(y, self),
                              _made_at(self.provenance.origin(y), self))
        if found is None:
            return None
        self.failures.append(Failure(position, next(ORDER), *found))
        return self.failures[-1]

    def _after(self, record):
        self.passes.append(record)
        self.last, record.explainer = record.explainer, None
        notes = []
        for step in self.last.steps:
            if not step.is_leaf:
                continue
            leaf = step.node.variable
            if not step.written:
                record.returned.add(id(leaf))
                continue
            record.written.add(id(leaf))
            previous = self.written_by.get(id(leaf))
            self.written_by[id(leaf)] = record
            notes.append(self._accumulation_note(step, record, previous))
        if self.write is None:
            return
        if self.steps and not self._written_in_full(record):
            self._fold.add(len(self.passes), self.last, bool([n for n in notes if n]))
            return
        if self.steps:
            from .text import pass_text
            self.write(pass_text(self.last, compact=True, width=self.width))
        for note in notes:
            if note:
                self.write(note)

    def _written_in_full(self, record):
        """Whether the pass just run is written step by step (`shown`; by default the first of each run of
        backward calls through the same graph); one that is not joins the fold, which is written (finish) when
        a pass is written or the run ends."""
        number, shape = len(self.passes), graph_shape(self.last)
        same = self._fold is not None and self._fold.shape == shape and self._fold.line == record.line
        full = number in self.shown if self.shown is not None else not same
        if full or not same:
            self.finish()
        if full:
            self._fold = Fold(shape, record, number)
        elif self._fold is None:
            self._fold = Fold(shape, record, None)
        return full

    def finish(self):
        """Write what the passes folded since the last written one did (a run ends with this)."""
        fold = self._fold
        if fold is not None and fold.numbers and self.write is not None:
            self.write(fold.text(self.width))
        if fold is not None:
            self._fold = Fold(fold.shape, fold.record, fold.shown)

    def _accumulation_note(self, step, record, previous):
        """A .grad that held a gradient when this backward added to it (the lesson of repeated backward calls)."""
        before = step.before
        if before is None or single(before) == 0.0:
            return None
        from .text import value_text
        name = step.leaf or "a leaf"
        since = " (from the backward %s)" % self.at(previous.position) if previous is not None and previous.line else ""
        return ("%snote: %s.grad already held %s%s; this backward added %s, so %s.grad is now %s. Gradients "
                "accumulate: call %s.grad.zero_() (or set %s.grad = None) before a backward to start afresh.\n"
                % (_where(record.position), name, value_text(before), since, value_text(step.incoming[0]), name,
                   value_text(step.after), name, name))

    def details(self, fn):
        """(source, value, gradient) of a graph node for the graph views: the gradient from the last backward
        that ran it (a leaf: its .grad)."""
        if self.last is not None and id(fn) in self.last.step_of:
            from .steps import Explanation
            return Explanation([self.last]).details(fn)
        text, _, value = self.sources().describe(fn)
        grad = getattr(fn, "variable", None)
        return text, value, grad._grad if grad is not None else None

    # ------------------------------------------------------------ the provenance listener
    def grad_none(self, tensor, origin):
        answer = diagnose(tensor, self)
        key = (origin.position.line, answer.cause, id(tensor))
        if self.write is None or key in self._noted:
            return
        self._noted.add(key)
        what = origin.text
        self.write("%snote: %s is None: %s\n" % (_where(origin.position), what, answer.message))

    def grad_assigned(self, tensor, value, origin):
        self.assigned[id(tensor)] = (origin, value is None, len(self.passes))


def graph_shape(explainer):
    """What makes two backward passes the same graph: each step's node, source and line, and the shape of the
    gradient it got."""
    return tuple((step.name, step.source, step.position.line if step.position is not None else None,
                  tuple(tuple(g.shape) if isinstance(g, Tensor) else None for g in step.incoming))
                 for step in explainer.steps)


class Fold:
    """Backward passes through the same graph, not written step by step: their numbers and, per leaf, the
    gradient each wrote (its norm for a tensor of several values)."""

    def __init__(self, shape, record, shown):
        self.shape, self.record, self.shown = shape, record, shown  # shown: the pass written in full, or None
        self.line = record.line
        self.numbers = []
        self.grads = {}       # leaf name -> [number per pass]
        self.several = set()  # the leaves whose gradient has several values (shown as norms)
        self.accumulated = False

    def add(self, number, explainer, accumulated):
        import numpy as np
        self.numbers.append(number)
        self.accumulated |= accumulated
        for step in explainer.steps:
            if step.is_leaf and step.written and isinstance(step.incoming[0], Tensor):
                grad = step.incoming[0]
                value = single(grad)
                if value is None:
                    value = float(np.linalg.norm(grad.array.astype(np.float64)))
                    self.several.add(step.leaf)
                self.grads.setdefault(step.leaf or "a leaf", []).append(value)

    def text(self, width=None):
        from .text import wrapped
        first, last = self.numbers[0], self.numbers[-1]
        which = "backward %d" % first if first == last else "backward calls %d-%d" % (first, last)
        what = " of %s" % self.record.what if self.record.what else ""
        same = ("the same graph as backward %d" % self.shown if self.shown is not None else
                "one graph of %d steps" % len(self.shape))
        lines = ["%s%s%s: %s, not written out (--explain-steps N,M writes chosen ones); the gradients they "
                 "gave, by backward:" % (_where(self.record.position), which, what, same)]
        for leaf, values in self.grads.items():
            norm = " (norm)" if leaf in self.several else ""
            lines.append("  %s.grad%s: %s" % (leaf, norm, ", ".join("%.4g" % v for v in values)))
        if self.accumulated:
            lines.append("  (each added to a .grad that already held a gradient: gradients accumulate)")
        return "".join(part + "\n" for line in lines for part in wrapped(line, width))


def _where(position):
    return "%s:%d: " % (position.filename, position.line) if position is not None else ""


# ---------------------------------------------------------------- the diagnosis
def diagnose(tensor, watch):
    """Why `tensor.grad` is None (or, when it is not, where its value came from): an Answer."""
    sources = watch.sources()
    name = sources.leaf_name(tensor) or sources.tensor_text(tensor) or "the tensor"
    provenance = watch.provenance
    origin = provenance.origin(tensor)
    made = _made_at(origin, watch)
    if tensor._grad is not None and (tensor.grad_fn is None or tensor._retains_grad):
        return _has_grad(tensor, name, watch)
    if tensor.grad_fn is not None:
        node_origin = provenance.node_origin(tensor.grad_fn)
        at = " " + watch.at(node_origin.position) if node_origin is not None else ""
        if tensor._retains_grad:
            return Answer("not_reached", "%s keeps its gradient (retain_grad()), but no backward has reached it "
                          "yet%s." % (name, _since(watch)), None)
        leaves = _leaves_below(tensor, sources)
        hint = " or read the leaf's gradient: %s" % ", ".join(n + ".grad" for n in leaves) if leaves else ""
        return Answer("not_leaf", "%s is not a leaf: it was made by %s%s, and backward() fills .grad only for "
                      "leaves. Call %s.retain_grad() before backward() to keep its gradient%s."
                      % (name, tensor.grad_fn.name(), at, name, hint), node_origin.line if node_origin else None)
    if not tensor._requires_grad:
        if origin is not None and origin.how is not None:
            return Answer("detached", "%s was made by %s%s: it shares the values but has no history, so it does "
                          "not require grad." % (name, origin.how, made), origin.line)
        if origin is not None and not origin.grad_enabled:
            return Answer("no_grad", "%s was made under torch.no_grad()%s: what is computed there records no "
                          "history and does not require grad." % (name, made), origin.line)
        return Answer("no_requires_grad", "%s does not require grad: it was made%s without requires_grad=True. "
                      "Create it with requires_grad=True, or call %s.requires_grad_() before using it."
                      % (name, made or " outside the script", name), origin.line if origin else None)
    assigned = watch.assigned.get(id(tensor))
    if assigned is not None and assigned[1] and assigned[2] >= _last_write(watch, tensor):
        position = assigned[0].position
        return Answer("set_none", "%s.grad was set to None %s%s." % (
            name, watch.at(position), _filled_before(watch, tensor)), position.line)
    from .failure import failed_before
    failed = failed_before(tensor, watch, origin.order if origin is not None else -1)
    if failed is not None and (not watch.passes or watch.failures[-1].order > watch.passes[-1].order):
        return Answer("backward_failed", *failed)
    if not watch.passes:
        return Answer("not_called", "no backward has run yet: .grad is filled when a backward() reaches %s." % name)
    passes = [p for p in watch.passes if origin is None or p.order > origin.order]  # (those after it was made)
    if not passes:
        return Answer("not_called", "no backward has run since %s was made%s: .grad is filled when a backward() "
                      "reaches %s." % (name, " " + watch.at(origin.position), name), origin.line)
    returned = [p for p in passes if id(tensor) in p.returned]
    if returned:
        return Answer("autograd_grad", "the gradient for %s was computed by torch.autograd.grad %s, which "
                      "returns gradients and leaves .grad untouched." % (name, watch.at(returned[-1].position)),
                      returned[-1].line)
    excluded = [p for p in passes if p.inputs is not None and id(tensor) not in p.inputs and p.kind == "backward"]
    if excluded:
        return Answer("inputs_excluded", "the backward %s was given inputs=... without %s: only those "
                      "inputs get a .grad." % (watch.at(excluded[-1].position), name), excluded[-1].line)
    placed = [p.position for p in passes if p.position is not None]
    which = ("the backward %s" % watch.at(placed[-1])) if len(placed) == 1 else (
        "none of the backward calls (%s)" % watch.lines(placed))
    return Answer("no_path", "%s did not reach %s: what was backpropagated does not depend on %s (no path in the "
                  "graph leads to it)." % (which[0].upper() + which[1:], name, name),
                  placed[-1].line if placed else None)


def _made_at(origin, watch):
    if origin is None or origin.compiler is None:
        return ""
    return " %s (%s)" % (watch.at(origin.position), origin.text)


def _since(watch):
    placed = [p.position for p in watch.passes if p.position is not None]
    return " (backward calls so far: %s)" % watch.lines(placed) if placed else ""


def _last_write(watch, tensor):
    record = watch.written_by.get(id(tensor))
    return watch.passes.index(record) + 1 if record is not None else 0


def _filled_before(watch, tensor):
    record = watch.written_by.get(id(tensor))
    return " (after the backward %s filled it)" % watch.at(record.position) if record is not None and record.line else ""


def _has_grad(tensor, name, watch):
    from .text import value_text
    writes = [p for p in watch.passes if id(tensor) in p.written]
    value = value_text(tensor._grad)
    if not writes:
        return Answer("has_grad", "%s.grad is %s; it was not written by a backward this session explained (it was "
                      "assigned, or written before)." % (name, value))
    if len(writes) == 1:
        return Answer("has_grad", "%s.grad is %s, written by the backward %s." % (
            name, value, watch.at(writes[0].position)), writes[0].line)
    lines = watch.lines([p.position for p in writes])
    return Answer("accumulated", "%s.grad is %s: the sum of what %d backward calls (%s) added, since "
                  "gradients accumulate (unless .grad is zeroed between them)." % (name, value, len(writes), lines),
                  writes[-1].line)


def _leaves_below(tensor, sources, most=3):
    """The names of leaves requiring grad that `tensor` depends on (found along next_functions), a few at most."""
    names, seen, stack = [], set(), [tensor.grad_fn]
    while stack and len(names) < most:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, AccumulateGrad):
            leaf = sources.leaf_name(node.variable)
            if leaf is not None:
                names.append(leaf)
            continue
        stack.extend(child for child, _ in reversed(node.next_functions))
    return names
