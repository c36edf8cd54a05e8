"""A lean driver for Lark's LALR tables: the same trees as Lark's own parser, several times faster
(docs/bench.md has the figures).

Lark stays the grammar's one definition: it analyses grammar/gradcli.lark into parse tables, its lexer's
terminal order decides how text splits into tokens, and its tree-shaping rules (`_rule` inlined, `?rule` with
one child replaced by that child, `-> alias`, `[x]` placeholders, `!rule` keeping its tokens) are applied here
exactly as Lark applies them. What this driver saves, per statement, is most of Lark's generic machinery:

- unit rules (`?test: or_test`, Python's thirteen precedence levels from `test` down to `atom`) hand their only
  child up unchanged, so their reductions only move the parser's state: no children list, no callback;
- the other reductions take their symbols off one parse stack (values and states interleaved), a node's kept
  symbols with one slice where they are evenly spaced (`primary "." NAME`), and make the Tree without a call;
  the state after each (unit reductions included) is cached per state, nonterminal and lookahead;
- tokens that never reach a tree (punctuation, keywords, layout) are not built as Token objects;
- trees carry no positions, and tokens only their start: Lark's `propagate_positions` computed lines and
  columns for every node, though only an error or a warning ever reads one. A node's place is worked out then
  from its tokens (`trees.span`): the kept ones in the tree, and the punctuation and keywords that open or close a
  rule, whose offsets the node records as it is built;
- the lexer and the indenter (Python's INDENT/DEDENT tokens) run inside the parse loop, a token at a time,
  instead of as a chain of generators;
- the lexer tries only the terminals that can start with the character at hand, and needs no regex match for
  a character that is a token on its own (`(`, `,`) or a blank;
- the tables are plain data (lang.syntax.lalr_tables reads them off Lark once), cached by lang.syntax.parser, so that a
  one-shot command never loads Lark's parser; the cache also keeps each first character's matcher as the regex
  engine's code (`compiled_readers`), so that a run makes it without re's compiler (which took a third of a
  five-line script's start).

A syntax error is the driver's too, found as Python finds it: the lexer reads Python's tokens (a word is
split as Python's tokenizer splits it, where Lark's contextual lexer may read `in` as a name), the indenter
measures tabs as Python's does, and the lexer reads on after the parser refuses a token, so that a tokenizer
error anywhere comes first. It raises a lang.syntax.mistakes.Mistake (a TokenError, or Refused with the parse
stack), which that module puts in CPython's words. `Fallback` is only for what the driver cannot serve.
tests/lang/test_lalr.py checks that both parsers give equal trees and tokens, and stop at the same token.

Where accel/ is installed, `gradcli_lalr` (accel/src/lalr.c) runs this loop in C over the same tables and
builds the same objects (the actions numbered once, `numbered`, and the ASCII tokens whose terminals are runs
or literals read without the regex engine, `_fast_readers`; both kept in the tables' cache). It serves only
texts that parse: at anything else it hands the text back, and this module's loop reads it from the start and
finds the error. tests/lang/test_lalr_compiled.py compares the two loops' trees node for node.
"""

import re
import sys
from bisect import bisect_right

import _sre  # (the engine under re: a matcher made from its cached code, see compiled_readers)

from .trees import NO_EDGES, Token, Tree

_OPEN = frozenset(("LPAR", "LSQB", "LBRACE"))
_CLOSE = frozenset(("RPAR", "RSQB", "RBRACE"))
_TAB = 8  # Python's tokenizer: a tab goes to the next multiple of eight columns
_ASCII = frozenset(map(chr, range(128)))
_MAX_BRACKETS = 200  # CPython's tokenizer (MAXLEVEL): brackets open at once
_CLOSING = {"(": ")", "[": "]", "{": "}"}
_NUMBERS = frozenset(("INT", "FLOAT"))
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")  # a name's characters


class Fallback(Exception):
    """The driver cannot serve this input (its tables cannot describe it); Lark's parser reads it."""


