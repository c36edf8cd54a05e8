"""What the LALR driver (lang.syntax.lalr) needs of Lark's analysed grammar, as plain data: its parse table, each rule's
tree-shaping options (`_shape`) and which of its ends a node records for positions (`_edge_kinds`), the lexer's
terminals in order with the characters each can start with (`_first_characters`), its keywords and ignored
terminals. lang.syntax.parser builds this once and caches it (marshal), so that a one-shot command never loads Lark's
parser; a change to the format must change lalr.FORMAT, part of the cache's key.
"""

import re

from .lalr import _ASCII, FILTERED, FORMAT, INLINED, KEPT, Fallback


def tables_from_lark(lark):
    """What the driver needs of Lark's analysed grammar, as plain data (marshal keeps it in gradcli's cache, so
    a one-shot command does not load Lark's parser at all)."""
    frontend = lark.parser
    table = frontend.parser.parser.parse_table
    lexer = frontend.lexer.lexer.root_lexer  # the contextual lexer's lexer for all terminals
    scanner = lexer.scanner  # (built on first use, with lexer.callback)
    if set(lexer.callback) - {"NAME"}:
        raise Fallback("the grammar's lexer needs Lark's own driver")
    unless = lexer.callback.get("NAME")  # keywords are NAMEs that Lark retypes: `if` is the IF token
    edges = _edge_kinds(lark.rules)
    rules, numbers, states = [], {}, {}
    for state, actions in table.states.items():
        row = {}
        for symbol, (action, arg) in actions.items():
            if action.name == "Shift":
                row[str(symbol)] = arg  # shift: the next state, >= 0
            else:
                if arg not in numbers:
                    numbers[arg] = len(rules)
                    rules.append(_shape(arg) + edges.get(arg, (KEPT, KEPT)))
                row[str(symbol)] = ~numbers[arg]  # reduce: ~ the rule's number, < 0
        states[state] = row
    return {
        "format": FORMAT, "states": states, "rules": rules,
        "start_states": {str(k): v for k, v in table.start_states.items()},
        "end_states": {str(k): v for k, v in table.end_states.items()},
        "terminals": [(str(t.name), t.pattern.to_regexp(), _first_characters(t.pattern.to_regexp()))
                      for t in scanner.terminals],
        "flags": lexer.g_regex_flags,
        "keywords": {str(t.pattern.value): str(t.name) for t in unless.scanner.terminals} if unless else {},
        "ignore": frozenset(map(str, lexer.ignore_types)),
        # terminals that some rule keeps in its tree: only those become Token objects
        "kept": frozenset(str(s.name) for rule in lark.rules for s in rule.expansion
                          if s.is_term and (rule.options.keep_all_tokens or not s.filter_out)),
    }



def _shape(rule):
    """A rule's _Reduction arguments, as Lark's ParseTreeBuilder and ChildFilter would shape its node."""
    options = rule.options
    size = len(rule.expansion)
    if options.empty_indices:  # placeholders for left-out `[x]`: how many before each symbol, and at the end
        nones = [len(run) for run in "".join("1" if b else "0" for b in options.empty_indices).split("0")]
    else:
        nones = [0] * (size + 1)
    picks, pending = [], 0
    for index, symbol in enumerate(rule.expansion):
        pending += nones[index]
        if options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            picks.append((index, not symbol.is_term and symbol.name.startswith("_"), pending))
            pending = 0
    origin = str(rule.origin.name)  # (names as plain str: Lark's can be Tokens, which marshal refuses)
    return (origin, size, str(rule.alias or options.template_source or origin), tuple(picks), pending + nones[size],
            origin.startswith("_"), bool(options.expand1 and not rule.alias))


