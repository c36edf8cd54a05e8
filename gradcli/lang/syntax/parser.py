"""Parsing: grammar/gradcli.lark's LALR tables (Lark's analysis, cached on disk), run by lang.syntax.lalr.

The grammar ships inside the wheel (gradcli/grammar/) and is read from the source tree in a checkout.
Lark's cache keeps the analysed grammar between runs, so a one-shot command does not rebuild the tables
(see bench/parse.py for the figures). The cache is keyed by the grammar's text, so editing the grammar
rebuilds it; where no cache folder is writable Lark silently rebuilds in memory.

`parse` is the one way in. Inputs are parsed by lang.syntax.lalr's driver over the same Lark tables (several
times faster, the same trees), whose tables are cached beside Lark's as plain data: a one-shot command loads
them from there and never loads Lark. A syntax error is the driver's too, in CPython's words
(lang.syntax.mistakes: the message, line and column `compile()` gives). Lark's own parser reads an input only
where the driver cannot serve: this Lark's tables are not ones it can read (said once on stderr). A REPL input
is read once (read_input): the driver's tree both says that the input is complete and is the one that runs.
"""

import os
import sys

from ...base import errors
from ...core import limits
from . import trees
from .lalr import Fallback

_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))  # gradcli/
_PACKAGE_GRAMMAR = os.path.join(_PACKAGE, "grammar", "gradcli.lark")
_SOURCE_GRAMMAR = os.path.join(os.path.dirname(_PACKAGE), "grammar", "gradcli.lark")  # the checkout's

_parser = None
_driver = None


def grammar_path():
    """The grammar file: inside the installed package, else in the source tree (editable installs). (os.path, not
    pathlib: every run reads it, and pathlib's import costs a one-shot command 17M instructions.)"""
    for path in (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR):
        if os.path.isfile(path):
            return path
    raise errors.GradcliError("gradcli's grammar file is missing (looked in %s and %s)"
                              % (_PACKAGE_GRAMMAR, _SOURCE_GRAMMAR), "InstallError")


def grammar_text():
    with open(grammar_path(), encoding="utf-8") as f:
        return f.read()


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
    tables are cached never loads Lark); importing it where that file does not say it plainly. (Read with str
    methods, found through the import system's finders: a regular expression and importlib.util cost a one-shot
    command 2M instructions.)"""
    try:
        spec = next(filter(None, (finder.find_spec("lark", None) for finder in sys.meta_path
                                  if hasattr(finder, "find_spec"))), None)
        with open(spec.origin, encoding="utf-8") as f:
            found = _assigned_version(f.read())
    except (AttributeError, ImportError, OSError, ValueError, TypeError):
        found = None
    if found:
        return found
    import lark
    return lark.__version__


def _assigned_version(text):
    """The string of the first line `__version__ = "..."` (or `__version__: str = "..."`) in `text`, or None."""
    for line in text.splitlines():
        name, equals, value = line.partition("=")
        if equals and name.split(":")[0].rstrip() == "__version__":
            value = value.strip()
            if value[:1] in ("'", '"') and value.find(value[0], 1) > 1:
                return value[1:value.find(value[0], 1)]
    return None


def parser():
    """The one Lark parser (built, or loaded from the cache, on first use)."""
    global _parser
    if _parser is None:
        from lark import Lark
        from lark.indenter import PythonIndenter
        text = grammar_text()
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
        path = cache_file(grammar_text(), kind)
        tables = _read_tables(path, lalr.FORMAT) if path else None
        try:
            if tables is None:
                from .lalr_tables import tables_from_lark  # (only to build the cache: Lark's analysis)
                tables = tables_from_lark(parser())
                tables.update(lalr.Driver(tables).for_the_cache())
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
    """The parse tree of `text` (`start` is "start" for statements, "expression" for one expression); a
    GradcliError in CPython's words otherwise (lang.syntax.mistakes), at its line and column. A tree of the
    driver's carries no positions: lang.syntax.positions works them out from its tokens when one is needed."""
    limits.check_source(text, filename)
    source = text if text.endswith("\n") else text + "\n"  # (also for expressions: a last comment ends a line)
    try:
        return _read(source, start)
    except Exception as exc:
        from .mistakes import Mistake, position  # (loaded for a mistake only: cold start)
        if not isinstance(exc, Mistake):
            raise
        raise position(exc, source, filename) from None


def _read(source, start):
    """The tree of `source` from lang.syntax.lalr's driver, or from Lark's own parser where the driver cannot
    serve (tables it cannot read, an input they cannot describe); a mistakes.Mistake for a syntax error."""
    fast = driver()
    if fast is not None:
        try:
            return fast.parse(source, start)
        except Fallback:
            pass
    from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken
    from lark.indenter import DedentError
    from . import mistakes
    try:
        return trees.from_lark(parser().parse(source, start=start))
    except UnexpectedInput as exc:  # Python's generic words, at Lark's place
        at_end = isinstance(exc, UnexpectedEOF) or isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
        raise mistakes.TokenError("invalid syntax", getattr(exc, "pos_in_stream", None) or 0,
                                  incomplete=at_end) from None
    except DedentError:
        raise mistakes.TokenError("unindent does not match any outer indentation level", 0,
                                  "IndentationError") from None


def positioned_tree(text, start="start"):
    """Lark's own parse of `text` (which lang.syntax.lalr's driver parsed first), whose nodes carry their positions
    (`meta`): lang.syntax.positions asks for it only to place a node of the driver's tree that holds no token at
    all. The two trees have the same shape (tests/lang/test_lalr.py)."""
    return parser().parse(text if text.endswith("\n") else text + "\n", start=start)


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
    """A REPL input read once: (is_incomplete(text), its tree when it parsed, else None: parse() then reads it
    again for its error)."""
    if not text.strip():
        return False, None
    try:
        limits.check_source(text, "<input>")
        tree = _read(text if text.endswith("\n") else text + "\n", "start")
    except errors.GradcliError:  # too long: complete, and wrong (parse() says so)
        return False, None
    except Exception as exc:
        from .mistakes import Mistake
        if not isinstance(exc, Mistake):
            raise
        return exc.incomplete, None
    return _open_block_last(text, tree), tree


def _open_block_last(text, tree):
    """Python's REPL rule: a compound statement last that no blank line has closed yet asks for more."""
    if not tree.children or text.endswith("\n\n") or text.rstrip(" \t").endswith("\n\n"):
        return False
    return tree.children[-1].data in _COMPOUND


_COMPOUND = frozenset(("if", "while", "for", "with", "def", "decorated", "class", "try"))
