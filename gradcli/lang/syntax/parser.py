"""Parsing: the Lark LALR parser for grammar/gradcli.lark, cached on disk, with errors in words.

The grammar ships inside the wheel (gradcli/grammar/) and is read from the source tree in a checkout.
Lark's cache keeps the analysed grammar between runs, so a one-shot command does not rebuild the tables
(see bench/parse.py for the figures). The cache is keyed by the grammar's text, so editing the grammar
rebuilds it; where no cache folder is writable Lark silently rebuilds in memory.

Inputs are parsed by lang.syntax.lalr's driver over the same Lark tables (several times faster, the same trees),
whose tables are cached beside Lark's as plain data: a one-shot command loads them from there and never loads
Lark's parser. Any input the driver does not take goes to Lark's own parser, which gives the tree
or the error that is reported. A REPL input is read once (read_input): the driver's tree both says that the
input is complete and is the one that runs; Lark decides only what the driver refuses.

Syntax errors never show Lark's terminal names: `describe_expected` turns the parser's acceptable
terminals into words ("an expression", "':'", "the end of the line"), and the message names the token
before the error ("expected an expression after '+'").
"""

import os
import pathlib
import sys

from ...base import errors
from ...core import limits
from . import trees

_HERE = pathlib.Path(__file__).resolve().parents  # lang/syntax, lang, gradcli, the checkout
_PACKAGE_GRAMMAR = _HERE[2] / "grammar" / "gradcli.lark"
_SOURCE_GRAMMAR = _HERE[3] / "grammar" / "gradcli.lark"

_parser = None
_driver = None


def grammar_path():
    """The grammar file: inside the installed package, else in the source tree (editable installs)."""
    for path in (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR):
        if path.is_file():
            return path
    raise errors.GradcliError("gradcli's grammar file is missing (looked in %s and %s)"
                              % (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR), "InstallError")


def cache_file(text, kind="grammar"):
    """Where the analysed grammar is kept: $XDG_CACHE_HOME/gradcli or ~/.cache/gradcli, one file per grammar
    text, Lark version and `kind` (Lark's own cache, or the driver's tables); False (no cache, build in memory)
    when that folder cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    digest = _digest(text + _lark_version())
    folder = os.path.join(base, "gradcli")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    path = os.path.join(folder, "%s-%s.cache" % (kind, digest))
    if not os.access(folder, os.W_OK) and not os.path.exists(path):
        return False  # read-only and no cache yet: a save would only fail
    return path


def _digest(text):
    """16 hex digits that change with `text`: two checksums of zlib's (hashlib would load OpenSSL for it)."""
    import zlib
    data = text.encode()
    return "%08x%08x" % (zlib.crc32(data), zlib.adler32(data))


def _lark_version():
    """The installed Lark's version, read from its package's __init__ without importing it (a command whose
    tables are cached never loads Lark); importing it where that file does not say it plainly."""
    import importlib.util
    import re
    try:
        origin = importlib.util.find_spec("lark").origin
        with open(origin, encoding="utf-8") as f:
            found = re.search(r"""^__version__\s*(?::\s*str\s*)?=\s*['"]([^'"]+)['"]""", f.read(), re.M)
    except (AttributeError, ImportError, OSError, ValueError):
        found = None
    if found:
        return found.group(1)
    import lark
    return lark.__version__


def parser():
    """The one Lark parser (built, or loaded from the cache, on first use)."""
    global _parser
    if _parser is None:
        from lark import Lark
        from lark.indenter import PythonIndenter
        text = grammar_path().read_text(encoding="utf-8")
        _parser = Lark(text, parser="lalr", postlex=PythonIndenter(), start=["start", "expression"],
                       propagate_positions=True, maybe_placeholders=True, cache=cache_file(text))
    return _parser


