"""Compiling what defines a scope: `def`, `lambda`, `class`, their decorators, and the names they bind
(`global`, `nonlocal`, `super()`).

Scopes follow Python's: a function's variables are its own, it reads those of the functions around its def,
and rebinds a module variable only after `global`, an enclosing function's only after `nonlocal`. A class body
runs in a namespace of its own that becomes the class's attributes; the methods defined in it do not see it.
"""

from ..syntax import Token, Tree

from . import classes
from .generators import GeneratorFunction, is_yield, yields
from .runtime import ClassFrame, Function, Lambda, Signature, located
from ...base.errors import GradcliError


class Scope:
    """What the compiler knows of the function, lambda or class body it is compiling."""

    def __init__(self, kind, parent, qualname="", globals_=(), nonlocals=(), bound=(), first=None):
        self.kind, self.parent, self.qualname = kind, parent, qualname  # kind: function, class, comprehension
        self.globals, self.nonlocals, self.bound = frozenset(globals_), frozenset(nonlocals), frozenset(bound)
        self.first = first  # a method's first parameter (what super() binds to)
        self.parameters = frozenset()
        self.display = None  # a comprehension's kind, as CPython names it ("list comprehension")
        # a function's own variables: read from its frame only (a class body falls back to the module's)
        self.locals = self.bound - self.globals - self.nonlocals if kind == "function" else frozenset()

    def prefix(self, name):
        """The qualified name of `name` defined in this scope: `Net.forward`, `f.<locals>.g`."""
        if self.kind == "class":
            return "%s.%s" % (self.qualname, name)
        if self.kind == "function":
            return "%s.<locals>.%s" % (self.qualname, name)
        return self.parent.prefix(name) if self.parent is not None else name


# statements whose children are statements or blocks: the declarations walk goes into them
_COMPOUND = frozenset(("block", "if", "elif", "else", "while", "for", "with", "try", "except", "finally",
                       "decorated"))


def _target_names(node, names):
    if isinstance(node, Token):
        if node.type == "NAME":
            names.add(node.value)
    elif node.data in ("tuple_display", "target_tuple", "list", "tuple", "targets"):
        for child in node.children:
            _target_names(child, names)


def declarations(body):
    """(global names, nonlocal names, names bound) of the scope whose block is `body` — what Python's compiler
    finds before compiling a function, so that `global x` applies to every `x =` in it."""
    globals_, nonlocals, bound = set(), set(), set()
    stack = [body]
    while stack:
        node = stack.pop()
        if not isinstance(node, Tree):
            continue
        kind = node.data
        if kind == "global":
            globals_.update(t.value for t in node.children)
        elif kind == "nonlocal":
            nonlocals.update(t.value for t in node.children)
        elif kind in ("def", "class"):
            bound.add(node.children[0].value)
        elif kind == "assign":
            for target in node.children[:-1]:
                _target_names(target, bound)
        elif kind in ("augassign", "del", "annassign"):  # (`x: int` alone makes x local too, as in Python)
            _target_names(node.children[0], bound)
        elif kind == "import":
            bound.update((item.children[1] if len(item.children) > 1 else item.children[0].children[0]).value
                         for item in node.children)
        elif kind == "from_import":
            bound.update(item.children[-1].value for item in node.children[1].children)
        elif kind in _COMPOUND:
            if kind == "for":
                _target_names(node.children[0], bound)
            elif kind == "with":
                bound.update(item.children[1].value for item in node.children[:-1] if len(item.children) > 1)
            elif kind == "except" and len(node.children) == 3:
                bound.add(node.children[1].value)
            stack.extend(node.children)
    return globals_, nonlocals, bound