def _mistakes():
    """lang.syntax.mistakes, where the driver stops at a syntax error (loaded then only: a one-shot command whose
    text is right never loads it)."""
    from . import mistakes
    return mistakes


class _Token(Token):
    """A Token with its end, line and column worked out from its start when read: few ever are, and
    Lark's constructor sets all eight fields of every token."""

    __slots__ = ("_lines",)

    end_pos = property(lambda self: self.start_pos + len(self))
    line = property(lambda self: self._lines.line_and_column(self.start_pos)[0])
    column = property(lambda self: self._lines.line_and_column(self.start_pos)[1])
    end_line = property(lambda self: self._lines.line_and_column(self.end_pos)[0])
    end_column = property(lambda self: self._lines.line_and_column(self.end_pos)[1])


class _Lines:
    """Where the lines of a text start, found the first time a line or column is asked for."""

    __slots__ = ("text", "starts")

    def __init__(self, text):
        self.text, self.starts = text, None

    def line_and_column(self, offset):
        if self.starts is None:
            self.starts, found = [0], self.text.find("\n")
            while found >= 0:
                self.starts.append(found + 1)
                found = self.text.find("\n", found + 1)
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


class _Inline(list):
    """The children of a `_rule`, spliced into the parent's children (Lark's inlining); `edges` as a Tree's."""

    edges = (None, None)


_new_object = object.__new__


# What stands at either end of a rule's symbols, for positions: a token left out of the tree (the node records
# it), a `_rule` (what it recorded is passed on), or something the node keeps (nothing to record).
FILTERED, INLINED, KEPT = 1, 2, 0


class _Reduction:
    """How one grammar rule shapes its matched symbols into a node (Lark's tree-shaping options, precomputed)."""

    __slots__ = ("origin", "size", "name", "picks", "nones_after", "inline", "single", "all_kept", "unit",
                 "first", "last", "edged", "popped", "below", "picked", "plain")

    def __init__(self, origin, size, name, picks, nones_after, inline, single, first, last):
        self.origin, self.size, self.name = origin, size, name
        self.nones_after = nones_after
        self.inline = inline  # a `_rule`: its children are spliced into the parent's
        self.single = single  # a `?rule`: one child stands for the node
        self.all_kept = picks == tuple((i, False, 0) for i in range(size)) and not nones_after
        # A unit rule hands its only child up unchanged, so the driver only changes state: `?test: or_test`,
        # and a `_rule` whose one symbol is another `_rule` (its children, already an _Inline list).
        self.unit = size == 1 and not nones_after and (single and self.all_kept or inline and picks == ((0, True, 0),))
        self.first, self.last = first, last  # FILTERED, INLINED or KEPT: the rule's first and last symbols
        # a rule that begins or ends with a left-out token or a `_rule` records what stands there (most do not)
        self.edged = bool(first or last)
        # Where its symbols are on the parse stack, which holds each symbol's value followed by the state it
        # leads to: the top 2 * size items (an empty rule: the empty slice at the top), their values every other
        # one, and the state it reduces from below them. A node that keeps symbols as they are, evenly spaced
        # (`primary "." NAME`), takes them with one slice.
        self.popped = slice(-2 * size, None) if size else slice(sys.maxsize, None)
        self.below = -2 * size - 1
        # (where the symbol's value is on the stack, splice it?, placeholders before it) for each one kept
        self.picks = tuple((2 * (index - size), splice, nones) for index, splice, nones in picks)
        self.picked = _evenly_spaced([index for index, _, _ in self.picks]) if not nones_after and not any(
            splice or nones for _, splice, nones in picks) else None
        # a Tree of some symbols taken as they are, nothing recorded at its ends (`a + b`, `f(x)`, `x = y`): the
        # parse loop builds it itself, without a call to build() (two in five nodes of a script's statements)
        self.plain = not inline and not single and not self.edged and self.picked is not None

    def build(self, stack):
        """The node of the rule's symbols on top of the parse `stack`: a Tree, the one child of a `?rule`, or an
        _Inline list; for an `edged` rule, with the left-out tokens at its ends as the parse loop holds them
        (trees.span reads their offsets): a Tree keeps them as `_edges`, an _Inline list as `edges`, and the one
        child a `?rule` hands up (`(a + b)`) adds them to its `_edges`, as the span its parent counts it by
        (Lark's container positions)."""
        picked = self.picked
        children = stack[picked] if picked is not None else self._children(stack)
        if self.inline:
            node = children if children.__class__ is _Inline else _Inline(children)
        elif self.single and len(children) == 1:
            node = children[0]
        else:  # Tree(name, children), without a call to Tree.__init__: the fields it sets
            node = _new_object(Tree)
            node.data = self.name
            node.children = children
            node._meta = None
        if self.edged:
            first, last = self.first, self.last
            first_value, last_value = stack[-2 * self.size], stack[-2]
            edges = (first_value if first == FILTERED else first_value.edges[0] if first else None,
                     last_value if last == FILTERED else last_value.edges[1] if last else None)
            if self.inline:
                node.edges = edges
            elif node.__class__ is not Tree:
                pass  # a token that a `?rule` hands up: its place is its own
            elif self.single and len(children) == 1:
                node._edges = getattr(node, "_edges", NO_EDGES)[:2] + edges
            else:
                node._edges = edges
        return node

    def _children(self, stack):
        """The node's children, where it does more than keep some of its symbols: it splices a `_rule`'s
        children in, or has placeholders for left-out `[x]`."""
        children = []
        for index, splice, nones in self.picks:
            if nones:
                children += [None] * nones
            if not splice:
                children.append(stack[index])
            elif children:
                children += stack[index]
            else:
                children = stack[index]  # a `_rule`'s list is used once: extend it in place (Lark does too)
        if self.nones_after:
            children += [None] * self.nones_after
        return children


