"""gradcli.diff against SymPy's diff over twenty textbook expressions, per expression, in one process each.

    python bench/diff.py [--sympy-python PATH] [--rounds N]

Each side differentiates every expression once per round (gradcli's formulas are simplified; SymPy's diff alone
is not, diff+simplify is), the two interleaved round by round; the figures are medians of the per-expression
mean. Prints JSON: {"gradcli": s, "sympy_diff": s, "sympy_simplify": s} (SymPy's None where it is absent).
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent

# (expression in gradcli's spelling, the same in SymPy's, the variable)
TEXTBOOK = [
    ("x^2*sin(x)", "x**2*sin(x)", "x"), ("exp(x)*cos(x)", "exp(x)*cos(x)", "x"), ("log(x)/x", "log(x)/x", "x"),
    ("sqrt(1 + x^2)", "sqrt(1 + x**2)", "x"), ("tan(x)", "tan(x)", "x"), ("1/(1 + exp(-x))", "1/(1 + exp(-x))", "x"),
    ("(x^2 + 1)/(x - 1)", "(x**2 + 1)/(x - 1)", "x"), ("sin(x)^2*cos(x)", "sin(x)**2*cos(x)", "x"),
    ("exp(-x^2/2)", "exp(-x**2/2)", "x"), ("x*log(x) - x", "x*log(x) - x", "x"), ("atan(x)", "atan(x)", "x"),
    ("sinh(x)*cosh(x)", "sinh(x)*cosh(x)", "x"), ("x^3 - 3*x^2 + 2*x - 7", "x**3 - 3*x**2 + 2*x - 7", "x"),
    ("sin(x^2)", "sin(x**2)", "x"), ("log(1 + x^2)", "log(1 + x**2)", "x"), ("x/sqrt(x^2 + 1)", "x/sqrt(x**2 + 1)", "x"),
    ("exp(sin(x))", "exp(sin(x))", "x"), ("tanh(x)^2", "tanh(x)**2", "x"), ("x^2*exp(-x)", "x**2*exp(-x)", "x"),
    ("cos(x)/(1 + sin(x))", "cos(x)/(1 + sin(x))", "x"),
]

_GRADCLI = """
import json, sys, time
sys.path.insert(0, %r)
from gradcli import diff
cases = json.loads(sys.argv[1])
diff("x^2*sin(x)", "x")  # (the imports done)
start = time.process_time()
for text, _, name in cases:
    diff(text, name)
print(json.dumps({"gradcli": (time.process_time() - start) / len(cases)}))
"""

_SYMPY = """
import json, sys, time
import sympy
cases = json.loads(sys.argv[1])
sympy.diff(sympy.sympify("x"), sympy.Symbol("x"))
parsed = [(sympy.sympify(spelling), sympy.Symbol(name)) for _, spelling, name in cases]
start = time.process_time()
for e, x in parsed:
    sympy.diff(e, x)
middle = time.process_time()
for e, x in parsed:
    sympy.simplify(sympy.diff(e, x))
end = time.process_time()
print(json.dumps({"sympy_diff": (middle - start) / len(cases), "sympy_simplify": (end - middle) / len(cases)}))
"""


def figures(sympy_python=None, rounds=5):
    """{"gradcli": s, "sympy_diff": s, "sympy_simplify": s}: medians over `rounds` of the per-expression CPU
    time (SymPy's None where `sympy_python`, default this interpreter, cannot import sympy)."""
    cases = json.dumps(TEXTBOOK)
    found = {"gradcli": [], "sympy_diff": [], "sympy_simplify": []}
    for _ in range(rounds):
        runs = [[sys.executable, "-c", _GRADCLI % str(HERE.parent), cases]]
        runs.append([sympy_python or sys.executable, "-c", _SYMPY, cases])
        for argv_ in runs:
            done = subprocess.run(argv_, capture_output=True, text=True)
            if done.returncode == 0:
                for key, value in json.loads(done.stdout.strip().splitlines()[-1]).items():
                    found[key].append(value)
    return {key: statistics.median(values) if values else None for key, values in found.items()}


def main(argv=None):
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--sympy-python", default=None, help="a python that imports sympy (default: this one)")
    options.add_argument("--rounds", type=int, default=5)
    args = options.parse_args(argv)
    print(json.dumps(figures(args.sympy_python, args.rounds)))


if __name__ == "__main__":
    main()
