"""Record the text torch 2.13's help() writes to a pipe (pydoc's plain-text rendering) for every torch name a
script can reach in gradcli: the callables of each torch module gradcli stands in for (torch.ones, torch.nn.Linear,
torch.nn.functional.relu, torch.linalg.norm, ...), Tensor's methods as `torch.Tensor.add` (help of the
descriptor) and as `torch.Tensor().add` (help(x.add), a bound method). Run with torch installed, from the
repository: writes gradcli/lang/sandbox/torch_pydoc.json.xz, read by lang.sandbox.namespace._help_text only when a
script first calls help(). Recorded on AVX-512 (torch.backends.cpu.get_cpu_capability()), though no text
depends on it. Texts are stored once each (`texts`), names point at them (`names`): aliases share one;
`instances` has the title help() gives an instance of each class (its text is then the class's). xz, not
gzip: a class's text repeats the ~50 KB of nn.Module's methods, which only xz's window spans (6.6 MB of JSON is
190 KB as xz, 1.2 MB as gzip).
"""

import io
import json
import lzma
import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_help import ROOT, names as function_names, torch_object  # noqa: E402
from gradcli.lang.sandbox import namespace  # noqa: E402


def written(obj):
    """What help(obj) writes when stdout is not a terminal (pydoc's plainpager: render_doc's text and a newline),
    as a fresh process's first help(obj) writes it: pydoc reading a class's __annotations__ makes an empty one
    on a class that had none (Python 3.11), which a later help() of it would list; it is taken away again."""
    classes = [kind for kind in (obj if isinstance(obj, type) else type(obj)).__mro__
               if "__annotations__" not in kind.__dict__]
    buffer, stdout = io.StringIO(), sys.stdout
    sys.stdout = buffer
    try:
        help(obj)
    finally:
        sys.stdout = stdout
        for kind in classes:
            if "__annotations__" in kind.__dict__:
                delattr(kind, "__annotations__")
    return buffer.getvalue()


def instance_title(cls):
    """The first line of help(an instance of cls): pydoc documents an instance by its class, under a title of its
    own (`Help on Linear in module torch.nn.modules.linear object:`, `Help on Size object:`); None if an
    instance cannot be made bare (cls.__new__(cls) refused, or not of cls)."""
    try:
        instance = cls.__new__(cls)
    except Exception:
        return None
    if type(instance) is not cls:  # (torch.FloatTensor() is a torch.Tensor)
        return None
    text, own = written(instance), written(cls)
    title, body = text.split("\n", 1)
    assert body == own.split("\n", 1)[1], cls  # (the rest is the class's text)
    return title


def classes():
    """The torch classes the script namespace offers (torch.nn.Linear, torch.optim.SGD, ...)."""
    return sorted("%s.%s" % (module.name, name) for module in namespace.MODULES.values()
                  if module.name == "torch" or module.name.startswith("torch.")
                  for name, member in module.members.items() if isinstance(member, type) and name[:1] != "_")


def main():
    texts, index, named, instances = [], {}, {}, {}
    instance = torch.zeros(1)

    def keep(qualified, obj):
        text = written(obj)
        named[qualified] = index.setdefault(text, len(texts))
        if named[qualified] == len(texts):
            texts.append(text)

    for qualified in function_names() + classes():
        obj = torch_object(qualified)
        if obj is None or not callable(obj):
            continue
        keep(qualified, obj)
        if isinstance(obj, type):
            title = instance_title(obj)
            if title:
                instances[qualified] = title
        if qualified.startswith("torch.Tensor."):
            keep("torch.Tensor()." + qualified[len("torch.Tensor."):], getattr(instance, qualified[13:]))
    data = {"torch": torch.__version__, "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "texts": texts, "names": named, "instances": instances}
    path = ROOT / "gradcli" / "lang" / "sandbox" / "torch_pydoc.json.xz"
    raw = json.dumps(data, sort_keys=True).encode("utf-8")
    path.write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
    print("wrote %s: %d names, %d texts, %d bytes (%d uncompressed)"
          % (path, len(named), len(texts), path.stat().st_size, len(raw)))


if __name__ == "__main__":
    main()