def _evenly_spaced(indices):
    """A slice that takes these indices of a list, in order, if they are evenly spaced; else None."""
    if not indices:
        return slice(0, 0)
    step = indices[1] - indices[0] if len(indices) > 1 else 1
    if any(b - a != step for a, b in zip(indices, indices[1:])):
        return None
    return slice(indices[0], indices[-1] + 1 or None, step)


FORMAT = 5  # of lalr_tables.tables_from_lark's result (with for_the_cache's), which the Driver reads: part of the cache's key


NO_ACTION = -2 ** 15  # (in numbered(): a symbol that no action of the state takes)


class Driver:
    """Lark's analysed parser, run by a tight loop: `parse(text, start)` returns the tree Lark would."""

    def __init__(self, tables):
        states = tables["states"]
        if sorted(states) == list(range(len(states))):  # Lark numbers its states 0..n-1: a list is read faster
            states = [states[number] for number in range(len(states))]
        self.states, self.start_states, self.end_states = states, tables["start_states"], tables["end_states"]
        self.reductions = [_Reduction(*shape) for shape in tables["rules"]]
        # state below -> nonterminal -> lookahead -> the state to push, unit reductions done (filled as met)
        self.gotos = [{} for _ in states] if states.__class__ is list else {number: {} for number in states}
        # Lark tries its terminals in one ordered alternation; `re` then attempts every alternative at every
        # position. Keeping, for each first character, only the terminals that can start with it (in the same
        # order) gives the same first match several times faster.
        self.terminals, self.flags = tables["terminals"], tables["flags"]
        self.readers = {}  # first character -> how a token starting with it is read (_reader)
        compiled = tables.get("compiled")
        self.compiled = compiled[1] if compiled and compiled[0] == _sre.MAGIC else {}
        self.keywords, self.kept = tables["keywords"], tables["kept"]
        self.ignore = tables["ignore"]
        # Blanks: the characters that only ignored runs such as `[\t \f]+` can start. Skipping them one at a
        # time drops what matching the run would, without a match.
        runs = {name: _run_characters(regexp) for name, regexp, _ in self.terminals if name in self.ignore}
        blanks = frozenset().union(*filter(None, runs.values()))
        self.blanks = blanks if all(runs.get(name) for c in blanks for name, _ in self._candidates(c)) else frozenset()
        self.layout = self.ignore | {"_NEWLINE"} | _OPEN | _CLOSE  # the tokens the lexer does more with
        self.loop = None  # (gradcli_lalr.parse, its prepare(compiled_tables())) once looked up; False where none
        self.cached = {key: tables[key] for key in ("fast", "numbered") if key in tables}  # (for_the_cache's)

    def _candidates(self, character):
        """(name, regexp) of the terminals that can start with `character`, in Lark's order."""
        return [(name, regexp) for name, regexp, first in self.terminals
                if first is None or character in first or character not in _ASCII]

    def _reader(self, character):
        """How the lexer reads a token that starts with `character`: None for a blank (skipped), the name of
        its terminal when the character is a token on its own (`(`, `,`), else the match function of the
        terminals that can start with it."""
        if character in self.blanks:
            return None
        candidates = self._candidates(character)
        if len(candidates) == 1 and candidates[0][1] == re.escape(character):
            return candidates[0][0]
        if not candidates:
            return lambda text, pos: None
        pattern = "|".join("(?P<%s>%s)" % c for c in candidates)
        code = self.compiled.get(pattern)
        if code is not None:
            return _sre.compile(pattern, *code).match  # (what re.compile(pattern, self.flags) makes)
        return re.compile(pattern, self.flags).match

    def for_the_cache(self):
        """What the tables' cache keeps beside Lark's tables, so that a run need not work it out: the regex
        engine's code of the readers (compiled_readers), and what gradcli_lalr reads (_fast_readers, the actions
        numbered)."""
        return {"compiled": self.compiled_readers(), "fast": _fast_readers(self), "numbered": self.numbered()}

    def numbered(self):
        """The action rows as gradcli_lalr reads them: (the symbols, in the order that numbers them; the
        actions, a state's row after another, one int16 per symbol, NO_ACTION where there is none, as bytes of
        this machine's order; that order), or None where the states are not a list or do not fit."""
        from array import array
        if self.states.__class__ is not list or len(self.states) >= 2 ** 15 or len(self.reductions) >= 2 ** 15:
            return None
        symbols = sorted({symbol for row in self.states for symbol in row})
        number = {symbol: i for i, symbol in enumerate(symbols)}
        actions = array("h", [NO_ACTION]) * (len(self.states) * len(symbols))
        for state, row in enumerate(self.states):
            for symbol, action in row.items():
                actions[state * len(symbols) + number[symbol]] = action
        return tuple(symbols), actions.tobytes(), sys.byteorder

    def compiled_readers(self):
        """For the tables' cache: the regex engine's code of every ASCII character's matcher (_reader), as re's
        compiler makes it: (_sre.MAGIC, {pattern: (flags, code, groups, groupindex, indexgroup)}); None where
        this Python's re is not built so (then each run compiles its matchers)."""
        try:
            from re import _compiler, _parser
            found = {}
            for character in sorted(_ASCII - self.blanks):
                candidates = self._candidates(character)
                if len(candidates) > 1 or candidates and candidates[0][1] != re.escape(character):
                    pattern = "|".join("(?P<%s>%s)" % c for c in candidates)
                    parsed = _parser.parse(pattern, self.flags)
                    state = parsed.state
                    indexgroup = [None] * state.groups
                    for name, index in state.groupdict.items():
                        indexgroup[index] = name
                    code = [int(op) for op in _compiler._code(parsed, self.flags)]  # (re's opcodes are ints)
                    found[pattern] = (int(self.flags | state.flags), code, state.groups - 1, dict(state.groupdict),
                                      tuple(indexgroup))
                    if _sre.compile(pattern, *found[pattern]) != re.compile(pattern, self.flags):
                        return None
            return _sre.MAGIC, found
        except (ImportError, AttributeError, TypeError):
            return None

    def compiled_tables(self):
        """What gradcli_lalr.prepare reads (the order of lalr.c's `tables`): the actions numbered (numbered()),
        this driver's readers and _reader, the keywords, each kind's class (what the lexer does more with it),
        the rules as lalr.c's `Rule` reads them, _Token, Tree, _Inline, _indentation, the bracket limit and the
        fast readers; None where the actions cannot be numbered."""
        numbered = self.cached.get("numbered")
        if not numbered or numbered[2] != sys.byteorder:  # (not cached, or by a machine of the other order)
            numbered = self.numbered()
            if numbered is None:
                return None
        classes = {}
        for flag, kinds in ((1, ("NAME",)), (2, _NUMBERS), (4, self.ignore), (8, ("_NEWLINE",)), (16, _OPEN),
                            (32, _CLOSE), (64, self.kept)):
            for kind in kinds:
                classes[kind] = classes.get(kind, 0) | flag
        rules = tuple((rule.origin, rule.unit, rule.name, rule.size, rule.picks, rule.nones_after, rule.inline,
                       rule.single, rule.first, rule.last) for rule in self.reductions)
        return (numbered[0], numbered[1], len(self.states), self.readers, self._reader, self.keywords, classes, rules,
                _Token, Tree, _Inline, _indentation, _MAX_BRACKETS, self.cached.get("fast") or _fast_readers(self))

    def parse(self, text, start):
        """The tree of `text` from rule `start`; a mistakes.Mistake for a syntax error. (How deep the tree
        nests is the compiler's to check: it is the one that recurses.) The lexer runs in the parse loop, a
        token at a time: no list of tokens, nor a generator resumed for each. Where gradcli_lalr is installed,
        its C loop parses the text first; it hands back (None) any text it does not accept, which this loop
        then reads from the start, to the same tree or to the syntax error."""
        lines = _Lines(text)
        tree = self.parse_compiled(text, start, lines)
        return tree if tree is not None else self.parse_here(text, start, lines)

    def parse_compiled(self, text, start, lines):
        """The tree of `text` by gradcli_lalr's loop; None where it is not installed or hands the text back,
        and for the texts whose first steps are the Python loop's own (a NUL, an indented first line)."""
        if self.loop is None:
            self.loop = _compiled_loop(self)
        if not self.loop or "\0" in text or start == "start" and text[:1] in " \t":
            return None
        return self.loop[0](text, self.start_states[start], self.end_states[start], self.loop[1], lines)

    def parse_here(self, text, start, lines=None):
        """parse() by this module's loop alone (the definition, and the one that finds the syntax errors)."""
        states, reductions, kept, gotos = self.states, self.reductions, self.kept, self.gotos
        readers, keywords, layout, ignore = self.readers, self.keywords, self.layout, self.ignore
        new_str = str.__new__
        lines = lines or _Lines(text)
        state = self.start_states[start]  # the top of the stack
        stack = [state]  # each symbol's value, then the state after it: [state, value, state, value, state...]
        push = stack.append
        end_state = self.end_states[start]
        pos, end = 0, len(text)
        indents = [(0, 0)]  # the open blocks' indentation: (tabs to multiples of 8, tabs as 1), as Python's
        brackets = []  # the offsets of the brackets open (where newlines are blanks)
        pending = []  # tokens the indenter adds after a newline and at the end of the text, the next one last
        previous = None  # the last token shifted, as the stack holds it
        refusal = None
        ending = False  # the tokens the end of the text makes are being read
        if "\0" in text:  # (Python refuses the whole text before it reads a token)
            _mistakes().null_byte(text.index("\0"))
        if start == "start" and text[:1] in " \t":  # an indented first line: Python's "unexpected indent"
            newline = text[:len(text) - len(text.lstrip(" \t"))]
            if text[len(newline):len(newline) + 1] not in ("\n", "#", "\\", "\r", "\x0c"):
                pending = _indentation(text, "\n" + newline, 0, len(newline), indents)
        try:
            while True:
                # the next token: its kind, text and offsets
                if pending:
                    kind, value, first, last = pending.pop()
                elif pos < end:
                    character = text[pos]
                    try:
                        read = readers[character]
                    except KeyError:
                        read = readers[character] = self._reader(character)
                    if read.__class__ is str:  # a token of this one character
                        kind, value, first = read, character, pos
                        pos += 1
                    elif read is None:  # a blank
                        pos += 1
                        continue
                    else:
                        m = read(text, pos)
                        if m is None:  # Python's tokenizer error, or a character only the parser refuses
                            kind, value, first, pos = _mistakes().unreadable(text, pos, previous)
                        else:
                            kind, value = m.lastgroup, m.group()
                            first, pos = pos, m.end()
                    last = pos
                    if kind == "NAME":
                        kind = keywords.get(value, kind)
                    elif kind in _NUMBERS:
                        if pos < end and (text[pos] in _WORD or text[pos] > "\x7f"):
                            _mistakes().glued_number(text, first, pos)
                    elif kind in layout:  # most tokens are none of these: one test for all of them
                        if kind in ignore:
                            continue
                        if kind == "_NEWLINE":
                            if brackets:
                                continue
                            # (a top-level line after it: no _INDENT or _DEDENT, _indentation's answer without a call)
                            if value[-1] != "\n" or len(indents) > 1:
                                pending = _indentation(text, value, first, last, indents)
                        elif kind in _OPEN:
                            brackets.append(first)
                            if len(brackets) > _MAX_BRACKETS:
                                _mistakes().too_deep(first)
                        else:
                            if not brackets or _CLOSING[text[brackets[-1]]] != value:
                                _mistakes().bracket_error(text, value, first, brackets)
                            brackets.pop()
                elif refusal is None:  # the end of the text: the open blocks' _DEDENTs, then $END where the last token ends
                    first, last = _plain(previous)[2:] if previous is not None else (0, 0)
                    pending = [("$END", "", first, last)] + [("_DEDENT", "", first, last)] * (len(indents) - 1)
                    ending = True
                    continue
                else:
                    refusal.open_at_end = brackets
                    raise refusal
                # the parser's actions on it, up to its shift
                while True:
                    try:
                        action = states[state][kind]
                    except KeyError:
                        if state == end_state and kind == "$END":
                            return stack[-2]
                        # Refused, unless the lexer fails further on: Python's tokenizer errors come first. It reads
                        # on, while every token is shifted into one state that takes them all.
                        open_before = brackets[:-1] if kind in _OPEN else brackets[:]  # (the lexer counted it)
                        more = kind == "_DEDENT" and last == end and text.count("\n", first, last) == 1
                        refusal = _mistakes().Refused((kind, value, first, last), stack, set(states[state]),
                                                      open_before, ending, more)
                        if kind == "_INDENT":  # Python's "unexpected indent": nothing after it is read
                            raise refusal
                        states, state = _REFUSED, 0
                        continue
                    if action >= 0:  # shift
                        state = action
                        if kind in kept:  # a _Token: str's constructor, then the fields the driver knows
                            previous = new_str(_Token, value)
                            previous.type = kind
                            previous.value = value
                            previous.start_pos = first
                            previous._lines = lines
                        else:  # left out of the tree: the (type, value, start, end) tuple, for a rule's edges
                            previous = (kind, value, first, last)
                        push(previous)
                        push(action)
                        break
                    rule = reductions[~action]
                    below = stack[rule.below]
                    try:
                        state = gotos[below][rule.origin][kind]
                    except KeyError:
                        state = self._goto(below, rule.origin, kind)
                    if rule.unit:  # the child stays; only the state changes
                        stack[-1] = state
                    elif rule.plain:  # build()'s Tree, written out
                        node = _new_object(Tree)
                        node.data = rule.name
                        node.children = stack[rule.picked]
                        node._meta = None
                        stack[rule.popped] = (node, state)
                    else:
                        stack[rule.popped] = (rule.build(stack), state)
        except Exception as error:  # (lang.syntax.mistakes.TokenError, when the lexer reads on after a refusal)
            if refusal is None or error is refusal or getattr(error, "overrides", True):
                raise
            refusal.open_at_end = brackets  # one of the tokenizer's errors that Python's parser finds first
            raise refusal from None

    def _goto(self, below, nonterminal, kind):
        """The state after `nonterminal` is pushed on `below`, then the unit rules that lookahead `kind` reduces
        there: each hands its only child up unchanged and replaces the top state by another goto from `below`."""
        state = self.states[below][nonterminal]
        action = self.states[state].get(kind)
        while action is not None and action < 0 and self.reductions[~action].unit:
            state = self.states[below][self.reductions[~action].origin]
            action = self.states[state].get(kind)
        self.gotos[below].setdefault(nonterminal, {})[kind] = state
        return state


