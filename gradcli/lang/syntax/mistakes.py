"""Syntax errors in CPython's words: the message, line and column that `compile(text, file, "exec")` gives for
the same text (tests/lang/test_python_words.py compares them on the mistakes learners make).

The driver (lang.syntax.lalr) raises a Mistake where it stops, from the tokens it keeps:

- a TokenError, where Python's tokenizer stops: an unterminated string, a character no token starts with, a
  number run into a name (`1abc`), a bracket closed that was never opened or opened by another, a dedent to no
  outer level, tabs and spaces mixed. As in CPython, the lexer reads on after the parser refuses a token, and a
  tokenizer error anywhere comes first;
- a Refused, where the grammar takes no token: `explain` turns it into CPython's words from the parse stack
  (what was read before the token, the tokens read after it) and the brackets open. The rules follow CPython's
  parser (Grammar/python.gram's `invalid_*` rules and pegen's generic "invalid syntax"), in its order.
"""

from ...base import errors
from .trees import Token, Tree, span

# CPython's names for the compound statement whose block is missing
_HEADERS = {"IF": "'if' statement", "ELIF": "'elif' statement", "ELSE": "'else' statement",
            "WHILE": "'while' statement", "FOR": "'for' statement", "WITH": "'with' statement",
            "TRY": "'try' statement", "EXCEPT": "'except' statement", "FINALLY": "'finally' statement",
            "DEF": "function definition", "CLASS": "class definition"}
_FORCED_COLON = frozenset(("DEF", "TRY", "ELSE", "FINALLY"))  # `&&':'` in CPython's grammar: any token but ':'
_END = frozenset(("$END", "_DEDENT"))
_STRINGS = frozenset(("STRING", "LONG_STRING", "FSTRING", "LONG_FSTRING"))
_OPERANDS = frozenset(("NAME", "INT", "FLOAT", "TRUE", "FALSE", "NONE", "__ANON_7")) | _STRINGS  # (__ANON_7: ...)
_STARTS_EXPRESSION = _OPERANDS | {"LBRACE", "LAMBDA", "NOT", "TILDE"}
_BINARY = frozenset(("+", "-", "*", "/", "//", "%", "@", "**", "^", "|", "&", "<", ">", "==", "!=", "<=", ">=",
                     "and", "or", "in", "is", "not"))
_UNARY = frozenset(("-", "+", "~", "not"))
_OPENERS, _CLOSERS = "([{", ")]}"
# Python keywords outside gradcli's subset: named in the message rather than a puzzling "invalid syntax"
_UNSUPPORTED = frozenset(("async", "await", "match"))
_HEADER_STOPS = frozenset(("COLON", "_NEWLINE", "_INDENT", "_DEDENT", "SEMICOLON", "LAMBDA"))
# the grammar's statement rules: a tree of one ends no expression
_STATEMENTS = frozenset((
    "expression_statement assign annassign augassign pass break continue return import from_import assert del "
    "raise global nonlocal if elif else while for with def decorated decorator class try except finally block"
).split())
_TARGET_NAMES = {"call": "function call", "attribute": "attribute", "subscript": "subscript"}  # CPython's words
_PREFIXES = frozenset(("r", "u", "b", "f", "br", "rb", "fr", "rf"))


class Mistake(Exception):
    """A syntax error found by lang.syntax.lalr's driver."""


class TokenError(Mistake):
    """An error of Python's tokenizer: `message` of `kind` at the character `offset`; `incomplete` when more lines
    could still complete the text (a triple-quoted string left open: the REPL asks for them); `overrides`: it
    comes before a parser error earlier in the text (CPython's tokenizer raises it as it reads; the others, a
    bad dedent, tabs, a stray backslash, are only an error token that the parser meets if it gets there)."""

    def __init__(self, message, offset, kind="SyntaxError", incomplete=False, overrides=True):
        super().__init__(message)
        self.message, self.offset, self.kind, self.incomplete = message, offset, kind, incomplete
        self.overrides = overrides


