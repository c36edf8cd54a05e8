"""String literals and f-strings: decoded by hand (escapes) and, for `{expr}`, parsed with the grammar.

An f-string's fields are compiled like any other expression, so they obey the same allow-list; the format spec
is Python's own format mini-language applied with `format(value, spec)` (a tensor formats as torch does).
"""

import re

from ..sandbox.guards import check_format_spec, joined
from .runtime import located
from ...base import errors
from ...core.limits import check_nested_size
from ...base.errors import GradcliError

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v", "\n": ""}
_ESCAPE = re.compile(r"\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]+\}|[0-7]{1,3}|.|\n)", re.S)


def _unescape(body):
    def replace(match):
        code = match.group(1)
        if code[0] == "N" and len(code) > 1:
            import unicodedata
            try:
                return unicodedata.lookup(code[2:-1])
            except KeyError:
                raise errors.GradcliError("unknown Unicode character name %r" % code[2:-1], "SyntaxError") from None
        if code[0] in "xuU":
            return chr(int(code[1:], 16))
        if code[0] in "01234567" and code != "0" or len(code) > 1 and code[0] in "01234567":
            return chr(int(code, 8))
        return _ESCAPES.get(code, "\\" + code)
    return _ESCAPE.sub(replace, body)


def _split_literal(text):
    """(prefix letters, body, where the body starts in the token's text) of a string token."""
    i = 0
    while text[i] not in "\"'":
        i += 1
    prefix, rest = text[:i].lower(), text[i:]
    quote = rest[:3] if rest[:3] in ('"""', "'''") else rest[0]
    return prefix, rest[len(quote):-len(quote)], i + len(quote)


def compile_string(token, compiler):
    """A closure giving the string's value (an f-string's fields are evaluated when it runs)."""
    try:
        return _compile_string(token, compiler)
    except GradcliError as exc:
        raise exc.at(compiler.position(token))


def _compile_string(token, compiler):
    prefix, body, start = _split_literal(str(token))
    raw = "r" in prefix
    if "b" in prefix:
        raise compiler.error(token, "gradcli has no bytes literals")
    if "f" not in prefix:
        value = body if raw else _unescape(body)
        return lambda frame: value
    return _compile_fstring(body, raw, token, compiler, start)


def _compile_fstring(body, raw, token, compiler, start):
    """Literal parts and `{expr!conv:spec}` fields, each field compiled by `compiler` as an expression; `start`
    is where `body` stands in the token's text (a field's errors point into the script)."""
    parts = []
    i, n = 0, len(body)
    literal = []
    while i < n:
        ch = body[i]
        if ch == "{" and body[i + 1:i + 2] == "{":
            literal.append("{")
            i += 2
        elif ch == "}" and body[i + 1:i + 2] == "}":
            literal.append("}")
            i += 2
        elif ch == "}":
            raise compiler.error(token, "f-string: single '}' is not allowed")
        elif ch == "{":
            if literal:
                text = "".join(literal)
                parts.append(lambda frame, text=(text if raw else _unescape(text)): text)
                literal = []
            end = _field_end(body, i + 1)
            if end is None:
                raise compiler.error(token, "f-string: expecting '}'")
            parts.append(_compile_field(body[i + 1:end], token, compiler, start + i + 1))
            i = end + 1
        else:
            literal.append(ch)
            i += 1
    if literal:
        text = "".join(literal)
        parts.append(lambda frame, text=(text if raw else _unescape(text)): text)
    return lambda frame: joined([part(frame) for part in parts])


def _outside_brackets(text, start=0):
    """(index, char) of the characters of `text` from `start` that stand outside brackets and quotes, up to
    an unmatched closing bracket (which is yielded too: `}` ends an f-string field)."""
    depth, quote = 0, None
    for i in range(start, len(text)):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif not depth:
            yield i, ch
            if ch in ")]}":
                return


def _field_end(body, start):
    """Index of the `}` closing a field opened before `start`, or None."""
    return next((i for i, ch in _outside_brackets(body, start) if ch == "}"), None)


def _split_field(field):
    """expression, conversion ('r', 's' or None), spec text, where the spec starts in the field."""
    for i, ch in _outside_brackets(field):
        if ch == "!" and field[i + 1:i + 2] != "=":
            conversion = field[i + 1:i + 2]
            rest = field[i + 2:]
            return field[:i], conversion, rest[1:] if rest.startswith(":") else "", i + 3
        if ch == ":":
            return field[:i], None, field[i + 1:], i + 1
    return field, None, "", len(field)


def _compile_field(field, token, compiler, start):
    expression_text, conversion, spec, spec_start = _split_field(field)
    debug = expression_text.rstrip().endswith("=") and not expression_text.rstrip().endswith(("==", "!=", "<=",
                                                                                           ">="))
    # `{x = }` echoes its source text verbatim, spaces around `=` included, as Python does
    label = expression_text if debug else ""
    if debug:
        expression_text = expression_text.rstrip()[:-1]
    if not expression_text.strip():
        raise compiler.error(token, "f-string: empty expression not allowed")
    position = compiler.position(token)
    try:
        stripped = expression_text.lstrip()
        expression = compiler.field(stripped.rstrip(), token, start + len(expression_text) - len(stripped))
    except GradcliError as exc:
        raise GradcliError("f-string: " + exc.message, "SyntaxError", exc.position or position) from None
    spec_part = (_compile_fstring(spec, False, token, compiler, start + spec_start) if "{" in spec
                 else (lambda frame: spec))
    if conversion not in (None, "r", "s", "a"):
        raise compiler.error(token, "f-string: invalid conversion character %r" % conversion)

    def run(frame):
        try:
            value = expression(frame)
            spec_text = spec_part(frame) if spec else ""
            check_format_spec(spec_text)
            check_nested_size(value)
            if conversion in ("r", "a") or debug and conversion is None and not spec:
                text = repr(value)
                return label + (format(text, spec_text) if spec else text)
            if conversion == "s":
                value = str(value)
            return label + format(value, spec_text)
        except GradcliError as exc:
            raise exc.at(position)
        except Exception as exc:
            raise located(exc, position) from None
    return run


__all__ = ["compile_string"]
