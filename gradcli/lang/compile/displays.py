"""Compiling displays and comprehensions: `[...]`, `(...)`, `{...}` (dicts and sets), and the list, set, dict
and generator comprehensions, whose variables live in a scope of their own as in Python 3."""

from ..syntax import Tree

from .definitions import Scope
from ..sandbox.guards import check_tuple_depth
from .runtime import Frame, located
from ...core import limits
from ...core.limits import NESTING_KINDS


_NOT_CONSTANT = object()


def _fresh(template):
    """A new copy of the lists of a display's template (its sublists copied too: each is a display's new list)."""
    return [_fresh(item) if item.__class__ is list else item for item in template]


class Displays:
    """The compiler's part for displays and comprehensions (mixed into ExpressionCompiler)."""

    def e_list(self, node):
        items = [self.expression(c) for c in node.children]
        constants = self.constants
        values = [constants.get(item, _NOT_CONSTANT) for item in items]
        if _NOT_CONSTANT in values:
            return lambda frame: [item(frame) for item in items]
        # a display of constants (`[[1.0, 2.0], [3.0, -1.0]]`): a new copy of the same lists each time it runs
        if list not in map(type, values):
            run = lambda frame: values.copy()  # noqa: E731
        elif all(list not in map(type, value) for value in values if value.__class__ is list):
            run = lambda frame: [value.copy() if value.__class__ is list else value for value in values]  # noqa: E731
        else:
            run = lambda frame: _fresh(values)  # noqa: E731
        constants[run] = values  # (a list among the constants: a display's, whose copy each run makes)
        return run

    def e_tuple(self, node):
        items = [self.expression(c) for c in node.children]
        if not items:
            return self.constant(())
        constants = self.constants
        values = tuple([constants.get(item, _NOT_CONSTANT) for item in items])
        if not any(value is _NOT_CONSTANT or value.__class__ is list or value.__class__ in NESTING_KINDS
                   for value in values):  # numbers, True, None: neither a new list each run nor nesting to check
            return self.constant(values)

        def run(frame):
            values = [item(frame) for item in items]
            for value in values:  # its nesting bounded (lang.sandbox.guards): a tuple of tuples, slices, zips, ...
                if value.__class__ in NESTING_KINDS:
                    check_tuple_depth(values)
                    break
            return tuple(values)
        return run

    e_tuple_display = e_tuple

    def comprehension(self, node, display="generator expression"):
        """A generator function `values(frame)` for `test for ... in ... if ...`: its variables live in a
        scope of their own (a copy of the enclosing variables), as in Python 3. `display`: what CPython calls
        it ("'yield' inside list comprehension")."""
        scope = Scope("comprehension", self.scope)
        scope.display = display
        return self.scoped(scope, self._comprehension, node.children[0], node.children[1:])

    def _comprehension(self, element_node, clauses):
        if element_node.__class__ is Tree and element_node.data == "pair":  # {key: value for ...}
            key, value = (self.expression(c) for c in element_node.children)

            def element(frame):
                return key(frame), value(frame)
        else:
            element = self.expression(element_node)
        loops = []
        for clause in clauses:
            targets_node, iterable_node, *conditions = clause.children
            loops.append((self.target(targets_node), self.expression(iterable_node),
                          tuple(self.expression(c) for c in conditions)))

        def produce(frame, depth):
            setter, iterable, conditions = loops[depth]
            for item in limits.iterated(iterable(frame)):
                limits.tick()
                setter(frame, item)
                if all(condition(frame) for condition in conditions):
                    if depth + 1 == len(loops):
                        yield element(frame)
                    else:
                        yield from produce(frame, depth + 1)

        def values(frame):
            return produce(Frame(dict(frame.vars), frame.globals, frame.context, frame.enclosing), 0)
        return values

    def e_generator(self, node):
        values = self.comprehension(node.children[0])
        return values  # lazy, as in Python: `all(... for ...)` stops at the first False

    def e_dict(self, node):
        pairs = [(self.expression(p.children[0]), self.expression(p.children[1])) for p in node.children]
        return lambda frame: {k(frame): v(frame) for k, v in pairs}

    def e_set(self, node):
        items = [self.expression(c) for c in node.children]
        return lambda frame: {item(frame) for item in items}

    def e_dict_comprehension(self, node):
        return self._collected(node, dict, "dict comprehension")

    def e_set_comprehension(self, node):
        return self._collected(node, set, "set comprehension")

    def e_list_comprehension(self, node):
        return self._collected(node, list, "list comprehension")

    def _collected(self, node, kind, display):
        """A list, set or dict comprehension: the values of the comprehension, collected into `kind`."""
        values = self.comprehension(node if node.data == "dict_comprehension" else node.children[0], display)

        def run(frame):
            try:
                return kind(values(frame))
            except Exception as exc:
                raise located(exc, self.position(node)) from None
        return run