def driver():
    """lang.syntax.lalr's driver, from its cached tables or (first run, new grammar) from Lark's parser; None where the
    grammar needs Lark's own lexer, or Lark's internals are not those the driver reads: gradcli then parses
    with Lark's parser alone, and says so once on stderr. (pyproject.toml allows the Lark versions the driver
    was verified on; tests/lang/test_lalr.py tries the newest Lark too.)"""
    global _driver
    if _driver is None:
        from . import lalr
        # marshal's format and the regex analysis belong to this Python: another one keeps its own file
        kind = "lalr%d-py%d%d" % ((lalr.FORMAT,) + sys.version_info[:2])
        path = cache_file(grammar_path().read_text(encoding="utf-8"), kind)
        tables = _read_tables(path, lalr.FORMAT) if path else None
        try:
            if tables is None:
                from .lalr_tables import tables_from_lark  # (only to build the cache: Lark's analysis)
                tables = tables_from_lark(parser())
                if path:
                    _write_tables(path, tables)
            _driver = lalr.Driver(tables)
        except Exception as exc:  # a grammar or a Lark version whose internals the driver does not know
            _driver = False
            import lark
            sys.stderr.write("gradcli: the fast parser cannot read the tables of lark %s (%s: %s); parsing with "
                             "Lark's own parser, several times slower\n" % (lark.__version__, type(exc).__name__, exc))
    return _driver or None


def _read_tables(path, format):
    import marshal
    try:
        with open(path, "rb") as f:
            tables = marshal.loads(f.read())
    except (OSError, EOFError, ValueError, TypeError):
        return None  # missing, or written by another Python: rebuilt
    return tables if isinstance(tables, dict) and tables.get("format") == format else None


def _write_tables(path, tables):
    import marshal
    partial = "%s.%d.tmp" % (path, os.getpid())
    try:
        with open(partial, "wb") as f:
            marshal.dump(tables, f)
        os.replace(partial, path)  # whole or not at all, also with two gradcli processes at once
    except OSError:  # no cache this time; parsing does not need it
        try:
            os.remove(partial)
        except OSError:
            pass


def parse(text, filename="<input>", start="start"):
    """The parse tree of `text` (`start` is "start" for statements, "expression" for one expression);
    a SyntaxError GradcliError with its position otherwise. A tree from lang.syntax.lalr's driver carries no positions:
    the compiler works them out from its tokens when an error needs one (lalr.span)."""
    limits.check_source(text, filename)
    check_tabs(text, filename)
    if not text.endswith("\n"):  # also for expressions: Lark's indenter needs a newline after a last comment
        text += "\n"
    fast = driver()
    if fast is None:
        return _parse_with_lark(text, filename, start)
    from .lalr import Fallback, Refused, TooDeep
    try:
        return fast.parse(text, start)
    except TooDeep as deep:
        raise errors.GradcliError("too many nested parentheses", "SyntaxError",
                                  _at_offset(filename, text, deep.args[0])) from None
    except Refused as refusal:
        _parse_with_lark(text, filename, start)  # Lark's own error, where Lark refuses the text too
        raise _refused_error(refusal, text, filename) from None  # Lark read a keyword as a name, or the like
    except Fallback:  # an indentation error, a character no token starts with
        return _parse_with_lark(text, filename, start)


def positioned_tree(text, start="start"):
    """Lark's own parse of `text` (which lang.syntax.lalr's driver parsed first), whose nodes carry their positions
    (`meta`): the compiler asks for it only to place a node of the driver's tree that holds no token at all.
    The two trees have the same shape (tests/lang/test_lalr.py)."""
    return parser().parse(text if text.endswith("\n") else text + "\n", start=start)


def _refused_error(refusal, text, filename):
    """The driver's refusal in words, where Lark's contextual lexer accepted the text by splitting a word
    differently (Python refuses it too): `expected an expression after '=', found 'in'`."""
    kind, value, start, _ = refusal.token
    previous = refusal.previous
    after = " after '%s'" % previous[1] if previous is not None and previous[0] not in _LAYOUT else ""
    found = _LAYOUT.get(kind) or "'%s'" % value
    return errors.GradcliError("expected %s%s, found %s" % (describe_expected(refusal.expected), after, found),
                               "SyntaxError", _at_offset(filename, text, start))


