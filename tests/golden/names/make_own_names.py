"""Record how torch 2.13 answers a call of each torch.<name> gradcli has, with its first argument named as
gradcli's front door names its parameter where torch names it otherwise (`torch.exp(self=x)`: torch's parser
refuses it; gradcli must too, in the same words). Run from the repository with torch installed:

    /work/torchenv/bin/python tests/golden/names/make_own_names.py

writes tests/golden/names/own_names.json: {"torch": version, "cpu_capability": ..., "cases": {name: {"keyword":
the door's name, "refusal": torch's TypeError text, or null where torch takes the call, "outcome": "ran", or the
class of the error raised}}, "docs": {name: the
parameter names of the signature torch's docstring opens with, `exp(input, *, out=None) -> Tensor`}}.
tests/lang/test_keywords.py checks gradcli's refusals and help() against it.
"""

import inspect
import json
import pathlib
import sys
import warnings

import torch

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
from gradcli.ops import FUNCTIONS  # noqa: E402  (the names gradcli has)
from gradcli.lang.sandbox import keywords  # noqa: E402  (torch's recorded names)


def first_parameter(door):
    try:
        parameters = list(inspect.signature(door).parameters.values())
    except (TypeError, ValueError):
        return None
    plain = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return plain[0].name if plain else None


def answer(fn, keyword):
    """(torch's refusal of the call, or None where its parser took it; what came of it: "ran", or the class of
    the error the op raised for these values)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(**{keyword: torch.ones(2, 3)})
    except TypeError as error:
        return str(error), "TypeError"
    except Exception as error:  # noqa: BLE001 (the parser took it; the op refused the values)
        return None, type(error).__name__
    return None, "ran"


def documented(name):
    """The parameter names of torch.<name>'s docstring's signature line, or None."""
    import re
    doc = getattr(getattr(torch, name, None), "__doc__", None) or ""
    found = re.match(r"\s*%s\((.*?)\)\s*->" % re.escape(name), doc)
    if found is None:
        return None
    return [part.split("=")[0].split(":")[0].strip() for part in found.group(1).split(",")
            if part.strip() not in ("*", "")]


def main():
    path = pathlib.Path(__file__).with_name("own_names.json")
    # (a case once recorded stays one after its door takes torch's name: torch.norm(x=...) was norm's own)
    recorded = json.loads(path.read_text(encoding="utf-8"))["cases"] if path.exists() else {}
    calls = {name: case["keyword"] for name, case in recorded.items()}
    for name, door in sorted(FUNCTIONS.items()):
        keyword = first_parameter(door)
        torchs = keywords._torch("torch." + name)
        if keyword is None or not torchs or any(keyword in p or keyword in k for p, k in torchs) \
                or not callable(getattr(torch, name, None)):
            continue
        calls.setdefault(name, keyword)
    cases = {}
    for name, keyword in sorted(calls.items()):
        refusal, outcome = answer(getattr(torch, name), keyword)
        cases[name] = {"keyword": keyword, "refusal": refusal, "outcome": outcome}
    docs = {name: documented(name) for name in sorted(FUNCTIONS) if documented(name)}
    data = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(), "cases": cases,
            "docs": docs}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote %s: %d cases, %d refused" % (path, len(cases), sum(c["refusal"] is not None for c in cases.values())))


if __name__ == "__main__":
    main()