# The terminals whose regular expressions lalr.c reads without the regex engine, as Lark writes them for
# grammar/gradcli.lark: a run of characters, exact unless the character after it is one of `escape` (or not
# ASCII), where the regex reads the token. Any other spelling of a terminal keeps its regex.
_NAME = r"[^\W\d]\w*"  # an ASCII letter or _, then \w: exact over ASCII
_INT = r"0[xX](_?[0-9a-fA-F])+|0[oO](_?[0-7])+|0[bB](_?[01])+|[0-9](_?[0-9])*"
_FLOAT = (r"([0-9](_?[0-9])*\.([0-9](_?[0-9])*)?|\.[0-9](_?[0-9])*)([eE][-+]?[0-9](_?[0-9])*)?|"
          r"[0-9](_?[0-9])*[eE][-+]?[0-9](_?[0-9])*")
_NEWLINE_RUN = "(?:(?:\r?\n[\t ]*|#[^\n]*))+"
# strings: a prefix of at most two letters, then a quote (a name followed by no quote is no string)
_PREFIXED = ("(?s:([fF][rR]?|[rR][fF])(\"\"\"", "([fF][rR]?|[rR][fF])(\"(?!", "(?s:([rRbBuU]|[rR][bB]|[bB][rR])?(\"\"\"",
             "([rRbBuU]|[rR][bB]|[bB][rR])?(\"(?!")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"


