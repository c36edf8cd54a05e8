"""What torch prints differently from one run of a script to the next, and how a run is judged against that.

Some scripts print what no second run repeats, under torch itself: a clock (`time.time() - start`), memory
torch.empty left uninitialised, id(x), a set ordered by addresses. learners_record.py runs each script three
times under torch (the third a fresh process with MALLOC_PERTURB_ and another PYTHONHASHSEED) and writes NAME.varies:
the blocks of NAME.expected's lines that were not the same text in every run, one a line, `N` or `FIRST-LAST`
(1-based, inclusive). A block covers one line where the runs printed the same number of lines there, and every
line of the stretch where they did not (a repr wrapped differently).

The judge (`agrees`) compares the other lines as the corpus compares text, and each block with its numbers
masked and its whitespace dropped (a repr's column widths follow its numbers): a block's words, brackets,
blank lines and how many numbers it holds still have to be torch's. A block may span a different number of
printed lines than torch's did. Stdlib only: the recorder imports it too.
"""

import difflib
import re

# a number as a word of its own (not the 32 of int32), an address among them: what a varying line may print
# differently
NUMBER = re.compile(r"(?<![\w.])-?(?:0x[0-9a-fA-F]+|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf)(?![\w.])")


def read(path):
    """The blocks a .varies file lists, as (first, last) line numbers; none when there is no file."""
    if not path.exists():
        return []
    blocks = []
    for entry in path.read_text(encoding="utf-8").split():
        first, _, last = entry.partition("-")
        blocks.append((int(first), int(last or first)))
    return blocks


def spelled(blocks):
    """The blocks as a .varies file spells them: `7`, `8-13`."""
    return ["%d" % a if a == b else "%d-%d" % (a, b) for a, b in blocks]


def write(path, blocks):
    """Write the blocks to a .varies file, or remove it when there are none."""
    if blocks:
        path.write_text("".join(entry + "\n" for entry in spelled(blocks)), encoding="utf-8")
    else:
        path.unlink(missing_ok=True)


def blocks_between(runs):
    """The blocks of runs[0]'s lines (1-based, inclusive) that some other run did not print the same."""
    base = runs[0].splitlines()
    if not base:  # nothing printed to hold a block (a run that printed something differs all through)
        return []
    varying = []
    for other in runs[1:]:
        matcher = difflib.SequenceMatcher(None, base, other.splitlines(), autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            if tag == "replace" and i2 - i1 == j2 - j1:  # as many lines: each one varies on its own
                varying += [(i, i) for i in range(i1 + 1, i2 + 1)]
            else:  # lines added or dropped: the stretch is one block, with a line of base around an insertion
                first, last = (i1 + 1, i2) if i2 > i1 else (max(i1, 1), max(i1, 1))
                varying.append((first, min(last, len(base))))
    return merged(varying)


def merged(blocks):
    """Blocks in order with those that overlap joined (a line varying alone in one run, in a block in another)."""
    out = []
    for first, last in sorted(set(blocks)):
        if out and first <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], last))
        else:
            out.append((first, last))
    return out


def carried(blocks, run, expected):
    """The blocks of `run`'s lines as lines of `expected`, a record of the same script made elsewhere (another
    CPU may print a float differently): line for line where the two have as many lines there, else a block
    spans the expected lines between the lines around it that both print."""
    ran, kept = run.splitlines(), expected.splitlines()
    to_kept = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ran, kept, autojunk=False).get_opcodes():
        if i2 - i1 == j2 - j1:  # equal, or replaced line for line
            to_kept.update(zip(range(i1 + 1, i2 + 1), range(j1 + 1, j2 + 1)))
    out = []
    for first, last in blocks:
        if first in to_kept and last in to_kept:
            out.append((to_kept[first], to_kept[last]))
            continue
        before = max((to_kept[n] for n in to_kept if n < first), default=0)
        after = min((to_kept[n] for n in to_kept if n > last), default=len(kept) + 1)
        if after - before > 1:
            out.append((before + 1, after - 1))
    return merged(out)


def masked(lines):
    """A block's text with its numbers as '#' and no whitespace, but for its blank lines (a 3-d repr's gaps)."""
    return "".join("".join(NUMBER.sub("#", line).split()) or "\n" for line in lines)


def agrees(expected, printed, blocks, same):
    """Whether `printed` is `expected` but for the varying blocks: the lines outside them as `same(expected,
    printed)` judges text, each block as its masked text (over however many printed lines that takes)."""
    if not blocks:
        return same(expected, printed)
    want, got = expected.splitlines(keepends=True), printed.splitlines(keepends=True)
    segments, line = [], 1  # (fixed lines, None) or (None, masked block), in order
    for first, last in blocks:
        if first > line:
            segments.append((want[line - 1:first - 1], None))
        segments.append((None, masked(want[first - 1:last])))
        line = last + 1
    if line <= len(want):
        segments.append((want[line - 1:], None))
    reachable = {0}  # the printed lines at which the segments so far can have ended
    for fixed, block in segments:
        after = set()
        for at in reachable:
            if fixed is not None:
                if same("".join(fixed), "".join(got[at:at + len(fixed)])):
                    after.add(at + len(fixed))
                continue
            text, end = "", at  # the block over got[at:end], a printed line more at a time (each adds text)
            while len(text) < len(block) and end < len(got):
                text, end = text + masked(got[end:end + 1]), end + 1
            if text == block:
                after.add(end)
        reachable = after
    return len(got) in reachable
