"""torch's argument parser's refusal of a call, from the signatures recorded of the function.

torch parses a call of a C function against its signatures (python_arg_parser.cpp): with one signature, its
FunctionSignature::parse names what it refuses; with several, a call none takes is refused by the one signature
that takes that many arguments, or in format_invalid_args's list of them (invalid_arguments.cpp). This is those
three, quirks and all: a keyword may be numpy's name of a parameter (`x` for input, `axis` for dim), and
format_invalid_args reads each option back from its text, so that the name it matches a keyword against is the
word after a parameter's last space (`1` for `Number alpha = 1`, and `*` is a parameter).

A signature is a list of Param; `fits(kind, value, optional)` says whether torch's parser takes a value for a
parameter of that type (True where gradcli cannot tell), `type_name(value)` names a value's type as torch does.
"""

from collections import namedtuple

from . import recorded

# torch's numpy_compatibility_arg_names: the keywords its parser also reads for a parameter of that name
NUMPY_NAMES = {"input": ("x", "a", "x1"), "other": ("x2",), "dim": ("axis",), "keepdim": ("keepdims",)}

Param = namedtuple("Param", "kind name optional keyword_only")
_ABSENT = object()


def refusal(name, signatures, options, args, kwargs, fits, type_name):
    """torch's TypeError text for `name(*args, **kwargs)`, or None where one of the signatures takes the call.
    `options`: the text of the signatures torch lists, None where the function has one signature (its parser
    names its refusal directly); a call none takes goes to print_error."""
    check = _Checker(name, args, kwargs, fits, type_name)
    if options is None:
        return check.parse(signatures[0])
    if any(check.parse(params) is None for params in signatures):
        return None
    given = len(args) + len(kwargs)
    plausible = [p for p in signatures if sum(not q.optional for q in p) <= given <= len(p)]
    refused = check.parse(plausible[0]) if len(plausible) == 1 else None
    return refused or check.invalid_arguments(options)


def parsed(text):
    """(the signatures, their lines) of the text torch lists them in (`(Tensor input, *, Number alpha = 1)`)."""
    signatures, lines = [], []
    for line in text.splitlines():
        line = line.rstrip()
        if "(" not in line or not line.endswith(")"):
            continue
        line = line[line.index("("):]
        params, keyword_only = [], False
        for part in line[1:-1].split(", ") if line != "()" else ():
            if part == "*":
                keyword_only = True
                continue
            declared, _, default = part.partition(" = ")
            kind, _, param = declared.rpartition(" ")
            params.append(Param(kind, param, bool(default), keyword_only))
        signatures.append(params)
        lines.append(line)
    return signatures, lines


def parser_signatures(qualified, schemas):
    """The signatures torch's parser has for `torch.NAME` or `torch.Tensor.NAME`, each a list of
    torch_parser.Param (its Python binding's names: pow(Number self, Tensor exponent)); () where none is
    recorded. `schemas(qualified)`: the names of its schemas' parameters (lang.sandbox.keywords._torch)."""
    module, _, name = qualified.rpartition(".")
    method = module == "torch.Tensor"
    records = recorded("torch_refusals.json")["methods" if method else "functions"]
    entry = records.get(name) if module in ("torch", "torch.Tensor") else None
    if not entry or not ("expected" in entry or "params" in entry):
        return ()
    return signatures_of(name, entry, method, schemas)[0]


def signatures_of(name, entry, method, schemas):
    """(signatures, the text of each or None): the list torch gives of an overloaded function's, or the
    parameters of one, else the names it requires."""
    if "expected" in entry:
        signatures, options = parsed(entry["expected"])
    elif "params" in entry:
        signatures, options = [[Param(*p) for p in entry["params"]]], None
    else:
        # (its types not recorded: the required names, then the others torch's schemas give it, of any type)
        required = entry.get("required", [])
        overloads = schemas(("torch.Tensor." if method else "torch.") + name)
        places = max((p for p, _ in overloads), key=len, default=[])
        others = [n for n in dict.fromkeys(places + [k for _, kw in overloads for k in kw]) if n not in required]
        room = entry.get("most", len(required)) - len(required)  # (how many more it takes by position)
        optional = [Param(None, n, True, n not in places[len(required):][:room]) for n in others]
        signatures, options = [[Param(None, n, False, False) for n in required] + optional], None
    return signatures, options