class Refused(Mistake):
    """A token the grammar does not accept where it stands: `token` (type, value, start, end); `stack`, the parse
    stack, whose values (every other item) below `depth` were read before the token, and above it after it (the
    lexer reads on); `expected`, the terminals the parser's state takes; `brackets`, the offsets of the brackets
    open at the token, and `open_at_end` those still open where the text ends; `at_end`: the token is one the
    end of the text makes; `incomplete`: more lines could still complete the text (the REPL asks for them), as
    also when the token is the dedent of a last line that opens a block inside another (`if a:` / `    if b:`)."""

    def __init__(self, token, stack, expected, brackets, at_end, incomplete=False):
        super().__init__(token[2])
        self.token, self.stack, self.depth, self.expected = token, stack, len(stack), expected
        self.brackets, self.at_end, self.open_at_end = brackets, at_end, brackets
        self.incomplete = at_end or incomplete


# ---------------------------------------------------------------- the tokenizer's errors (raised by the lexer)
def unreadable(text, pos, previous):
    """The lexer's answer at a character no terminal reads: Python's tokenizer error, or an ERRORTOKEN for the
    parser to refuse (`$`, `?`, `!`: Python's tokenizer makes them an operator no rule takes)."""
    c = text[pos]
    if c in "'\"":
        start = pos
        if previous is not None and previous.__class__ is not tuple and previous.type == "NAME" and \
                previous.start_pos + len(previous) == pos and previous.lower() in _PREFIXES:
            start = previous.start_pos  # f"abc: the string starts at its prefix
        if text.startswith(c * 3, pos):
            raise TokenError("unterminated triple-quoted string literal (detected at line %d)" % text.count("\n"),
                             start, incomplete=True)
        raise TokenError("unterminated string literal (detected at line %d)" % (text.count("\n", 0, pos) + 1), start)
    if c == "\\":
        raise TokenError("unexpected character after line continuation character", pos + 1, overrides=False)
    if not c.isprintable():
        raise TokenError("invalid non-printable character U+%04X" % ord(c), pos)
    if c > "\x7f":
        raise TokenError("invalid character '%s' (U+%04X)" % (c, ord(c)), pos)
    return "ERRORTOKEN", c, pos, pos + 1


def glued_number(text, first, pos):
    """A number followed at once by a name's character (`1abc`, `0b12`, `1__0`): Python's tokenizer error. A
    keyword that can follow a number in valid code (`1if x else 2`, `1or 2`) is only warned about there."""
    c, rest = text[pos], text[pos:pos + 4]
    if rest.startswith(("and", "else", "for", "if", "in", "is", "or", "not")):
        return
    bases = {"x": "hexadecimal", "o": "octal", "b": "binary"}
    if text[first:pos] == "0" and c.lower() in bases:  # `0x` with no digit after it
        raise TokenError("invalid %s literal" % bases[c.lower()], pos)
    base = bases.get(text[first + 1:first + 2].lower(), "decimal") if text[first] == "0" else "decimal"
    if c.isdigit() and base in ("octal", "binary"):
        raise TokenError("invalid digit '%s' in %s literal" % (c, base), pos)
    raise TokenError("invalid %s literal" % base, pos if c == "_" else pos - 1)


def bracket_error(text, closer, offset, brackets):
    """A closing bracket that closes no open one, or another kind: Python's tokenizer error."""
    if not brackets:
        raise TokenError("unmatched '%s'" % closer, offset)
    opener = text[brackets[-1]]
    if _CLOSERS[_OPENERS.index(opener)] != closer:
        message = "closing parenthesis '%s' does not match opening parenthesis '%s'" % (closer, opener)
        line = text.count("\n", 0, brackets[-1]) + 1
        if line != text.count("\n", 0, offset) + 1:
            message += " on line %d" % line
        raise TokenError(message, offset)


