"""Write gradcli/base/names_by_use.py: the names the corpora's scripts call (`torch.sin(`, `.backward(`,
`relu(`), most called first. A did-you-mean (base.errors.suggestion) prefers, among names equally close to a
misspelling, the one called most: `sinn` is `sin`, not `sign`. tests/base/test_suggestions.py checks the table
is what this computes from tests/corpora. Run: python tests/golden/names/make_names_by_use.py"""

import collections
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[3]
CALLED = re.compile(r"(?<![\w])(?<!def )(?<!class )([A-Za-z_]\w*)\s*\(")
LEAST = 3  # calls: rarer names are left to Python's order
LINE = 110


def names_by_use(root=ROOT):
    """The corpora's scripts that the repository keeps (not the drivers beside them, nor the learner scripts,
    which are rebuilt where they are wanted: tests/corpora/learners_build.py)."""
    counts = collections.Counter()
    corpora = root / "tests" / "corpora"
    for path in sorted(p for p in corpora.glob("*/**/*.py") if p.relative_to(corpora).parts[0] != "learners"):
        counts.update(CALLED.findall(path.read_text(encoding="utf-8", errors="replace")))
    return [name for name, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])) if n >= LEAST]


def module_text(names):
    lines, line = [], "   "
    for name in names:
        item = " %r," % name
        if len(line) + len(item) > LINE:
            lines.append(line)
            line = "   "
        line += item
    lines.append(line)
    return ('"""The names the corpora\'s scripts call, most called first (tests/golden/names/make_names_by_use.py\n'
            'writes this file): how common a name is, for did-you-mean (base.errors.suggestion)."""\n\n'
            "NAMES_BY_USE = (\n%s\n)\n" % "\n".join(lines))


if __name__ == "__main__":
    names = names_by_use()
    (ROOT / "gradcli" / "base" / "names_by_use.py").write_text(module_text(names), encoding="utf-8")
    print("wrote gradcli/base/names_by_use.py: %d names" % len(names))
