"""Parse and compile cost: prints a table (a benchmark, never a timed unit test).

    PYTHONPATH=. python bench/parse.py [--lines N]

1. Loading the parser: building the LALR tables from grammar/gradcli.lark (no cache) versus loading Lark's
   cache file, each in a fresh process so that imports count as they do for `gradcli run`.
2. Parsing and compiling a generated script of N lines (a mix of tutorial-style statements and loops):
   total seconds and microseconds per line, for Lark's own parser, for lang.syntax.lalr's driver over the same tables
   (what `gradcli run` uses for a long script), and for the compile to closures.
"""

import argparse
import gc
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

_LOAD = """
import time, sys
t0 = time.perf_counter()
import lark, lark.indenter
from gradcli.lang.syntax import parser
t1 = time.perf_counter()
parser.parser()
sys.stdout.write("%.4f %.4f" % (t1 - t0, time.perf_counter() - t1))
"""

_BLOCK = '''x{i} = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y{i} = (x{i} ** 2 + 3 * x{i}).sum() / len([1, 2, 3])
for step in range(3):
    if step % 2 == 0 and step >= 0:
        y{i} = y{i} * 1.5
    else:
        print(f"step {{step:3d}}: {{y{i}.item():.4f}}", sep=" ")
with torch.no_grad():
    x{i} -= 0.1 * x{i}
'''


def load_time(cache_home):
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=cache_home)
    out = subprocess.run([sys.executable, "-c", _LOAD], env=env, capture_output=True, text=True, check=True)
    return tuple(float(v) for v in out.stdout.split())  # (imports, parser)


def script(lines):
    blocks = []
    i = 0
    while sum(b.count("\n") for b in blocks) < lines:
        blocks.append(_BLOCK.format(i=i))
        i += 1
    return "import torch\n" + "".join(blocks)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, ROOT)

    print("loading the parser (fresh process; imports = lark and gradcli.lang.syntax.parser)")
    with tempfile.TemporaryDirectory() as home:
        cold = [load_time(os.path.join(home, "c%d" % i)) for i in range(args.repeat)]  # a new folder: no cache
        load_time(os.path.join(home, "warm"))
        warm = [load_time(os.path.join(home, "warm")) for _ in range(args.repeat)]
        # a cache folder that cannot be created even by root: the parser is built in memory every time
        readonly = [load_time("/proc/gradcli-no-cache") for _ in range(args.repeat)]
    print("  %-34s %10s %10s" % ("", "imports", "parser"))
    for label, runs in (("build tables (empty cache)", cold), ("load Lark's cache file", warm),
                        ("unwritable cache folder (build)", readonly)):
        best = min(runs, key=lambda r: r[1])
        print("  %-34s %7.1f ms %7.1f ms" % (label, 1000 * best[0], 1000 * best[1]))

    from gradcli.lang.syntax import parser
    from gradcli.lang.compile.interpreter import Compiler
    parser.parser()
    text = script(args.lines)
    n = text.count("\n")
    best = {"parse: Lark's parser": float("inf"), "parse: lang.syntax.lalr driver": float("inf"), "compile": float("inf")}
    gc.disable()  # as the gradcli command does while a long script compiles (cli.process)
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        parser.parser().parse(text, start="start")
        t1 = time.perf_counter()
        tree = parser.parse(text, "<bench>")
        t2 = time.perf_counter()
        compiler = Compiler(text, "<bench>")
        [compiler.statement(node) for node in tree.children]
        t3 = time.perf_counter()
        for stage, seconds in zip(best, (t1 - t0, t2 - t1, t3 - t2)):
            best[stage] = min(best[stage], seconds)
    print("\nparse and compile a generated script of %d lines (best of %d)" % (n, args.repeat))
    print("  %-26s %10s %12s" % ("stage", "seconds", "us/line"))
    total = best["parse: lang.syntax.lalr driver"] + best["compile"]
    for stage, seconds in list(best.items()) + [("total (driver + compile)", total)]:
        print("  %-26s %10.3f %12.1f" % (stage, seconds, 1e6 * seconds / n))


if __name__ == "__main__":
    main()