def _fast_readers(driver):
    """{character: how lalr.c reads a token that starts with it without a regex}, for the ASCII characters
    whose terminals allow it: ("run", kind, characters, escape) - the character, then a run of `characters`,
    is a `kind` token unless the character after it is in `escape` (or not ASCII); ("literals", ((text, kind),
    ...), escape) - the first of these texts that the input starts with, as the regex's alternation tries them,
    unless the character after this one is in `escape`; ("digits", "INT", "FLOAT") - a number without `_`
    (digits, a `.` and digits, an exponent), as _INT and _FLOAT read it. The rest are read by their regex
    (Driver._reader)."""
    fast = {}
    for character in sorted(_ASCII - driver.blanks):
        candidates = driver._candidates(character)
        names = [name for name, _ in candidates]
        regexps = dict(candidates)
        if not candidates or len(candidates) == 1 and candidates[0][1] == re.escape(character):
            continue  # a token on its own, or none: the readers' own answer
        if names[-1] == "NAME" and regexps["NAME"] == _NAME and all(
                regexps[name].startswith(_PREFIXED) for name in names[:-1]) and character in _LETTERS:
            fast[character] = ("run", "NAME", _LETTERS + "0123456789", "'\"" if names[:-1] else "")
        elif names == ["FLOAT", "INT"] and regexps["FLOAT"] == _FLOAT and regexps["INT"] == _INT:
            fast[character] = ("digits", "INT", "FLOAT")
        elif names == ["_NEWLINE"] and regexps["_NEWLINE"] == _NEWLINE_RUN and character == "\n":
            fast[character] = ("run", "_NEWLINE", "\t ", "\r\n#")
        else:
            literals = [(text, name) for name, regexp in candidates if name != "FLOAT"
                        for text in _literals(regexp) or [None] if text is None or text[0] == character]
            if None in (text for text, _ in literals):
                continue
            if names[0] == "FLOAT" and regexps["FLOAT"] == _FLOAT and character == ".":
                fast[character] = ("literals", tuple(literals), "0123456789")  # `.5` is FLOAT's
            elif "FLOAT" not in names:
                fast[character] = ("literals", tuple(literals), "")
    return fast