def dedent_error(text, line_start):
    raise TokenError("unindent does not match any outer indentation level", text.find("\n", line_start),
                     "IndentationError", overrides=False)


def tab_error(line_start):
    raise TokenError("inconsistent use of tabs and spaces in indentation", line_start, "TabError", overrides=False)


def null_byte(offset):
    raise TokenError("source code string cannot contain null bytes", offset)


def too_deep(offset):
    raise TokenError("too many nested parentheses", offset)


# ---------------------------------------------------------------- the parser's errors
def explain(mistake, text):
    """(kind, message, offset) of a Mistake in CPython's words: `offset` is the character the caret points at,
    or a (line, column) pair where CPython points past the end of a line."""
    if isinstance(mistake, TokenError):
        return mistake.kind, mistake.message, mistake.offset
    kind, value, first, _ = mistake.token
    values = mistake.stack[1:mistake.depth:2]  # what the parser read before the token
    after = mistake.stack[mistake.depth::2]  # the token and those read after it
    at = _end_of_text(text) if mistake.at_end else first
    open_brackets = mistake.open_at_end  # (pegen: a bracket left open, past the error's line or to the end)
    if open_brackets and (mistake.at_end or _line(text, first) > _line(text, open_brackets[-1])):
        return "SyntaxError", "'%s' was never closed" % text[open_brackets[-1]], open_brackets[-1]
    for token in (values[-1] if values else None, mistake.token):  # (gradcli's own: outside the subset)
        if token is not None and _kind(token) == "NAME" and _text(token) in _UNSUPPORTED:
            return "SyntaxError", "gradcli does not support '%s'" % _text(token), _start(token)
    if kind == "_INDENT":
        return "IndentationError", "unexpected indent", mistake.token[3] - 1
    expected = mistake.expected
    header = _header(values)
    if "_INDENT" in expected and header is not None:  # (invalid_if_stmt and the like: `:` NEWLINE !INDENT)
        return "IndentationError", "expected an indented block after %s on line %d" % (
            _HEADERS[_kind(header)], _line(text, _start(header))), at
    if "COLON" in expected and header is not None and not mistake.brackets and (  # (`&&':'`, or NEWLINE)
            kind == "_NEWLINE" and _kind(header) not in _FORCED_COLON or _kind(header) in _FORCED_COLON
            and (_kind(header) == "DEF" or values[-1] is header)):
        return "SyntaxError", "expected ':'", at
    if "LPAR" in expected and len(values) > 1 and _kind(values[-2]) == "DEF":
        return "SyntaxError", "expected '('", at
    if len(values) > 2 and _kind(values[-3]) == "TRY" and kind not in ("EXCEPT", "FINALLY"):  # (invalid_try_stmt)
        return "SyntaxError", "expected 'except' or 'finally' block", at
    begins = _expression_start(values, len(values) - 1)
    starts_expression = kind in _STARTS_EXPRESSION
    # (invalid_legacy_expression: a NAME, no '(', an expression)
    if begins == len(values) - 1 and _text(values[-1]) in ("print", "exec") and _kind(values[-1]) == "NAME" \
            and starts_expression:
        name = _text(values[-1])
        return "SyntaxError", "Missing parentheses in call to '%s'. Did you mean %s(...)?" % (name, name), \
            _start(values[-1])
    # (invalid_assignment: `yield = 3`, `x = yield 1 = 3`: the grammar takes a yield as the last value only, so
    # the parser refuses the `=` with the yield's keyword still on the stack)
    if kind == "EQUAL":
        for value in reversed(values):
            if _kind(value) == "YIELD":
                return "SyntaxError", "assignment to yield expression not possible", _start(value)
            if _kind(value) == "EQUAL":
                break
    # (invalid_named_expression)
    if kind == "EQUAL" and begins is not None and len(after) > 1 and _kind(after[1]) in _STARTS_EXPRESSION:
        return ("SyntaxError",) + _assignment_meant(text, values, begins, mistake.brackets)
    # (invalid_expression: a 'if' b, no 'else')
    if "ELSE" in expected and kind != "COLON" and begins is not None and begins > 0 and \
            _kind(values[begins - 1]) == "IF":
        body = _expression_start(values, begins - 2)
        if body is not None:
            return "SyntaxError", "expected 'else' after 'if' expression", _start(values[body])
    # (invalid_expression: two expressions side by side inside brackets, the first not `NAME STRING`)
    if mistake.brackets and starts_expression and "PLUS" in expected and begins is not None and \
            not _in_comprehension(values, begins) and not (
                _kind(values[begins]) == "NAME" and _kind((values + [mistake.token])[begins + 1]) in _STRINGS):
        return "SyntaxError", "invalid syntax. Perhaps you forgot a comma?", _start(values[begins])
    if kind == "$END" and not mistake.brackets and text.rstrip("\n").endswith("\\"):
        return "SyntaxError", "unexpected EOF while parsing", at
    return "SyntaxError", "invalid syntax", at  # (pegen's generic error, at the token refused)


