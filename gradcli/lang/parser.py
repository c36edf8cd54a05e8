"""Parsing: the Lark LALR parser for grammar/gradcli.lark, cached on disk, with errors in words.

The grammar ships inside the wheel (gradcli/grammar/) and is read from the source tree in a checkout.
Lark's cache keeps the analysed grammar between runs, so a one-shot command does not rebuild the tables.
"""

import os
import pathlib

from .. import errors, limits

_PACKAGE_GRAMMAR = pathlib.Path(__file__).resolve().parent.parent / "grammar" / "gradcli.lark"
_SOURCE_GRAMMAR = pathlib.Path(__file__).resolve().parent.parent.parent / "grammar" / "gradcli.lark"

_parser = None


def grammar_path():
    """The grammar file: inside the installed package, else in the source tree (editable installs)."""
    for path in (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR):
        if path.is_file():
            return path
    raise errors.GradcliError("gradcli's grammar file is missing (looked in %s and %s)"
                              % (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR), "InstallError")


def _cache_file(text):
    import hashlib
    import lark
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    digest = hashlib.sha256((text + lark.__version__).encode()).hexdigest()[:16]
    folder = os.path.join(base, "gradcli")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return True  # Lark's own temporary-folder cache
    return os.path.join(folder, "grammar-%s.lark.cache" % digest)


def parser():
    global _parser
    if _parser is None:
        from lark import Lark
        from lark.indenter import PythonIndenter
        text = grammar_path().read_text(encoding="utf-8")
        _parser = Lark(text, parser="lalr", postlex=PythonIndenter(), start=["start", "expression"],
                       propagate_positions=True, maybe_placeholders=True, cache=_cache_file(text))
    return _parser


def parse(text, filename="<input>", start="start"):
    """The parse tree of `text`; a SyntaxError GradcliError with the position otherwise."""
    from lark.exceptions import UnexpectedInput
    limits.check_source(text, filename)
    if not text.endswith("\n"):  # also for expressions: Lark's indenter needs a newline after a last comment
        text += "\n"
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, filename) from None
    deep = limits.tree_too_deep(tree)  # the compiler recurses over the tree: refuse what would overflow it
    if deep is not None:
        meta = getattr(deep, "meta", None)
        raise limits.depth_error().at(errors.Position(filename, text, getattr(meta, "line", 1),
                                                      getattr(meta, "column", 1)))
    return tree


def is_incomplete(text):
    """True when `text` is an unfinished block or bracket (the REPL then asks for more lines)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken
    if not text.strip():
        return False
    try:
        parser().parse(text if text.endswith("\n") else text + "\n", start="start")
    except UnexpectedEOF:
        return True
    except UnexpectedToken as exc:
        if exc.token.type == "$END":
            return True
        if exc.token.type == "_DEDENT" or exc.token.type == "_NEWLINE" and _open_brackets(text):
            return True
        return text.rstrip().endswith(":") or text.rstrip().endswith("\\")
    except UnexpectedCharacters:
        return _open_brackets(text) > 0 or _open_string(text)
    return bool(text.splitlines() and text.splitlines()[-1][:1] in (" ", "\t")) and not text.endswith("\n\n")


def _open_brackets(text):
    depth = 0
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
    return depth


def _open_string(text):
    return text.count('"""') % 2 == 1 or text.count("'''") % 2 == 1


# ---------------------------------------------------------------- errors in words
_WORDS = {
    "RPAR": "')'", "LPAR": "'('", "RSQB": "']'", "LSQB": "'['", "RBRACE": "'}'", "LBRACE": "'{'",
    "COLON": "':'", "COMMA": "','", "EQUAL": "'='", "DOT": "'.'", "_NEWLINE": "the end of the line",
    "_INDENT": "an indented block", "_DEDENT": "the end of the block", "$END": "the end of the input",
    "NAME": "a name", "IN": "'in'", "ELSE": "'else'", "IMPORT": "'import'", "AS": "'as'",
}
_EXPRESSION_START = {"NAME", "INT", "FLOAT", "STRING", "LONG_STRING", "FSTRING", "LONG_FSTRING", "LPAR", "LSQB",
                     "LBRACE", "MINUS", "PLUS", "TRUE", "FALSE", "NONE", "NOT", "ELLIPSIS"}


def _describe_token(token):
    if token.type == "$END":
        return "the end of the input"
    if token.type == "_NEWLINE":
        return "the end of the line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "a change of indentation"
    return "'%s'" % token.value


def _expected_words(expected):
    expected = set(expected)
    words = []
    if expected & _EXPRESSION_START and len(expected & _EXPRESSION_START) >= 3:
        words.append("an expression")
        expected -= _EXPRESSION_START
    for name in sorted(expected):
        if name in _WORDS:
            words.append(_WORDS[name])
    if not words:
        return "something else"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def syntax_error(exc, text, filename):
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken
    line, column = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        previous = None
        history = getattr(exc, "token_history", None)
        if history:
            previous = history[-1]
        expected = _expected_words(exc.accepts or exc.expected)
        if token.type == "$END":
            lines = text.rstrip("\n").splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
        elif token.type in ("_NEWLINE", "_DEDENT") and previous is not None:
            line, column = previous.end_line, previous.end_column
        if token.type == "_INDENT":
            message = "unexpected indent"
        elif previous is not None and expected == "an expression":
            message = "expected an expression after '%s'" % previous.value
        else:
            message = "expected %s, found %s" % (expected, _describe_token(token))
    elif isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        if char in "\"'":
            message = "unterminated string"
        else:
            message = "unexpected character %r" % char
    else:
        message = "unexpected end of input"
    return errors.GradcliError(message, "SyntaxError", errors.Position(filename, text, line, column))