def _literals(regexp):
    """The texts `regexp` matches, in its alternation's order, where it is a literal or an alternation of
    literals; else None."""
    from re import _parser
    try:
        items = list(_parser.parse(regexp))
    except Exception:
        return None
    branches = [items]
    if len(items) == 1 and items[0][0] is _parser.BRANCH:
        branches = items[0][1][1]
    if all(op is _parser.LITERAL for branch in branches for op, _ in branch):
        return ["".join(chr(code) for _, code in branch) for branch in branches]
    return None


def _compiled_loop(driver):
    """(gradcli_lalr.parse, the driver's tables for it), or False where that module is not installed, or must
    not be used (base.accelerator), or cannot read these tables."""
    from ...base.accelerator import pure
    if pure():
        return False
    try:
        import gradcli_lalr
    except ImportError:
        return False
    tables = driver.compiled_tables()
    return (gradcli_lalr.parse, gradcli_lalr.prepare(tables)) if tables is not None else False


def _indentation(text, newline, start, end, indents):
    """The _INDENT or _DEDENT tokens after a _NEWLINE token, the next one last, as Python's tokenizer makes them
    (and Lark's PythonIndenter, but for tabs after spaces); `indents`, the open blocks' indentation, updated.
    Python's TabError where tabs and spaces make the blocks depend on the tab's width: the indentation is
    measured with tabs to multiples of 8 and with a tab as one column, and both must agree."""
    if "\n" not in newline:
        raise Fallback(start)  # a comment without its newline: the driver cannot serve it
    indent_text = newline.rsplit("\n", 1)[1]
    indent = (len(indent_text.expandtabs(_TAB)), len(indent_text)) if "\t" in indent_text else (len(indent_text),) * 2
    top = indents[-1]
    if indent[0] > top[0]:
        if indent[1] <= top[1]:
            _mistakes().tab_error(end - len(indent_text))
        indents.append(indent)
        return [("_INDENT", indent_text, start, end)]
    dedents = []
    while indent[0] < indents[-1][0]:
        indents.pop()
        dedents.append(("_DEDENT", indent_text, start, end))
    if indent[0] != indents[-1][0]:
        _mistakes().dedent_error(text, end)
    if indent[1] != indents[-1][1]:
        _mistakes().tab_error(end - len(indent_text))
    return dedents


def _plain(token):
    """(type, value, start, end) of a token as the parse stack holds it: that tuple, or a _Token."""
    return token if token.__class__ is tuple else (token.type, token.value, token.start_pos, token.end_pos)


class _ShiftAll(dict):
    """A parse table row that shifts every token (into state 0)."""

    def __missing__(self, kind):
        return 0


_REFUSED = [_ShiftAll()]  # the parse table after a refusal


def _run_characters(regexp):
    r"""The characters of `regexp` when it matches any run of them and nothing else (`[\t \f]+`), else None."""
    inner = regexp[1:-2]
    if regexp[:1] == "[" and regexp[-2:] == "]+" and inner and not set(inner) & set("\\^-[]"):
        return frozenset(inner)
    return None
