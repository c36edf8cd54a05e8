"""Record how torch 2.13's argument parser refuses a call of each torch.<name> gradcli has (run with torch
installed, from the repository: writes gradcli/lang/torch_refusals.json).

gradcli's front doors are Python functions: a call with arguments missing or too many would answer in Python's
words, with gradcli's parameter names (`flatten() missing 1 required positional argument: 'x'`). lang.arguments
says it in torch's instead, from what is recorded here per name (only names torch parses in C; its Python-level
functions such as torch.norm answer in Python's words, as gradcli's doors do):
- `expected`: the signatures torch lists after "received an invalid combination of arguments" (an overloaded
  function: a call without arguments is refused with them), or
- `required`: the names torch says are missing from a call without arguments (one signature);
- `takes`: "takes N positional arguments" / "takes from N to M positional arguments", and `most`: that M;
- `first`: the first parameter's name where torch refuses a float for it as a Tensor (null: every overload of
  the function refuses it as an invalid combination).
"""

import json
import pathlib
import re
import sys
import warnings

import torch

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from gradcli.ops import FUNCTIONS  # noqa: E402  (the names gradcli has)


def refusal(call):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except TypeError as error:
        return str(error)
    except Exception:  # noqa: BLE001 (not the argument parser's refusal)
        return None
    return None


def record(fn):
    entry = {}
    none = refusal(lambda: fn()) or ""
    if "received an invalid combination of arguments" in none:
        entry["expected"] = none.partition("\n")[2].rstrip("\n")
    else:
        missing = re.search(r"missing \d+ required positional arguments?: (.*)", none)
        if not missing:
            return None
        entry["required"] = re.findall(r'"(\w+)"', missing.group(1))
    many = re.search(r"(takes (?:from \d+ to )?(\d+) positional arguments?) but 12 were given",
                     refusal(lambda: fn(*[None] * 12)) or "")
    if many:
        entry["takes"], entry["most"] = many.group(1), int(many.group(2))
    number = refusal(lambda: fn(1.5)) or ""
    first = re.match(r"\w+\(\): argument '(\w+)' \(position 1\) must be Tensor, not float", number)
    if first:
        entry["first"] = first.group(1)
    elif "expected" in entry and "invalid combination of arguments - got (float)" in number:
        entry["first"] = None  # every overload wants a Tensor first: a number is an invalid combination
    return entry


def main():
    refusals = {}
    for name in sorted(FUNCTIONS):
        fn = getattr(torch, name, None)
        if fn is None or not callable(fn) or type(fn).__name__ != "builtin_function_or_method":
            continue
        entry = record(fn)
        if entry:
            refusals[name] = entry
    path = ROOT / "gradcli" / "lang" / "torch_refusals.json"
    path.write_text(json.dumps({"torch": torch.__version__, "functions": refusals}, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