class Definitions:
    """The compiler's part for scopes (mixed into ExpressionCompiler, which keeps `scope`)."""

    # ------------------------------------------------------------ binding names
    def own_variable(self, node):
        """The name the assignment target `node` binds among the running frame's own variables (name_setter's
        set_name), or None: a target other than a name, or one that `global` or `nonlocal` sends elsewhere."""
        if node.__class__ is Tree or node.type != "NAME":
            return None
        name = node.value if node.value[:2] != "__" else self.checked_name(node)
        return name if self.binds_own(name) else None

    def binds_own(self, name):
        """Whether binding `name` binds it among the running frame's own variables (no `global` or `nonlocal`
        sends it elsewhere)."""
        scope = self.scope
        return scope is None or not (name in scope.globals or name in scope.nonlocals)

    def name_setter(self, token, method=False):
        """A closure `set(frame, value)` binding the name of `token` in the scope being compiled (or where
        `global` and `nonlocal` send it). The one gate every binding goes through (assignment, import and its
        alias, def, class, except-as): a dunder is refused (checked_name), but for a `def` (`method`) of one
        of classes.DUNDER_METHODS in a class body."""
        name = token.value if method and self._dunder_method(token) else self.checked_name(token)
        if self.binds_own(name):
            def set_name(frame, value):
                frame.vars[name] = value
            return set_name
        if name in self.scope.globals:
            def set_global(frame, value):
                frame.globals[name] = value
            return set_global

        def set_nonlocal(frame, value):
            for variables in frame.enclosing:
                if name in variables:
                    variables[name] = value
                    return
            frame.enclosing[0][name] = value  # (declared, not yet bound there: Python binds it there too)
        return set_nonlocal

    def s_global(self, node):
        for token in node.children:
            name = self.checked_name(token)
            if self.scope is not None and self.scope.kind == "function" and name in self.scope.parameters:
                raise self.error(token, "name '%s' is parameter and global" % name)
        return lambda frame: None

    def s_nonlocal(self, node):
        if self.scope is None or self.scope.kind != "function":
            raise self.error(node, "nonlocal declaration not allowed at module level")
        for token in node.children:
            name = self.checked_name(token)
            if name in self.scope.parameters:
                raise self.error(token, "name '%s' is parameter and nonlocal" % name)
            outer = self.scope.parent
            while outer is not None and not (outer.kind == "function" and name in outer.bound):
                outer = outer.parent
            if outer is None:
                raise self.error(token, "no binding for nonlocal '%s' found" % name)
        return lambda frame: None

    def scoped(self, scope, compile_body, *args):
        """compile_body(*args) with `scope` as the innermost scope (a def's loops do not reach into its body)."""
        outer = self.loops, self.in_function, self.scope
        self.loops, self.in_function, self.scope = 0, scope.kind == "function", scope
        try:
            return compile_body(*args)
        finally:
            self.loops, self.in_function, self.scope = outer

    # ------------------------------------------------------------ functions
    def signature(self, node):
        """The parameters of a def or a lambda: (positional names, {name: default's closure}, *name,
        keyword-only names, **name), with Python's SyntaxErrors for a misplaced one."""
        positional, keyword_only, defaults, star, starstar, seen = [], [], {}, None, None, set()
        for p in node.children if node is not None else ():
            name = self.checked_name(p.children[0])
            default = [c for c in p.children[1:] if not (isinstance(c, Tree) and c.data == "annotation")]
            if name in seen:
                raise self.error(p, "duplicate argument '%s' in function definition" % name)
            seen.add(name)
            if starstar is not None:
                raise self.error(p, "arguments cannot follow var-keyword argument")
            if p.data == "star_parameter":
                if star is not None:
                    raise self.error(p, "* argument may appear only once")
                star = name
            elif p.data == "starstar_parameter":
                starstar = name
            elif star is None:
                if default:
                    defaults[name] = self.expression(default[0])
                elif defaults:
                    raise self.error(p, "non-default argument follows default argument")
                positional.append(name)
            else:
                keyword_only.append(name)
                if default:
                    defaults[name] = self.expression(default[0])
        return tuple(positional), defaults, star, tuple(keyword_only), starstar

    def function_maker(self, name, parameters_node, body_node, kind=Function):
        """A closure `make(frame)` returning the Function of a def (body_node a block) or a lambda (an
        expression), its defaults evaluated then, as Python does."""
        positional, default_closures, star, keyword_only, starstar = self.signature(parameters_node)
        parameters = positional + keyword_only + tuple(n for n in (star, starstar) if n)
        globals_, nonlocals, bound = declarations(body_node) if kind is Function else ((), (), ())
        outer = self.scope
        qualname = outer.prefix(name) if outer is not None else name
        method = outer is not None and outer.kind == "class"
        scope = Scope("function", outer, qualname, globals_, nonlocals, set(bound) | set(parameters),
                      first=(positional[0] if positional else star) if method else None)
        scope.parameters = frozenset(parameters)
        if kind is Function:
            compile_body = self.block
            if yields(body_node):  # a generator function: its body in the generator mode (generators.py)
                kind, compile_body = GeneratorFunction, self.generator_block
        elif is_yield(body_node):  # `lambda: (yield v)`: a generator function returning what the yield received
            kind, compile_body = GeneratorFunction, self.yield_value
        else:
            compile_body = self.expression
        body = self.scoped(scope, compile_body, body_node)

        def make(frame):
            defaults = {pname: value(frame) for pname, value in default_closures.items()}
            signature = Signature(positional, defaults, star, keyword_only, starstar)
            # a function defined inside a call sees that call's variables (and those around it); a method does
            # not see its class body's
            if frame.__class__ is ClassFrame:
                enclosing = frame.enclosing
            else:
                enclosing = () if frame.vars is frame.globals else (frame.vars,) + frame.enclosing
            function = kind(name, signature, body, frame.globals, frame.context, enclosing, qualname)
            if frame.__class__ is ClassFrame:
                function.cell = frame.cell  # the class being made, for super()
            return function
        return make

    def s_def(self, node):
        setter = self.name_setter(node.children[0], method=True)
        name, make = self.def_maker(node)

        def run(frame):
            setter(frame, make(frame))
        return run

    def def_maker(self, node):
        token = node.children[0]
        name = token.value if self._dunder_method(token) else self.checked_name(token)
        parameters = next((c for c in node.children[1:-1] if c.data == "parameters"), None)  # (then `-> type`)
        return name, self.function_maker(name, parameters, node.children[-1])

    def _dunder_method(self, token):
        """A class body may define the dunder methods of classes.DUNDER_METHODS; no other code any dunder."""
        name = token.value
        if not name.startswith("__"):
            return False
        if self.scope is not None and self.scope.kind == "class" and name in classes.DUNDER_METHODS:
            return True
        if self.scope is not None and self.scope.kind == "class":
            raise self.error(token, "gradcli does not support defining '%s' (a class may define %s)"
                             % (name, classes.DUNDER_SUMMARY))
        return False

    def e_lambda(self, node):
        return self.function_maker("<lambda>", node.children[0] if len(node.children) > 1 else None,
                                   node.children[-1], Lambda)

    def s_decorated(self, node):
        """Decorators are evaluated first, top to bottom, then applied to the new function or class bottom-up."""
        decorators = [(self.expression(d.children[0]), d) for d in node.children[:-1]]
        definition = node.children[-1]
        setter = self.name_setter(definition.children[0], method=definition.data == "def")
        name, make = (self.def_maker if definition.data == "def" else self.class_maker)(definition)

        def run(frame):
            values = [(decorator(frame), d) for decorator, d in decorators]
            value = make(frame)
            for decorator, d in reversed(values):
                value = self.call_at(d, decorator, value)
            setter(frame, value)
        return run

    def call_at(self, node, function, *args):
        """function(*args), an error in it placed at `node`."""
        try:
            if not callable(function):
                raise GradcliError("'%s' object is not callable" % type(function).__name__, "TypeError")
            return function(*args)
        except Exception as exc:
            raise located(exc, self.position(node)) from None

    # ------------------------------------------------------------ classes
    def s_class(self, node):
        setter = self.name_setter(node.children[0])
        name, make = self.class_maker(node)

        def run(frame):
            setter(frame, make(frame))
        return run

    def class_maker(self, node):
        name = self.checked_name(node.children[0])
        base_node = None
        if len(node.children) == 3:
            for i, argument in enumerate(node.children[1].children):
                if isinstance(argument, Tree) and argument.data in ("keyword", "star", "starstar", "generator"):
                    raise self.error(argument, "gradcli does not support class arguments other than one base")
                if i:
                    raise self.error(argument, "gradcli supports single inheritance only: one base class")
                base_node = argument
        base = self.expression(base_node) if base_node is not None else None
        outer = self.scope
        qualname = outer.prefix(name) if outer is not None else name
        globals_, nonlocals, bound = declarations(node.children[-1])
        scope = Scope("class", outer, qualname, globals_, nonlocals, bound)
        body = self.scoped(scope, self.block, node.children[-1])

        def make(frame):
            base_class = object
            if base is not None:
                base_class = self.call_at(base_node, classes.check_base, base(frame))
            if frame.__class__ is ClassFrame:
                enclosing = frame.enclosing
            else:
                enclosing = () if frame.vars is frame.globals else (frame.vars,) + frame.enclosing
            namespace = {}
            body_frame = ClassFrame(namespace, frame.globals, frame.context, enclosing)
            body_frame.cell = [None]
            body(body_frame)
            cls = self.call_at(node.children[0], classes.make_class, name, qualname, base_class, namespace)
            body_frame.cell[0] = cls
            return cls
        return name, make

    def zero_argument_super(self, node, lookup):
        """`super()` in a method: super(the class being defined, the method's first argument), as Python's
        compiler arranges it. Where the name `super` is rebound, that value is called instead."""
        scope = self.scope
        first = scope.first if scope is not None and scope.kind == "function" else None

        def run(frame):
            function = lookup(frame)
            if function is not super:
                return self.call_at(node, function)
            if first is None:
                raise GradcliError("super(): no arguments", "RuntimeError", self.position(node))
            return super(frame.vars["__class__"], frame.vars[first])
        return run