def position(mistake, text, filename):
    """The Mistake as a GradcliError: CPython's kind, words, line and column."""
    kind, message, at = explain(mistake, text)
    line, column = at if isinstance(at, tuple) else (_line(text, at), at - text.rfind("\n", 0, at))
    return errors.GradcliError(message, kind, errors.Position(filename, text, line, column))


def _assignment_meant(text, values, begins, brackets):
    """`if x = 1:`, `[x = 1]`: '=' where an expression goes; CPython's guess at what was meant."""
    if brackets and text[brackets[-1]] == "(" and brackets[-1] > 0 and _ends_operand(_before(values, brackets[-1])):
        return 'expression cannot contain assignment, perhaps you meant "=="?', _start(values[begins])
    shape = values[begins:]
    last = shape[-1]
    if len(shape) == 1 and _kind(last) == "NAME":
        return "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", _start(last)
    if len(shape) == 1 and _kind(last) in _STRINGS | {"INT", "FLOAT"}:
        what = "literal"
    elif len(shape) == 1 and last.__class__ is Tree and last.data in _TARGET_NAMES:
        what = _TARGET_NAMES[last.data]
    elif len(shape) >= 2 and _is_bracket(shape[-2], "."):
        what = "attribute"
    elif _is_bracket(last, ")]") and (_opener(values, len(values) - 1) or 0) > 0 and \
            _ends_operand(values[_opener(values, len(values) - 1) - 1]):
        what = "function call" if _text(last) == ")" else "subscript"
    elif any(_text(v) in ("<", ">", "==", "!=", "<=", ">=", "in", "is") for v in shape):
        return "invalid syntax", _start(values[-1])
    else:
        what = "expression"
    return "cannot assign to %s here. Maybe you meant '==' instead of '='?" % what, _start(values[begins])


def _expression_start(values, i):
    """The index in `values` where the expression (CPython's `disjunction`: operands, operators, trailers) that
    ends at values[i] begins; None when values[i] ends no expression."""
    begins = None
    while i >= 0:
        i = _operand_start(values, i)
        if i is None:
            return begins
        begins = i
        # unary operators before it (`-x`); then a binary one, with an operand before it, continues the chain
        j = i - 1
        if j > 0 and _text(values[j]) == "in" and _text(values[j - 1]) == "not":
            j -= 1  # `a not in b`: one operator
        while j >= 0 and _is_operator(values[j]) and not (j > 0 and _ends_operand(values[j - 1])):
            if _text(values[j]) not in _UNARY:
                return begins  # `*x`, `**x`: unpacking, not an operator
            begins = j
            j -= 1
        if j <= 0 or not _is_operator(values[j]):
            return begins
        i = j - 1
    return begins


