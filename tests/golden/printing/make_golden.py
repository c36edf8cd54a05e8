"""Record torch's printing as golden data for tests/core/test_printing.py.

Run with the torch environment (torch 2.13), from the repository root:
    /work/torchenv/bin/python tests/golden/printing/make_golden.py

Writes next to this file:
- tensors.jsonl.gz: one random tensor per line — dtype, shape, its raw little-endian bytes (base64, exact),
  how it got requires_grad / its grad_fn, the print options in force (null = torch's defaults) and repr(t);
- snippets.json: small scripts (valid Python and valid gradcli) with the stdout torch gives them, object
  addresses written as 0xADDR.
The random stream is seeded, so a rerun reproduces the same files.
"""

import base64
import gzip
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import numpy as np
import torch

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_CASES = 2400
OPTION_CASES = 700

DTYPES = {  # name: (torch dtype, weight)
    "float32": (torch.float32, 30), "float64": (torch.float64, 18), "float16": (torch.float16, 7),
    "int64": (torch.int64, 12), "int32": (torch.int32, 9), "int16": (torch.int16, 2), "int8": (torch.int8, 2),
    "uint8": (torch.uint8, 3), "bool": (torch.bool, 9),
}
# grad_fn recipes that keep every value (including -0.0 and nan) as it is; the test applies the same op
GRAD_RECIPES = {"mul1": lambda x: x * 1, "clone": lambda x: x.clone(), "view": lambda x: x.view(x.shape)}
# values that sit on torch's mode and rounding boundaries
BOUNDARY = [0.0001, 0.00009999, 0.001, 1000.0, 1000.5, 1001.0, 1e8, 1.0000001e8, 99999.99, 9.99995, 1.99995,
            12345.678, 0.5, 0.25, 1.0, 2.0, 100.0, 123456789.0, 1e-5, 3e38, 1e10, 1e-8, 0.1, 1 / 3, 2.5, 0.125]


