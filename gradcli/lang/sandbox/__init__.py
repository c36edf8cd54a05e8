"""What a script can reach, and nothing else: names and attributes go through namespace's gate.

    namespace     the allow-list: torch's names, the members of tensors, modules and library classes
    guards        Python's values made safe: sizes of strings, lists and numbers that operators could blow up
    stand_ins     the builtins a script calls (sum, pow, str, ...), and builtins refused in Python's words
    numpy_bridge  `import numpy as np`: the part of numpy tutorials use, behind a wrapper
    stdlib        math, random, collections, ... as scripts may import them
    training      what scripts reach of torch.optim and torch.utils.data
    keywords, arguments   torch's argument names, and its argument parser's words for a refused call
    torch_parser  torch's argument parser's refusals, ported (arguments says them)
"""

import functools
import os


@functools.lru_cache(maxsize=None)
def recorded(name):
    """One of the JSON files beside these modules (facts recorded from torch 2.13 and CPython), read once, and
    only when a call needs it: a one-shot command that does not fail reads none and imports neither json nor
    pathlib (17M instructions)."""
    import json
    path = os.path.join(os.path.dirname(__file__), name)
    if name.endswith(".xz"):  # (torch's help texts: 6.6 MB of JSON, 186 KB as xz)
        import lzma
        with lzma.open(path) as f:
            return json.load(f)
    with open(path, encoding="utf-8") as f:
        return json.load(f)
