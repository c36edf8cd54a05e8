"""Record how torch 2.13 answers a call of each torch.<name> gradcli has, with its first argument named as
gradcli's front door names its parameter where torch names it otherwise (`torch.exp(self=x)`: torch's parser
refuses it; gradcli must too, in the same words). Run from the repository with torch installed:

    /work/torchenv/bin/python tests/golden/names/make_own_names.py

writes tests/golden/names/own_names.json: {"torch": version, "cpu_capability": ..., "cases": {name: {"keyword":
the door's name, "refusal": torch's TypeError text, or null where torch takes the call}}, "docs": {name: the
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
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn(**{keyword: torch.ones(2, 3)})
    except TypeError as error:
        return str(error)
    except Exception:  # noqa: BLE001 (the parser took it; the op refused the values)
        return None
    return None


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
    cases = {}
    for name, door in sorted(FUNCTIONS.items()):
        keyword = first_parameter(door)
        torchs = keywords._torch("torch." + name)
        if keyword is None or not torchs or any(keyword in p or keyword in k for p, k in torchs) \
                or not callable(getattr(torch, name, None)):
            continue
        cases[name] = {"keyword": keyword, "refusal": answer(getattr(torch, name), keyword)}
    docs = {name: documented(name) for name in sorted(FUNCTIONS) if documented(name)}
    data = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(), "cases": cases,
            "docs": docs}
    path = pathlib.Path(__file__).with_name("own_names.json")
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote %s: %d cases, %d refused" % (path, len(cases), sum(c["refusal"] is not None for c in cases.values())))


if __name__ == "__main__":
    main()