def _at_offset(filename, text, offset):
    return errors.Position(filename, text, text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset))


def _parse_with_lark(text, filename, start):
    """Lark's own parser: the tree, or the syntax error in words."""
    from lark.exceptions import UnexpectedInput
    from lark.indenter import DedentError
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise syntax_error(exc, text, filename, start) from None
    except DedentError:
        line = _bad_dedent_line(text)
        raise errors.GradcliError("unindent does not match any outer indentation level", "IndentationError",
                                  errors.Position(filename, text, line, 1)) from None
    return trees.from_lark(tree)


# ---------------------------------------------------------------- incomplete input (the REPL's "... ")
def is_incomplete(text):
    """True when more lines could complete `text`, so the REPL shows its continuation prompt:

    - the parser ran out of input while it still needed tokens: an open bracket, a `:` header without its
      block, a trailing backslash (these fail at the end of the input, while a real error fails earlier);
    - a triple-quoted string is still open;
    - the input parses, but its last statement is a compound one (if/for/while/with/def) and no blank line
      has closed it yet, as in Python's REPL.
    """
    return read_input(text)[0]


def read_input(text):
    """A REPL input read once: (is_incomplete(text), its tree when the driver parsed it, else None: parse()
    then reads it again, for the error it is or the tree only Lark's parser gives)."""
    if not text.strip():
        return False, None
    source = text if text.endswith("\n") else text + "\n"
    fast = driver()
    if "\t" in text:
        try:
            check_tabs(text, "<input>")
        except errors.GradcliError:
            return False, None  # complete, and wrong: parse() says so
    if fast is not None and len(text) <= limits.current()["max_script_size"]:
        from .lalr import Fallback, TooDeep
        try:
            tree = fast.parse(source, "start")
            return _open_block_last(text, tree), tree
        except TooDeep:
            return False, None  # complete, and wrong: parse() says so
        except Fallback:
            pass
    # unfinished, an error, or what only Lark's parser reads: Lark decides
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
    from lark.indenter import DedentError
    try:
        return _open_block_last(text, parser().parse(source, start="start")), None
    except UnexpectedEOF:
        return True, None
    except UnexpectedToken as exc:  # the end of the input, or the block closings the indenter adds there
        token = exc.token
        return token.type == "$END" or token.type == "_DEDENT" and (
            token.start_pos is None or token.start_pos >= len(source.rstrip())), None
    except UnexpectedCharacters as exc:
        return _opens_long_string(source, exc.pos_in_stream), None
    except (UnexpectedInput, DedentError):
        return False, None


def _open_block_last(text, tree):
    """Python's REPL rule: a compound statement last that no blank line has closed yet asks for more."""
    if not tree.children or text.endswith("\n\n") or text.rstrip(" \t").endswith("\n\n"):
        return False
    return tree.children[-1].data in _COMPOUND


_COMPOUND = frozenset(("if", "while", "for", "with", "def", "decorated", "class", "try"))


def _opens_long_string(text, pos):
    """Whether the lexer stopped at a triple-quoted string that is never closed."""
    rest = text[pos:].lstrip("rRbBfF")
    return rest[:3] in ('"""', "'''") and rest.find(rest[:3], 3) < 0


def _statement_indents(text):
    """(line number, indentation with tabs to multiples of 8, indentation with a tab as one column, its length
    in characters) of each line that starts a statement: not blank, not a comment, not inside brackets."""
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" \t")
        if stripped and not stripped.startswith("#") and depth <= 0:
            leading = line[:len(line) - len(stripped)]
            yield number, len(leading.expandtabs(8)), len(leading), len(leading)
        depth += sum(stripped.count(c) for c in "([{") - sum(stripped.count(c) for c in ")]}")


def _bad_dedent_line(text):
    """The 1-based line whose indentation matches no enclosing block (Python's IndentationError)."""
    stack = [0]
    for number, indent, _, _ in _statement_indents(text):
        if indent > stack[-1]:
            stack.append(indent)
        while indent < stack[-1]:
            stack.pop()
        if indent != stack[-1]:
            return number
    return 1