def random_shape(rng):
    """Shapes from 0-D to 4-D with up to 3,000 elements (mostly small, some summarized, a few empty)."""
    ndim = int(rng.choice([0, 1, 2, 3, 4], p=[0.08, 0.32, 0.3, 0.18, 0.12]))
    if ndim == 0:
        return ()
    if rng.random() < 0.04:  # empty
        shape = [int(rng.integers(0, 4)) for _ in range(ndim)]
        shape[int(rng.integers(ndim))] = 0
        return tuple(shape)
    target = int(rng.choice([rng.integers(1, 40), rng.integers(40, 1001), rng.integers(1001, 3001)],
                            p=[0.55, 0.3, 0.15]))
    shape = []
    remaining = target
    for d in range(ndim):
        if d == ndim - 1:
            size = remaining
        else:
            size = int(rng.integers(1, max(2, round(remaining ** (1 / (ndim - d))) * 2)))
        size = max(1, size)
        shape.append(size)
        remaining = max(1, remaining // size)
    rng.shuffle(shape)
    return tuple(shape)


def float_values(rng, n):
    """Float64 values in one of several styles, specials sprinkled in."""
    style = rng.choice(["ints", "normal", "mixed", "boundary", "uniform", "tiny", "huge", "extreme", "rounding",
                        "constant"])
    if style == "ints":
        values = rng.integers(-10 ** int(rng.integers(1, 9)), 10 ** int(rng.integers(1, 9)), n).astype(float)
    elif style == "normal":
        values = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 5)
    elif style == "mixed":  # magnitudes from 1e-8 to 1e10 in one tensor
        values = 10.0 ** rng.uniform(-8, 10, n) * rng.choice([-1, 1], n)
    elif style == "boundary":
        values = rng.choice(BOUNDARY, n) * rng.choice([-1, 1], n)
    elif style == "uniform":
        values = rng.uniform(-1, 1, n) * rng.choice([1, 10, 100, 1000, 10000])
    elif style == "tiny":
        values = rng.standard_normal(n) * 10.0 ** rng.integers(-12, -3)
    elif style == "huge":
        values = rng.standard_normal(n) * 10.0 ** rng.integers(8, 40)
    elif style == "extreme":  # 3-digit exponents, subnormals, overflow to inf in float32 / float16
        values = 10.0 ** rng.uniform(-320, 308, n) * rng.choice([-1, 1], n)
    elif style == "rounding":  # halfway between two 4-decimal (or integer) texts
        values = (rng.integers(-10 ** 6, 10 ** 6, n) + 0.5) / 10.0 ** rng.choice([0, 4])
    else:
        values = np.full(n, rng.choice(BOUNDARY + [0.0, -0.0, 7.0]))
    if rng.random() < 0.35 and n:
        specials = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0], int(rng.integers(1, max(2, n // 5 + 1))))
        values[rng.integers(0, n, specials.size)] = specials
    return values


def int_values(rng, n, dtype):
    info = torch.iinfo(dtype)
    span = int(rng.choice([10, 1000, 10 ** 6, 10 ** 12, 2 ** 62]))
    low, high = max(info.min, -span), min(info.max, span)
    values = rng.integers(low, high, n, endpoint=True, dtype=np.int64)
    if rng.random() < 0.2 and n:
        values[rng.integers(0, n)] = rng.choice([info.min, info.max])
    return values


def random_tensor(rng):
    names = list(DTYPES)
    weights = np.array([DTYPES[n][1] for n in names], dtype=float)
    name = str(rng.choice(names, p=weights / weights.sum()))
    dtype = DTYPES[name][0]
    shape = random_shape(rng)
    n = int(np.prod(shape, dtype=np.int64))
    # big tensors draw from a few distinct values (wild ones all the same), which keeps the data file small
    drawn = n if n <= 200 else 16
    if dtype.is_floating_point:
        values = float_values(rng, drawn)
    elif dtype == torch.bool:
        values = rng.random(drawn) < rng.random()
    else:
        values = int_values(rng, drawn, dtype)
    if drawn < n:
        values = values[rng.integers(0, drawn, n)]
    with np.errstate(over="ignore"):
        t = torch.from_numpy(values).to(dtype).reshape(shape)
    grad = None
    if dtype.is_floating_point:
        grad = rng.choice([None, "leaf", "mul1", "clone", "view"], p=[0.5, 0.2, 0.14, 0.08, 0.08])
        grad = None if grad is None else str(grad)
    return name, shape, t, grad


def printed_tensor(t, grad):
    """The tensor as the test will rebuild it: a leaf that requires grad, or the result of a recipe op."""
    if grad is None:
        return t
    leaf = t.clone().requires_grad_(True)
    return leaf if grad == "leaf" else GRAD_RECIPES[grad](leaf)


def random_options(rng):
    if rng.random() < 0.08:
        return {"profile": str(rng.choice(["short", "full", "default"]))}
    options = {}
    if rng.random() < 0.5:
        options["precision"] = int(rng.choice([0, 1, 2, 3, 5, 6, 8, 10]))
    if rng.random() < 0.5:
        options["threshold"] = int(rng.choice([0, 1, 4, 5, 10, 30, 100, 500, 5000]))
    if rng.random() < 0.5:
        options["edgeitems"] = int(rng.choice([0, 1, 2, 4, 5, 10]))
    if rng.random() < 0.5:
        options["linewidth"] = int(rng.choice([1, 10, 20, 30, 40, 60, 79, 81, 100, 150, 200]))
    if rng.random() < 0.4:
        options["sci_mode"] = bool(rng.random() < 0.5)
    return options


def tensor_record(name, shape, t, grad, options):
    printed = printed_tensor(t, grad)
    if options:
        torch.set_printoptions(**options)
    try:
        text = repr(printed)
        assert str(printed) == text
    finally:
        torch.set_printoptions(profile="default")
    return {"dtype": name, "shape": list(shape), **encode_values(t.numpy()), "grad": grad, "options": options or None, "text": text}


def encode_values(array):
    """Exact and compact: the distinct values' raw bytes, and each element's position among them."""
    raw = np.ascontiguousarray(array).reshape(-1)
    bits = raw.view(np.dtype("u%d" % raw.itemsize)) if raw.dtype.kind == "f" else raw  # -0.0 and nan kept apart
    _, first, inverse = np.unique(bits, return_index=True, return_inverse=True)
    index = inverse.astype(np.uint8 if first.size <= 256 else np.uint16)
    return {"values": base64.b64encode(raw[first].tobytes()).decode("ascii"),
            "index": base64.b64encode(index.tobytes()).decode("ascii")}


def write_tensors(rng):
    records = []
    for _ in range(DEFAULT_CASES):
        records.append(tensor_record(*random_tensor(rng), None))
    for _ in range(OPTION_CASES):
        records.append(tensor_record(*random_tensor(rng), random_options(rng)))
    text = "".join(json.dumps(record, separators=(",", ":")) + "\n" for record in records)
    with open(HERE / "tensors.jsonl.gz", "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text.encode("utf-8"))  # mtime=0: a rerun gives the same bytes
    return len(records)


# ---------------------------------------------------------------- snippets: whole scripts, torch's stdout
SNIPPETS = {
    "item_floats": """
import torch
print(torch.tensor(0.1).item())
print(torch.tensor(1/3).item(), torch.tensor(1/3, dtype=torch.float64).item())
print(torch.tensor(2.).item(), torch.tensor(1e-5).item(), torch.tensor(1e20).item())
print(torch.tensor(123456789.).item(), torch.tensor(3).item(), torch.tensor(True).item())
print(torch.tensor(float('nan')).item(), torch.tensor(float('-inf')).item(), torch.tensor(-0.0).item())
print(torch.tensor(0.1, dtype=torch.float16).item())
""",
    "tolist": """
import torch
print(torch.tensor([0.1, 0.2]).tolist())
print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor(2.5).tolist())
print(torch.zeros(2, 0).tolist())
""",
    "arithmetic_numbers": """
import torch
x = torch.tensor([1.5, 2.25, 3.0])
s = x.sum().item()
print(s, s / 3, s * 0.1, 2 ** 0.5, 1e16, 1e-5, 10 / 4, 7 // 2, -3 % 5)
print(round(s, 2), int(s), float(x[0]), abs(-x[1].item()))
""",
    "fstrings": """
import torch
t = torch.tensor(2.)
v = torch.tensor([1.5, 2.0], requires_grad=True)
print(f"{t}", f"{t.item():.4f}", f"{t:.3f}", f"{t:8.2e}|")
print(f"{v}")
print(f"{v * 2}")
print(f"{torch.tensor(2., requires_grad=True) * 3}")
print(f"x = {t.item()} and {torch.tensor(3)}")
print(format(t, '.2f'), format(torch.tensor(0.1)), format(3.14159, '10.3f'))
print('{}'.format(torch.tensor(0.1)), '{:.1f}'.format(torch.tensor(0.25)))
print('{}'.format(v))
print('%s' % torch.tensor(2.))
print('%s and %s' % (t, v))
print('%.3f' % t.item(), '%d' % 7, '%5.1f|' % 2.25)
""",
    "size_dtype_device": """
import torch
x = torch.ones(2, 3)
print(x.shape, x.size(), x.size(0), torch.ones(()).shape)
print(torch.Size([2, 2]))
print(tuple(x.shape), list(x.shape), len(x.shape))
print(x.dtype, torch.float, torch.double, torch.long, torch.int32, torch.bool, torch.float16)
print(torch.get_default_dtype(), x.device)
print([x.dtype, x.shape])
""",
    "containers": """
import torch
a = torch.tensor([1.])
b = torch.tensor([[1., 2.], [3., 4.]])
print((a, torch.tensor([2, 3])))
print([a, torch.tensor(2.)])
print({'a': torch.tensor([1.5])})
print((a,))
print((a, b))
print([b, b * 2])
print(True, False, None, 'text', 3, 2.5, [1, 2.0, 'x'], (1,), {'k': None})
""",
    "grad_results": """
import torch
x = torch.tensor([1., 2.], requires_grad=True)
print(torch.autograd.grad((x * x).sum(), x))
x2 = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
print(torch.autograd.grad((x * 3).sum() + (x2 * x2).sum(), [x, x2]))
""",
    "grad_fn_objects": """
import torch
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * x).sum()
print(y.grad_fn)
print(y.grad_fn.next_functions)
print(y.grad_fn.next_functions[0][0].next_functions)
print(y.grad_fn.name(), x.grad_fn)
z = x * 2 + torch.tensor([1., 1.])
print(z.grad_fn.next_functions)
print(z)
print(x.grad)
""",
    "return_types": """
import torch
x = torch.tensor([1., 2.], requires_grad=True)
print(x.max(dim=0))
print(torch.tensor([[1., 5.], [3., 2.]], requires_grad=True).max(dim=0))
print(torch.tensor([[1., 5.], [3., 2.]]).min(dim=1))
m = torch.tensor([[1., 5.], [3., 2.]]).max(1)
print(m.values, m.indices)
values, indices = torch.tensor([[1., 5.], [3., 2.]]).min(0)
print(values, indices)
print(m[0])
""",
    "printoptions": """
import torch
x = torch.tensor([1.123456789, 2.5, 1000.25])
torch.set_printoptions(precision=2)
print(x)
torch.set_printoptions(sci_mode=True)
print(x, torch.tensor([0., 0.]))
torch.set_printoptions()
print(x)
torch.set_printoptions(threshold=5)
print(torch.arange(10))
torch.set_printoptions(precision=8, threshold=1000)
print(x, torch.tensor(1/3))
torch.set_printoptions(precision=0)
print(x, torch.tensor([0.5, 1.5, 2.5]))
torch.set_printoptions(profile='short')
print(torch.arange(2000.) / 3)
torch.set_printoptions(profile='default', linewidth=30)
print(torch.arange(20.) * 1.5)
print(torch.arange(20., requires_grad=True) * 1.5)
torch.set_printoptions(profile='default', edgeitems=1, threshold=3)
print(torch.arange(24.).reshape(2, 3, 4))
torch.set_printoptions(edgeitems=0)
print(torch.arange(10.), torch.arange(10).reshape(2, 5), torch.tensor(3.))
torch.set_printoptions(profile='full')
print(torch.arange(1200).reshape(40, 30)[:2])
torch.set_printoptions(sci_mode=False)
print(torch.tensor([1e-8, 1e10]))
torch.set_printoptions(profile='default')
print(torch.tensor([1e-8, 1e10]))
""",
    "misc_values": """
import torch
x = torch.tensor([[1., -2.], [3., 4.5]], requires_grad=True)
print(repr(x), str(x) == repr(x))
print(x.sum(), x.mean(), x.sum().item(), x.mean().item())
print(x[0], x[1, 1], x.T)
print(f"{x.dtype} {x.shape} {x.size(1)} {x.sum().item():.2f} {x.requires_grad}")
print(torch.tensor([-0.0, 1.]), torch.tensor([-0.0, 1.5]), torch.tensor(-0.0))
print(torch.tensor([1, 2]) * 2, torch.tensor([1, 2]) / 2, torch.tensor([1, 2]) > 1)
print(torch.tensor(5).item() * 3, torch.tensor(5).item() / 2, torch.tensor(0.5).item() + 1)
print('a', x.grad, 'b', sep='|', end='!\\n')
print([torch.zeros(2, 2), (torch.ones(1), None)])
print({'w': x, 'n': 2})
""",
    "large": """
import torch
print(torch.arange(4000000.).reshape(2000, 2000))
print(torch.arange(1000000).reshape(10, 10, 100, 100) * 3)
print(torch.ones(2, 3, 4, 5, requires_grad=True) * 1.5)
""",
}


def snippet_stdout(source):
    """Run one snippet with this interpreter (torch's environment) in a fresh process."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(source)
    result = subprocess.run([sys.executable, script.name], capture_output=True, text=True, timeout=300)
    pathlib.Path(script.name).unlink()
    if result.returncode:
        raise RuntimeError("snippet failed under torch:\n" + source + result.stderr)
    return re.sub(r"0x[0-9a-fA-F]+", "0xADDR", result.stdout)


def write_snippets():
    records = [{"name": name, "source": source.lstrip("\n"), "stdout": snippet_stdout(source.lstrip("\n"))}
               for name, source in SNIPPETS.items()]
    (HERE / "snippets.json").write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n")
    return len(records)


def main():
    assert torch.__version__.startswith("2.13"), torch.__version__
    torch.set_num_threads(1)
    rng = np.random.default_rng(20261129)
    print("tensors:", write_tensors(rng))
    print("snippets:", write_snippets())


if __name__ == "__main__":
    main()