class _Checker:
    def __init__(self, name, args, kwargs, fits, type_name):
        self.name, self.args, self.kwargs, self.fits, self.type_name = name, args, kwargs, fits, type_name

    def parse(self, params):
        """FunctionSignature::parse: None where the signature takes the call, else what it says."""
        args, kwargs, name = self.args, self.kwargs, self.name
        nargs = len(args)
        max_pos = sum(not p.keyword_only for p in params)
        # (a lone positional int list takes its ints one by one: x.view(2, 3), torch.permute's dims)
        spread = max_pos == 1 and params[0].kind == "tuple of ints" and nargs > 0 and _an_int(args[0])
        if nargs > max_pos and not spread:
            return self._extra_args(params)
        arg_pos, remaining = 0, len(kwargs)
        for i, p in enumerate(params):
            keyword = False
            if arg_pos < nargs:
                if p.keyword_only:
                    return self._extra_args(params)
                value = args[arg_pos]
            else:
                keyword = True
                value = next((kwargs[k] for k in (p.name,) + NUMPY_NAMES.get(p.name, ()) if k in kwargs), _ABSENT)
            if value is _ABSENT:
                if not p.optional:
                    missing = ['"%s"' % q.name for q in params[i:] if not q.optional]
                    # (torch's plural: "1 required positional arguments", "2 required positional argument")
                    return "%s() missing %d required positional argument%s: %s" % (
                        name, len(missing), "s" if len(missing) == 1 else "", ", ".join(missing))
            elif spread and arg_pos == 0 and not keyword and (nargs > 1 or not self.fits(p.kind, value, p.optional)):
                # (torch's check of a size-less int list refuses a lone int, so its ints go here; `fits` takes an
                # int for any int list, as a sized one, `int[2]`, does: with more ints than one, spreading them
                # is the only way the call is taken, as torch.randn(3, 4, device='cuda') is)
                arg_pos = nargs
                continue
            elif not self.fits(p.kind, value, p.optional) or _first_not_an_int(p.kind, value) and keyword:
                where = "" if keyword else " (position %d)" % (arg_pos + 1)
                return "%s(): argument '%s'%s must be %s, not %s" % (name, p.name, where, p.kind,
                                                                    self.type_name(value))
            elif _first_not_an_int(p.kind, value):  # (its parser looks at the first element only)
                return "%s(): argument '%s' (position %d) must be %s, but found element of type %s at pos 0" % (
                    name, p.name, arg_pos + 1, p.kind, self.type_name(value[0]))
            if not keyword:
                arg_pos += 1
            elif value is not _ABSENT:
                remaining -= 1
        if remaining > 0:
            names = [p.name for p in params]
            for key in kwargs:
                if key not in names:
                    return "%s() got an unexpected keyword argument '%s'" % (name, key)
                if names.index(key) < nargs:
                    return "%s() got multiple values for argument '%s'" % (name, key)
            return "invalid keyword arguments"
        return None

    def _extra_args(self, params):
        least = sum(not p.optional for p in params)
        most = sum(not p.keyword_only for p in params)
        given = len(self.args)
        if least != most:
            return "%s() takes from %d to %d positional arguments but %d were given" % (self.name, least, most,
                                                                                        given)
        return "%s() takes %d positional argument%s but %d %s given" % (
            self.name, most, "" if most == 1 else "s", given, "was" if given == 1 else "were")

    def invalid_arguments(self, options):
        """format_invalid_args: the options torch lists, and how the call fails each one that takes as many."""
        # (torch keeps the keywords in an unordered_map: for a few, in the reverse of their order)
        keys = list(reversed(list(self.kwargs)))
        message = "%s() received an invalid combination of arguments - " % self.name
        if len(options) == 1:
            option = _option(options[0])
            unmatched = self._unmatched(option, keys)
            if unmatched:
                return message + "got unrecognized keyword arguments: " + ", ".join(unmatched)
            got = self._formatted(option, keys) if self._count_matches(option) else self._described(keys)
            return message + "got %s, but expected %s" % (got, options[0])
        message += "got %s, but expected one of:\n" % self._described(keys)
        for text in options:
            option = _option(text)
            message += " * %s\n" % text
            if self._count_matches(option):
                unmatched = self._unmatched(option, keys)
                if unmatched:
                    message += "      didn't match because some of the keywords were incorrect: %s\n" % \
                        ", ".join(unmatched)
                else:
                    message += "      didn't match because some of the arguments have invalid types: %s\n" % \
                        self._formatted(option, keys)
        return message

    def _count_matches(self, option):
        return len(self.args) + len(self.kwargs) == len(option)

    def _unmatched(self, option, keys):
        """_tryMatchKwargs: the keywords not among the option's last names (as many as there are keywords)."""
        tail = {name for name, _ in option[max(len(option) - len(keys), 0):]}
        return [k for k in keys if k not in tail]

    def _described(self, keys):
        """_argDesc: `(Tensor, int, dim=str)`, or `(dim=str, )` of keywords alone."""
        parts = [self.type_name(a) for a in self.args] + ["%s=%s" % (k, self.type_name(self.kwargs[k]))
                                                         for k in keys]
        return "(%s)" % ", ".join(parts) if self.args else "(%s)" % "".join(p + ", " for p in parts)

    def _formatted(self, option, keys):
        """_formattedArgDesc, as torch writes it when not on a terminal: what does not match between `!`."""
        parts = []
        for i in range(len(self.args) + len(keys)):
            keyword = i >= len(self.args)
            name = option[i][0] if i < len(option) else ""
            value = self.kwargs.get(name) if keyword else self.args[i]
            kind = option[i][1] if i < len(option) else option[-1][1]
            shown = self._value_type(value)
            shown = (name + "=" if keyword else "") + shown
            parts.append(shown if _matches(kind, self.type_name(value)) else "!%s!" % shown)
        return "(%s)" % ", ".join(parts) if self.args else "(%s)" % "".join(p + ", " for p in parts)

    def _value_type(self, value):
        if isinstance(value, (tuple, list)):
            inner = ", ".join(self.type_name(v) for v in value)
            if isinstance(value, tuple):
                return "tuple of (%s%s)" % (inner, "," if len(value) == 1 else "")
            return "list of [%s]" % inner
        return self.type_name(value)


def _an_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _first_not_an_int(kind, value):
    """A list of ints whose first element is not one (`torch.full(('a',))`)."""
    return kind == "tuple of ints" and isinstance(value, (tuple, list)) and bool(value) and not _an_int(value[0])


def _option(text):
    """_parseOption: an option's (name, type) pairs as torch reads them back from its text."""
    inside = text[1:-1]
    pairs = []
    for arg in inside.split(", ") if text != "no arguments" else ():
        space = arg.rfind(" ")
        pairs.append((arg[space + 1:], arg[:space] if space >= 0 else arg))
    return pairs


def _matches(kind, shown):
    """SimpleType/MultiType's is_matching: a type's name as the option spells it (Number matches nothing)."""
    return shown in {"float": ("float", "int", "long"), "int": ("int", "long")}.get(kind, (kind,))