def _edge_kinds(rules):
    """rule -> (first, last): what a node of the rule records of its two ends (FILTERED: the left-out
    token's place; INLINED: what the `_rule` there recorded; KEPT: nothing). A `_rule`'s ends are recorded
    only where a node's place can depend on them: it stands at the end of a rule that records that end, and
    it can begin (or end) with a left-out token, directly or through another `_rule`."""
    def kind(rule, side):
        symbol = rule.expansion[-side]
        if symbol.is_term:
            return FILTERED if symbol.filter_out and not rule.options.keep_all_tokens else KEPT
        return INLINED if symbol.name.startswith("_") else KEPT

    def inlined(rule):
        return rule.origin.name.startswith("_")

    rules = [rule for rule in rules if rule.expansion]
    possible, needed = ({0: set(), 1: set()} for _ in range(2))  # side -> names of `_rule`s
    for found, test in ((possible, lambda rule, side: inlined(rule) and (
            kind(rule, side) == FILTERED or kind(rule, side) == INLINED and rule.expansion[-side].name in found[side])),
                        (needed, lambda rule, side: kind(rule, side) == INLINED and (
                            not inlined(rule) or rule.origin.name in found[side]))):
        changed = True
        while changed:  # to a fixed point: rules refer to each other
            changed = False
            for rule in rules:
                for side in (0, 1):
                    name = rule.origin.name if found is possible else rule.expansion[-side].name
                    if name not in found[side] and test(rule, side):
                        found[side].add(name)
                        changed = True
    kinds = {}
    for rule in rules:
        ends = []
        for side in (0, 1):
            end = kind(rule, side)
            if inlined(rule) and rule.origin.name not in needed[side] or \
                    end == INLINED and rule.expansion[-side].name not in possible[side]:
                end = KEPT
            ends.append(end)
        kinds[rule] = tuple(ends)
    return kinds


def _first_characters(regexp):
    """The ASCII characters a match of `regexp` can start with, from Python's own regex parser; a superset
    (never missing one) where the analysis is unsure; None for "any character"."""
    try:
        from re import _constants as sre  # Python's regex parser (3.11 names); without it, no dispatch
        from re import _parser
    except ImportError:
        return None

    categories = {sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D", sre.CATEGORY_SPACE: r"\s",
                  sre.CATEGORY_NOT_SPACE: r"\S", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W"}

    def char_class(items):
        chars, negate = set(), False
        for op, av in items:
            if op is sre.NEGATE:
                negate = True
            elif op is sre.LITERAL:
                chars.add(chr(av))
            elif op is sre.RANGE:
                chars.update(chr(c) for c in range(av[0], min(av[1], 127) + 1))
            elif op is sre.CATEGORY and av in categories:
                chars.update(c for c in _ASCII if re.match(categories[av], c))
            else:
                return set(_ASCII)
        return set(_ASCII) - chars if negate else chars

    def sequence(items):  # (characters, can be empty)
        found = set()
        for op, av in items:
            chars, nullable = item(op, av)
            found |= chars
            if not nullable:
                return found, False
        return found, True

    def item(op, av):
        if op is sre.LITERAL:
            return {chr(av)} & _ASCII, False
        if op is sre.NOT_LITERAL or op is sre.ANY:
            return set(_ASCII), False
        if op is sre.IN:
            return char_class(av), False
        if op is sre.BRANCH:
            results = [sequence(alternative) for alternative in av[1]]
            return set().union(*(r[0] for r in results)), any(r[1] for r in results)
        if op is sre.SUBPATTERN:
            chars, nullable = sequence(av[3])
            if av[1] & re.IGNORECASE:
                chars |= {c.swapcase() for c in chars}
            return chars, nullable
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            chars, nullable = sequence(av[2])
            return chars, nullable or av[0] == 0
        if op is sre.ATOMIC_GROUP:
            return sequence(av)
        if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
            return set(), True  # matches no character: what follows decides
        return set(_ASCII), True  # anything else: assume every character, and keep looking

    try:
        parsed = _parser.parse(regexp)
    except Exception:
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    chars, _ = sequence(parsed.data)
    return frozenset(chars)
