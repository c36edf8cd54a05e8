"""Record torch's random numbers as exact bits for tests/core/test_rng.py (which needs no torch).

Run with a python that has torch 2.13 on an AVX2/AVX512 x86 CPU (torch's default build there):
    /work/torchenv/bin/python tests/golden/rng/make_golden.py

Each case is a seed and a list of steps; a step is one random call, described as plain JSON data that the test
replays through gradcli's front doors. Every result is stored as its raw little-endian bytes (base64), or, for
the very large ones, as the sha256 of those bytes plus the first and last 16 elements.
"""

import base64
import hashlib
import json
import math
import pathlib

import torch

OUT = pathlib.Path(__file__).with_name("rng_golden.json")
RAW_LIMIT = 100  # larger results are stored as a hash plus a few values
DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64, "int32": torch.int32,
          "int16": torch.int16, "uint8": torch.uint8}


def encode(t):
    a = t.detach().contiguous().reshape(-1).numpy()
    record = {"dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape)}
    if a.size <= RAW_LIMIT:
        record["data"] = base64.b64encode(a.tobytes()).decode()
    else:
        record["sha256"] = hashlib.sha256(a.tobytes()).hexdigest()
        record["head"] = base64.b64encode(a[:16].tobytes()).decode()
        record["tail"] = base64.b64encode(a[-16:].tobytes()).decode()
    return record


def run_step(step, generators, earlier):
    """One step on torch; returns the tensor (or number) it produced. `earlier` holds the results so far."""
    op = step["op"]
    kw = {}
    if step.get("gen"):
        kw["generator"] = generators[step["gen"]]
    dtype = DTYPES[step["dtype"]] if "dtype" in step else None
    if dtype is not None:
        kw["dtype"] = dtype
    if op == "manual_seed":
        torch.manual_seed(step["seed"])
        return None
    if op == "initial_seed":
        return torch.initial_seed()
    if op == "get_rng_state":
        return generators[step["gen"]].get_state() if step.get("gen") else torch.get_rng_state()
    if op == "set_rng_state":  # restore the state returned by step number `from`
        state = earlier[step["from"]]
        generators[step["gen"]].set_state(state) if step.get("gen") else torch.set_rng_state(state)
        return None
    if op in ("rand", "randn"):
        return getattr(torch, op)(*step["size"], **kw)
    if op == "randint":
        return torch.randint(step["low"], step["high"], tuple(step["size"]), **kw)
    if op == "randperm":
        return torch.randperm(step["n"], **kw)
    if op == "normal":
        return torch.normal(step["mean"], step["std"], size=tuple(step["size"]), **kw)
    if op == "normal_tensors":  # torch.normal(mean, std) with tensor arguments (arange-built)
        mean = _operand(step["mean"])
        std = _operand(step["std"])
        return torch.normal(mean, std, **kw)
    if op == "bernoulli":  # probabilities per element
        return torch.bernoulli(_operand(step["p"]), **kw)
    if op == "multinomial":
        return torch.multinomial(_operand(step["p"]), step["n"], step["replacement"], **kw)
    if op in ("uniform_", "normal_", "bernoulli_", "exponential_"):
        target = torch.empty(*step["size"], dtype=dtype or torch.float32)
        if step.get("transposed"):  # fill a non-contiguous view: torch walks it in memory order
            target = torch.empty(*reversed(step["size"]), dtype=dtype or torch.float32).t()
        kw.pop("dtype", None)
        getattr(target, op)(*step["args"], **kw)
        return target
    if op in ("rand_like", "randn_like", "randint_like"):
        template = torch.empty(*step["size"], dtype=DTYPES[step.get("like_dtype", "float32")])
        if step.get("transposed"):  # *_like keeps a dense input's memory layout and fills in memory order
            template = torch.empty(*reversed(step["size"]), dtype=template.dtype).t()
        return getattr(torch, op)(template, *step.get("args", ()), **kw)
    raise ValueError(op)


def _operand(spec):
    """A number, or a tensor written as {"arange": n, "scale": s, "offset": o, "shape": [...]}."""
    if isinstance(spec, dict):
        t = (torch.arange(spec["arange"], dtype=DTYPES[spec.get("dtype", "float32")]) * spec.get("scale", 1.0)
             + spec.get("offset", 0.0))
        return t.reshape(spec.get("shape", [spec["arange"]]))
    return spec


def run_case(case):
    torch.manual_seed(case["seed"])
    generators = {}
    for name, seed in case.get("generators", {}).items():
        generators[name] = torch.Generator() if seed is None else torch.Generator().manual_seed(seed)
    results, earlier = [], []
    for step in case["steps"]:
        out = run_step(step, generators, earlier)
        earlier.append(out)
        if out is None:
            results.append(None)
        elif isinstance(out, int):
            results.append({"int": str(out)})
        else:
            results.append(encode(out))
    return dict(case, results=results)


# ---------------------------------------------------------------- the cases
SEEDS = [0, 42, 31337, 2 ** 32 - 1]
SIZES = list(range(1, 21)) + [31, 33, 100, 1000, 4097, 100000]


def cases():
    out = []
    # one call per case, so that every size starts from a fresh seed (and an empty normal cache)
    for seed in SEEDS:
        for op in ("rand", "randn"):
            for dtype in ("float32", "float64"):
                for n in SIZES:
                    out.append({"seed": seed, "steps": [{"op": op, "size": [n], "dtype": dtype}]})
    for seed in (1, 7, 2 ** 31):  # more large-path float32 randn, raw, and a 4e5 one hashed
        for n in (16, 17, 48, 63, 64, 65, 255, 2049, 4000, 400000):
            out.append({"seed": seed, "steps": [{"op": "randn", "size": [n], "dtype": "float32"}]})
    # seeds beyond 32 bits, negative seeds, initial_seed
    for seed in (-1, 2 ** 32 + 5, 2 ** 63, 12345, 2 ** 64 - 1):
        out.append({"seed": seed, "steps": [{"op": "initial_seed"}, {"op": "randn", "size": [5]},
                                            {"op": "rand", "size": [3]}]})
    # multi-dimensional shapes fill in row-major order
    for seed in (0, 3):
        for shape in ([2, 3], [3, 5], [4, 4], [2, 3, 5], [1, 15], [4, 5], [2, 1, 8]):
            for op in ("rand", "randn"):
                for dtype in ("float32", "float64"):
                    out.append({"seed": seed, "steps": [{"op": op, "size": shape, "dtype": dtype}]})
            out.append({"seed": seed, "steps": [{"op": "randint", "low": 0, "high": 100, "size": shape}]})
    # mixed sequences: the normal cache survives rand/randint/randperm and large randn, not manual_seed
    for seed in (0, 5, 42, 31337):
        out.append({"seed": seed, "steps": [
            {"op": "randn", "size": [3]}, {"op": "rand", "size": [2]}, {"op": "randn", "size": [2]},
            {"op": "randn", "size": [1]}, {"op": "randn", "size": [20]}, {"op": "randn", "size": [1]},
            {"op": "randn", "size": [3], "dtype": "float64"}, {"op": "randint", "low": 0, "high": 10, "size": [4]},
            {"op": "randn", "size": [1], "dtype": "float64"}, {"op": "randperm", "n": 6},
            {"op": "randn", "size": [2]}, {"op": "randn", "size": [17], "dtype": "float64"},
            {"op": "normal_", "size": [5], "args": [1.0, 2.0]}, {"op": "randn", "size": [1]},
            {"op": "manual_seed", "seed": seed}, {"op": "randn", "size": [1]}, {"op": "randn", "size": [1]},
        ]})
    # randint: both word paths, negative lows, integer dtypes
    ranges = [(0, 2), (0, 10), (-5, 5), (0, 97), (0, 2 ** 28 - 1), (0, 2 ** 28), (0, 2 ** 28 + 1),
              (-2 ** 40, 2 ** 40), (0, 2 ** 62), (0, 1), (3, 10), (-2 ** 63, 2 ** 62)]
    for seed in (0, 42, 2 ** 32 - 1):
        for low, high in ranges:
            for n in (1, 5, 100, 3000):
                out.append({"seed": seed, "steps": [{"op": "randint", "low": low, "high": high, "size": [n]}]})
        for dtype, high in (("int32", 1000), ("int16", 300), ("uint8", 200), ("float32", 50), ("float64", 7)):
            out.append({"seed": seed, "steps": [{"op": "randint", "low": 0, "high": high, "size": [40],
                                                 "dtype": dtype}]})
    # randperm
    for seed in (0, 42, 31337, 2 ** 32 - 1):
        for n in list(range(0, 20)) + [100, 1000, 5000, 70000]:
            out.append({"seed": seed, "steps": [{"op": "randperm", "n": n}]})
    # uniform_(a, b): the fused FMA and the `== b` rule
    bound = 1 / math.sqrt(3)
    for seed in (0, 42, 31337):
        for a, b in ((-0.3, 0.7), (-1 / 3, 1 / 3), (2.0, 5.5), (-0.57735, 0.57735), (0.0, 1.0), (-bound, bound),
                     (-1e-3, 1e-3), (-100.0, 100.0), (1.0, 1.0)):
            for dtype in ("float32", "float64"):
                for n in (1, 7, 16, 1000, 20000):
                    out.append({"seed": seed, "steps": [{"op": "uniform_", "size": [n], "dtype": dtype,
                                                         "args": [a, b]}]})
    out.append({"seed": 0, "steps": [  # nn.Linear(3, 2)'s init order: weight then bias
        {"op": "uniform_", "size": [2, 3], "args": [-bound, bound]},
        {"op": "uniform_", "size": [2], "args": [-bound, bound]}]})
    # normal_(mean, std) and torch.normal(mean, std, size): both paths, both dtypes
    for seed in (0, 42, 31337):
        for mean, std in ((0.0, 1.0), (2.0, 3.0), (-1.0, 0.5), (0.0, 0.02), (1e3, 1e-3), (0.5, 0.0)):
            for dtype in ("float32", "float64"):
                for n in (1, 3, 15, 16, 17, 100, 1000, 50000):
                    out.append({"seed": seed, "steps": [{"op": "normal_", "size": [n], "dtype": dtype,
                                                         "args": [mean, std]}]})
                out.append({"seed": seed, "steps": [
                    {"op": "normal", "mean": mean, "std": std, "size": [5], "dtype": dtype},
                    {"op": "normal", "mean": mean, "std": std, "size": [40], "dtype": dtype},
                    {"op": "normal", "mean": mean, "std": std, "size": [2, 3]}]})
        out.append({"seed": seed, "steps": [
            {"op": "normal_tensors", "mean": {"arange": 5}, "std": {"arange": 5, "scale": 0.5, "offset": 0.1}},
            {"op": "normal_tensors", "mean": {"arange": 20, "scale": -1.0}, "std": 0.5},
            {"op": "normal_tensors", "mean": 1.5, "std": {"arange": 12, "scale": 0.25, "offset": 1.0,
                                                          "shape": [3, 4]}},
            {"op": "normal_tensors", "mean": {"arange": 4}, "std": {"arange": 1, "offset": 2.0}}]})
    # non-contiguous targets: torch walks a transposed view in memory order
    for seed in (0, 9):
        for op, args in (("uniform_", [-1.0, 1.0]), ("normal_", [0.0, 1.0]), ("normal_", [1.0, 2.0])):
            for shape in ([3, 4], [5, 7], [2, 3]):
                for dtype in ("float32", "float64"):
                    out.append({"seed": seed, "steps": [{"op": op, "size": shape, "dtype": dtype, "args": args,
                                                         "transposed": True}]})
    # Generator objects: own streams, default generator untouched; a fresh Generator's default seed
    for seed in (0, 11):
        out.append({"seed": seed, "generators": {"g": 9, "h": None}, "steps": [
            {"op": "randn", "size": [3], "gen": "g"}, {"op": "randn", "size": [3]},
            {"op": "randn", "size": [2], "gen": "g"}, {"op": "rand", "size": [4], "gen": "h"},
            {"op": "randn", "size": [20], "gen": "h", "dtype": "float64"},
            {"op": "randint", "low": 0, "high": 10, "size": [5], "gen": "g"},
            {"op": "randperm", "n": 7, "gen": "g"}, {"op": "normal_", "size": [4], "args": [0.0, 1.0], "gen": "g"},
            {"op": "uniform_", "size": [4], "args": [-2.0, 2.0], "gen": "h"},
            {"op": "normal", "mean": 1.0, "std": 2.0, "size": [6], "gen": "h"},
            {"op": "randn", "size": [2]}]})
    # get_rng_state / set_rng_state: torch's state bytes, restoring the stream and the normal cache
    for seed in (0, 2 ** 40 + 3):
        out.append({"seed": seed, "generators": {"g": 5, "h": None}, "steps": [
            {"op": "get_rng_state"}, {"op": "rand", "size": [5]}, {"op": "get_rng_state"},
            {"op": "randn", "size": [1]}, {"op": "get_rng_state"}, {"op": "rand", "size": [620]},
            {"op": "get_rng_state"}, {"op": "set_rng_state", "from": 0}, {"op": "randn", "size": [3]},
            {"op": "get_rng_state"}, {"op": "set_rng_state", "from": 4}, {"op": "randn", "size": [2]},
            {"op": "randn", "size": [3], "gen": "g"}, {"op": "get_rng_state", "gen": "g"},
            {"op": "randn", "size": [3], "gen": "g"}, {"op": "set_rng_state", "from": 13, "gen": "g"},
            {"op": "randn", "size": [3], "gen": "g"}, {"op": "get_rng_state", "gen": "h"},
            {"op": "set_rng_state", "from": 4, "gen": "h"}, {"op": "randn", "size": [2], "gen": "h"},
            {"op": "initial_seed"}]})
        out.append({"seed": seed, "steps": [{"op": "rand", "size": [624]}, {"op": "get_rng_state"},
                                            {"op": "rand", "size": [1]}, {"op": "get_rng_state"},
                                            {"op": "set_rng_state", "from": 1}, {"op": "rand", "size": [3]}]})
    # *_like
    for seed in (0, 42):
        out.append({"seed": seed, "steps": [
            {"op": "rand_like", "size": [3, 4]}, {"op": "randn_like", "size": [2, 2], "like_dtype": "float64"},
            {"op": "randn_like", "size": [20]}, {"op": "randint_like", "size": [2, 5], "args": [10]},
            {"op": "randint_like", "size": [6], "args": [3, 10], "like_dtype": "int64"},
            {"op": "rand_like", "size": [5], "like_dtype": "float64"}]})
        out.append({"seed": seed, "steps": [
            {"op": "rand_like", "size": [3, 4], "transposed": True},
            {"op": "randn_like", "size": [4, 5], "transposed": True},
            {"op": "randn_like", "size": [4, 5]},
            {"op": "randn_like", "size": [3, 6], "transposed": True, "like_dtype": "float64"},
            {"op": "randint_like", "size": [2, 5], "args": [10], "transposed": True, "like_dtype": "int64"}]})
    # bernoulli (tensor and scalar p), exponential_, multinomial (with and without replacement)
    for seed in (0, 42, 31337):
        for dtype in ("float32", "float64"):
            for n in (1, 7, 16, 100, 5000):
                out.append({"seed": seed, "steps": [
                    {"op": "bernoulli", "p": {"arange": n, "scale": 1.0 / n, "dtype": dtype}},
                    {"op": "bernoulli_", "size": [n], "dtype": dtype, "args": [0.3]},
                    {"op": "exponential_", "size": [n], "dtype": dtype, "args": [1.5]},
                    {"op": "randn", "size": [3]}]})
            out.append({"seed": seed, "steps": [
                {"op": "bernoulli", "p": {"arange": 12, "scale": 0.08, "shape": [3, 4], "dtype": dtype}},
                {"op": "exponential_", "size": [3, 4], "dtype": dtype, "args": [0.5], "transposed": True}]})
        for n, k, replacement in ((5, 3, False), (5, 5, False), (5, 1, False), (5, 10, True), (7, 1, True),
                                  (100, 20, False), (100, 50, True)):
            out.append({"seed": seed, "steps": [
                {"op": "multinomial", "p": {"arange": n, "offset": 0.5}, "n": k, "replacement": replacement},
                {"op": "multinomial", "p": {"arange": 3 * n, "offset": 1.0, "shape": [3, n], "dtype": "float64"},
                 "n": k, "replacement": replacement},
                {"op": "rand", "size": [2]}]})
    return out


def main():
    assert torch.backends.cpu.get_cpu_capability() in ("AVX2", "AVX512"), "record under the AVX2/AVX512 build"
    data = {"torch": torch.__version__, "capability": torch.backends.cpu.get_cpu_capability(),
            "cases": [run_case(c) for c in cases()]}
    n_results = sum(r is not None for c in data["cases"] for r in c["results"])
    cases_text = ",\n".join(json.dumps(c, separators=(",", ":")) for c in data.pop("cases"))
    OUT.write_text(json.dumps(data)[:-1] + ', "cases": [\n' + cases_text + "\n]}\n")  # one case a line
    print("%d cases, %d results -> %s (%d bytes)" % (
        len(cases_text.splitlines()), n_results, OUT, OUT.stat().st_size))


if __name__ == "__main__":
    main()