def check_tabs(text, filename):
    """Python's TabError: a block's lines must be indented alike whether a tab is 8 columns or 1 (the tokenizer's
    two measures), so that tabs and spaces cannot be mixed in a way whose meaning depends on the tab size."""
    if "\t" not in text:
        return
    stack, alternative = [0], [0]
    for number, indent, alt, width in _statement_indents(text):
        if indent == stack[-1]:
            consistent = alt == alternative[-1]
        elif indent > stack[-1]:
            consistent = alt > alternative[-1]
            stack.append(indent)
            alternative.append(alt)
        else:
            while len(stack) > 1 and indent < stack[-1]:
                stack.pop()
                alternative.pop()
            consistent = indent != stack[-1] or alt == alternative[-1]  # a bad dedent is an IndentationError
        if not consistent:
            raise errors.GradcliError("inconsistent use of tabs and spaces in indentation", "TabError",
                                      errors.Position(filename, text, number, width + 1))


# ---------------------------------------------------------------- errors in words
_EXPRESSION_START = frozenset(("NAME", "INT", "FLOAT", "STRING", "LONG_STRING", "FSTRING", "LONG_FSTRING"))
# terminals that continue an expression that is already complete: operators, calls, indexing, attributes
_CONTINUATION = frozenset(("+", "-", "*", "/", "//", "%", "@", "**", "^", "&", "|", "<", ">", "==", ">=", "<=", "!=",
                           "is", "in", "not", "and", "or", "if", "for", "(", "[", ".", "="))
_LAYOUT = {"_NEWLINE": "the end of the line", "_INDENT": "an indented block", "_DEDENT": "the end of the block",
           "$END": "the end of the input"}
_NAMED = {"NAME": "a name", "INT": "a number", "FLOAT": "a number", "STRING": "a string",
          "LONG_STRING": "a string", "FSTRING": "a string", "LONG_FSTRING": "a string",
          "AUGOP": "an augmented assignment such as '+='"}
_STATEMENT_KEYWORDS = frozenset(("pass", "break", "continue", "return", "import", "from", "assert", "del", "if",
                                 "while", "for", "with", "def", "class", "try", "raise", "global", "nonlocal"))
# Python keywords outside the subset: named in the message instead of a puzzling "expected ..."
_UNSUPPORTED = frozenset(("yield", "async", "await", "match"))
# closers first: the most likely fix is a missing bracket or colon
_ORDER = (")", "]", "}", ":", ",", "else", "in", "import", "as", "=")


def _literal(name):
    """The text of a literal terminal (`')'` for RPAR), or None for a pattern such as NAME."""
    for terminal in parser().terminals:
        if terminal.name == name:
            return terminal.pattern.value if terminal.pattern.type == "str" else None
    return None


def describe_expected(names):
    """The acceptable terminals, in words: `expected an expression`, `':' or ','`."""
    names = set(names)
    words = []
    if "NAME" in names and "INT" in names:  # anything that starts an expression
        words.append("an expression")
        names -= _EXPRESSION_START | {"LPAR", "LSQB", "LBRACE", "MINUS", "PLUS", "TILDE", "TRUE", "FALSE", "NONE",
                                      "NOT", "LAMBDA"}
        names = {n for n in names if _literal(n) != "..."}
    literals = {n: _literal(n) for n in names}
    if any(literals[n] in _STATEMENT_KEYWORDS for n in names):  # the start of a statement
        if words:
            words[0] = "a statement"
        names = {n for n in names if literals[n] not in _STATEMENT_KEYWORDS}
        literals = {n: literals[n] for n in names}
    closes_expression = any(literals.get(n) in ("+", "*", "==") for n in names)
    symbols = [v for n, v in literals.items() if v is not None and not (closes_expression and v in _CONTINUATION)]
    symbols.sort(key=lambda v: (_ORDER.index(v) if v in _ORDER else len(_ORDER), v))
    words += sorted({_NAMED[n] for n in names if n in _NAMED and literals[n] is None})
    words += ["'%s'" % v for v in symbols]
    words += [_LAYOUT[n] for n in ("_NEWLINE", "_INDENT") if n in names and not words]
    if not words:
        words = ["an operator"] if closes_expression else ["something else"]
    words = words[:4]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _describe_token(token):
    if token.type in _LAYOUT:
        return _LAYOUT[token.type]
    return "'%s'" % token.value


