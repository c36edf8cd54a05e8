"""Compiling calls: `f(a, b)`, `x.sum(dim=0)`, `f(*args, **kwargs)`.

A call without `*` or `**` gets a closure for its shape (no arguments, one, several, keywords as written), doing
no more than that shape needs; the rest take the general closure. All of them fail through call_failed, with
Python's and torch's words.
"""

from ..syntax import Tree

from ..sandbox import arguments, keywords
from ..sandbox.arguments import in_torchs_words
from .runtime import located
from ...core import limits
from ...base.errors import GradcliError


class Calls:
    """The compiler's part for calls (mixed into ExpressionCompiler)."""

    def e_call(self, node):
        children = node.children
        callee = children[0]
        function = self.expression(callee)
        if len(children) == 1:  # f()
            if callee.__class__ is not Tree and callee.value == "super":
                return self.zero_argument_super(node, function)
            return self._positional_call(node, function, ())
        # (CPython evaluates the positional and starred arguments, in order, before any keyword)
        positional, named = [], []
        starred = spread = None  # made at the first `*` (each plain argument then listed too) and `**`
        expression = self.expression
        for arg in children[1].children:
            if arg.__class__ is Tree:
                kind = arg.data
                if kind == "keyword":
                    named.append((self.checked_name(arg.children[0]), expression(arg.children[1])))
                    continue
                if kind == "starstar":
                    if spread is None:
                        spread = []
                    spread.append(expression(arg.children[0]))
                    continue
                if kind == "star":
                    if starred is None:
                        starred = [(False, item) for item in positional]
                    starred.append((True, expression(arg.children[0])))
                    continue
            positional.append(expression(arg))
            if starred is not None:
                starred.append((False, positional[-1]))
        if spread is not None or starred is not None:
            starred = starred or [(False, item) for item in positional]
            return self._unpacking_call(node, function, tuple(starred), tuple(named), tuple(spread or ()))
        if named:
            return self._keyword_call(node, function, tuple(positional), tuple(named))
        return self._positional_call(node, function, tuple(positional))

    def _positional_call(self, node, function, positional):
        """f(a, b): positional arguments only."""
        if not positional:
            def run(frame):
                f = function(frame)
                try:
                    return f()
                except Exception as exc:
                    raise self.call_failed(node, exc, f, [], {}) from None
            return run
        if len(positional) == 1:
            only, = positional

            def run_one(frame):
                f = function(frame)
                arg = only(frame)
                try:
                    return f(arg)
                except Exception as exc:
                    raise self.call_failed(node, exc, f, [arg], {}) from None
            return run_one

        def run_many(frame):
            f = function(frame)
            args = []
            for a in positional:
                args.append(a(frame))
            try:
                return f(*args)
            except Exception as exc:
                raise self.call_failed(node, exc, f, args, {}) from None
        return run_many

    def _keyword_call(self, node, function, positional, named):
        """f(a, b, k=c): positional and keyword arguments, no unpacking (the keywords are those written)."""
        call = keywords.call_site(frozenset([name for name, _ in named]))

        def run(frame):
            f = function(frame)
            args, kwargs = [], {}  # (loops: a comprehension is a function call of its own in CPython 3.11)
            for a in positional:
                args.append(a(frame))
            for name, value in named:
                kwargs[name] = value(frame)
            try:
                return call(f, args, kwargs)
            except Exception as exc:
                raise self.call_failed(node, exc, f, args, kwargs) from None
        return run

    def _unpacking_call(self, node, function, starred, named, spread):
        """f(*a, k=b, **c): any call, with `*` or `**` among its arguments."""
        alone = len(starred) == 1  # f(*a): CPython passes a itself, names the callee
        # each starred argument is sized with the arguments before it and the plain ones after it
        after = tuple(sum(not star for star, _ in starred[i + 1:]) for i in range(len(starred)))

        def run(frame):
            f = function(frame)
            args = []
            for (star, item), later in zip(starred, after):
                value = item(frame)
                if not star:
                    args.append(value)
                elif hasattr(value.__class__, "__iter__") or hasattr(value.__class__, "__getitem__"):
                    try:
                        args.extend(limits.sized(value, len(args) + later, "the call's arguments"))
                    except GradcliError as error:
                        raise error.at(self.position(node)) from None
                else:
                    raise GradcliError(arguments.not_iterable_after_star(f, not alone, value), "TypeError",
                                       self.position(node))
            kwargs = {name: value(frame) for name, value in named}
            for mapping in spread:
                value = mapping(frame)
                if not hasattr(value.__class__, "keys"):
                    raise GradcliError(arguments.not_a_mapping_after_stars(f, value), "TypeError",
                                       self.position(node))
                kwargs.update(value)
            try:
                return keywords.call(f, args, kwargs) if kwargs else f(*args)
            except Exception as exc:
                raise self.call_failed(node, exc, f, args, kwargs) from None
        return run

    def call_failed(self, node, exc, f, args, kwargs):
        """The error of the call `node`, f(*args, **kwargs), that raised `exc` (a script Function counts its
        calls and depth itself): Python's when f is not callable, torch's words for what its parser refuses."""
        if not callable(f):
            return GradcliError("'%s' object is not callable" % type(f).__name__, "TypeError", self.position(node))
        callee = node.children[0]  # (the name it is called by: torch.divide's door is div's too)
        called = callee.children[-1] if callee.__class__ is Tree and callee.data == "attribute" else callee
        called = getattr(called, "value", None)
        return located(in_torchs_words(exc, f, args, kwargs, called) or exc, self.position(node))