def _operand_start(values, i):
    """The index where the operand that ends at values[i] begins, its trailers read right to left
    (`f(x)[0].y`, `(a + b)`, `'a' 'b'`); None when values[i] ends none."""
    begins = None
    while i >= 0:
        if _is_bracket(values[i], _CLOSERS):
            i = _opener(values, i)
            if i is None:
                return begins
        elif not _is_operand(values[i]):
            return begins
        begins = i
        below = values[i - 1] if i > 0 else None
        if _is_bracket(values[i], "([") and _ends_operand(below) or \
                _kind(values[i]) in _STRINGS and _kind(below) in _STRINGS:
            i -= 1  # a call's or a subscript's operand; a string before a string
        elif _is_bracket(below, ".") and i > 1:
            i -= 2  # an attribute's operand
        else:
            return begins
    return begins


def _opener(values, i):
    """The index of the bracket that the closing one at values[i] closes (None: not among the values)."""
    depth = 0
    while i >= 0:
        if _is_bracket(values[i], _CLOSERS):
            depth += 1
        elif _is_bracket(values[i], _OPENERS):
            depth -= 1
            if depth == 0:
                return i
        i -= 1
    return None


def _header(values):
    """The keyword of the compound statement whose header the parser is reading (`if`, `def`, ...), or None:
    the nearest one on the stack with no `:`, line break or `lambda` between (but the `:` and line break that
    end the header, where its block is missing)."""
    top = len(values)
    if top and _kind(values[top - 1]) == "_NEWLINE":
        top -= 1
    if top and _kind(values[top - 1]) == "COLON":
        top -= 1
    for value in reversed(values[:top]):
        kind = _kind(value)
        if value.__class__ is tuple and kind in _HEADERS:
            return value
        if kind in _HEADER_STOPS or not (_is_operand(value) or value.__class__ is not Tree):
            return None
    return None


def _in_comprehension(values, begins):
    """Whether a `for` stands between the innermost open bracket and values[begins] (`[x for x in y z]`)."""
    depth = 0
    for value in reversed(values[:begins]):
        if value.__class__ is tuple:
            if value[1] in _CLOSERS:
                depth += 1
            elif value[1] in _OPENERS:
                if depth == 0:
                    return False
                depth -= 1
            elif value[0] == "FOR" and depth == 0:
                return True
    return False


def _before(values, offset):
    """The value just before the token at `offset` (None if none)."""
    for i in range(len(values) - 1, -1, -1):
        if values[i].__class__ is tuple and values[i][2] == offset:
            return values[i - 1] if i else None
    return None


def _kind(value):
    if value.__class__ is tuple:
        return value[0]
    if isinstance(value, list):  # a `_rule`'s children, spliced later: `'a' 'b'` is one such run of strings
        return "STRING" if value and all(_kind(v) in _STRINGS for v in value) else "inline"
    return "tree" if value.__class__ is Tree else getattr(value, "type", "tree")


def _text(value):
    return value[1] if value.__class__ is tuple else str(value) if isinstance(value, Token) else ""


def _start(value):
    if value.__class__ is tuple:
        return value[2]
    if isinstance(value, Token):
        return value.start_pos
    if isinstance(value, list):
        return _start(value[0]) if value else 0
    found = span(value, outer=True)
    return found[0] if found else 0


def _is_bracket(value, which):
    return value.__class__ is tuple and value[1] in which and value[1] != ""


def _is_operand(value):
    """A name, a literal, or an expression already reduced (not a statement)."""
    kind = _kind(value)
    return kind in _OPERANDS or value.__class__ is Tree and value.data not in _STATEMENTS


def _ends_operand(value):
    return value is not None and (_is_operand(value) or _is_bracket(value, _CLOSERS))


def _is_operator(value):
    return _kind(value) not in _OPERANDS and value.__class__ is not Tree and _text(value) in _BINARY


def _line(text, offset):
    return text.count("\n", 0, offset) + 1


def _end_of_text(text):
    """Where CPython places an error at the end of the text: just past the last line that is not empty."""
    lines = text.rstrip("\n").split("\n")
    return len(lines), len(lines[-1]) + 1