_CLOSING = {"(": ")", "[": "]", "{": "}"}


def _replay(text, start, failing):
    """(the last real token before the failing one, the brackets still open there): Lark's parse errors carry
    neither, so the parse is replayed token by token up to the failure."""
    from lark.exceptions import UnexpectedInput
    previous, open_brackets = None, []
    interactive = parser().parse_interactive(text, start=start)
    try:
        for token in interactive.iter_parse():
            if token.type == failing.type and token.start_pos == failing.start_pos:
                break
            if token.type in _LAYOUT:
                continue
            previous = token
            if token in _CLOSING:
                open_brackets.append(token)
            elif open_brackets and token == _CLOSING[open_brackets[-1]]:
                open_brackets.pop()
    except UnexpectedInput:
        pass
    return previous, open_brackets


def _never_closed(text, failing):
    """Whether the bracket open at the failing token stays open to the end of the text."""
    from lark.exceptions import LarkError
    depth = 0
    try:
        for token in parser().lex(text):
            if token.start_pos is None or failing.start_pos is None or token.start_pos < failing.start_pos:
                continue
            if token in _CLOSING:
                depth += 1
            elif token in (")", "]", "}"):
                if depth == 0:
                    return False
                depth -= 1
    except LarkError:
        return False
    return True


def syntax_error(exc, text, filename, start="start"):
    """Lark's UnexpectedInput as our SyntaxError: position, caret and a message in words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken
    line, column = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    kind = "SyntaxError"
    if isinstance(exc, UnexpectedToken):
        token = exc.token
        previous, open_brackets = _replay(text, start, token)
        expected = describe_expected(exc.accepts or exc.expected)
        bracket = open_brackets[-1] if open_brackets else None
        if token.type in ("$END", "_NEWLINE", "_DEDENT") and previous is not None:
            line, column = previous.end_line, previous.end_column
        elif token.type == "$END":
            lines = text.rstrip("\n").splitlines() or [""]
            line, column = len(lines), len(lines[-1]) + 1
        after = " after '%s'" % previous.value if previous is not None else ""
        unsupported = [t for t in (previous, token) if t is not None and t.type == "NAME" and t in _UNSUPPORTED]
        if unsupported:
            message = "gradcli does not support '%s'" % unsupported[0]
            line, column = unsupported[0].line, unsupported[0].column
        elif bracket is not None and (token.line or line) > bracket.line and _never_closed(text, token):
            # a bracket left open lines ago: Python's words, pointing at the bracket rather than the next line
            message = "'%s' was never closed" % bracket
            line, column = bracket.line, bracket.column
        elif token.type == "_INDENT":
            message, kind = "unexpected indent", "IndentationError"
            line, column = token.end_line or token.line or line, 1
        elif token.type in ("$END", "_NEWLINE", "_DEDENT"):
            message = "expected %s%s" % (expected, after)
            if token.type == "$END" and start == "start":
                message += ", found the end of the input"
        else:
            message = "expected %s%s, found %s" % (expected, after, _describe_token(token))
    elif isinstance(exc, UnexpectedCharacters):
        rest = text[exc.pos_in_stream:]
        quote = rest.lstrip("rRbBfF")[:3]
        if quote in ('"""', "'''"):
            message = "unterminated triple-quoted string"
        elif quote[:1] in ("'", '"'):
            message = "unterminated string"
        else:
            message = "unexpected character %r" % rest[:1]
    else:
        message = "unexpected end of input"
    return errors.GradcliError(message, kind, errors.Position(filename, text, line, column))
