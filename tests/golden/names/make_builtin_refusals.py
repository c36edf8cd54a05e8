"""Record how CPython names the builtins a script has and refuses a call of them with the wrong number of
arguments or a keyword it does not take (run with the Python torch runs on — the torch environment's; no torch
needed — from the repository: writes gradcli/lang/sandbox/builtin_refusals.json).

gradcli stands in for some of Python's builtins with functions of its own (sum that is linear on lists, pow that
counts the bits of its result, type that gives a ScriptType, ...). Python's messages would name such a stand-in
'function' and refuse its calls in Python-function words (`type() takes 1 positional argument but 2 were given`);
lang.sandbox.stand_ins makes them say what CPython says, from what is recorded here:
- `types`: type(builtin).__name__ for every builtin name a script has ('builtin_function_or_method', 'type');
- `calls`, per stand-in: `accepts`, the numbers of positional arguments CPython takes (`most` for the rest),
  `keywords` the keyword arguments it takes (null: none), `counts` CPython's refusal of a call with 0 to 8
  positional arguments (null where it takes that many), `more` its refusal of more ({given} for the number), and
  `keyword` its refusal of a keyword it does not take ({keyword} for the name).
"""

import builtins
import json
import pathlib
import platform

ROOT = pathlib.Path(__file__).resolve().parents[3]

# the builtin names of a script (lang.sandbox.namespace.make_builtins), exceptions aside
NAMES = ("print", "len", "range", "enumerate", "zip", "abs", "min", "max", "sum", "round", "float", "int", "bool",
         "str", "list", "tuple", "dict", "sorted", "reversed", "any", "all", "repr", "isinstance", "format", "map",
         "filter", "pow", "divmod", "type", "set", "next", "iter", "hasattr", "callable", "chr", "ord", "id",
         "object", "super", "staticmethod", "classmethod", "property", "getattr", "setattr", "dir", "hash")

# the stand-ins' CPython signatures: positional counts taken, most of them (None: any), keyword names
SIGNATURES = {
    "print": (range(0, 9), None, ("sep", "end", "file", "flush")),
    "sum": ((1, 2), 2, ("start",)),
    "round": ((1, 2), 2, ("number", "ndigits")),
    "pow": ((2, 3), 3, ("base", "exp", "mod")),
    "format": ((1, 2), 2, None),
    "repr": ((1,), 1, None),
    "isinstance": ((2,), 2, None),
    "hasattr": ((2,), 2, None),
    "iter": ((1, 2), 2, None),
    "type": ((1, 3), 3, None),
    "range": ((1, 2, 3), 3, None),
    "map": (range(2, 9), None, None),
    "filter": ((2,), 2, None),
    "zip": (range(0, 9), None, ("strict",)),
    "enumerate": ((1, 2), 2, ("iterable", "start")),
    "reversed": ((1,), 1, None),
    "getattr": ((2, 3), 3, None),
    "setattr": ((3,), 3, None),
    "dir": ((0, 1), 1, None),
    "help": ((0, 1), 1, ("request",)),  # (site's _Helper, an object, not a builtin function: its words count self)
}
COUNTS = 9  # calls with 0 to 8 positional arguments are recorded; more answer as 9 do


def refusal(name, *args, **kwargs):
    try:
        getattr(builtins, name)(*args, **kwargs)
    except TypeError as error:
        return str(error)
    raise AssertionError("%s() took %d arguments" % (name, len(args)))


def record(name):
    accepts, most, keywords = SIGNATURES[name]
    entry = {"accepts": list(accepts), "most": most, "keywords": list(keywords) if keywords else None}
    entry["counts"] = [None if n in accepts else refusal(name, *[1] * n) for n in range(COUNTS)]
    if most is not None:
        entry["more"] = refusal(name, *[1] * COUNTS).replace(str(COUNTS), "{given}")
    entry["keyword"] = refusal(name, *[object()] * accepts[0], qqq=1).replace("qqq", "{keyword}")
    return entry


def main():
    table = {"python": platform.python_version(),
             "types": {name: type(getattr(builtins, name)).__name__ for name in NAMES},
             "calls": {name: record(name) for name in SIGNATURES}}
    path = ROOT / "gradcli" / "lang" / "sandbox" / "builtin_refusals.json"
    path.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
