"""Record torch's answers for gradcli's op set: run with /work/torchenv/bin/python (torch 2.13).

    /work/torchenv/bin/python tests/golden/ops/make_golden.py

Writes tests/golden/ops/golden.json.gz: one record per case with the call (a small data description, replayed
by tests/ops/test_ops_golden.py without torch), the exact input values, and what torch gave: output dtype, shape and
values (or the exception), grad_fn and next_functions names, the matmul graph, the gradients for a random
upstream gradient, the names of those gradients' grad_fns under create_graph=True, and second derivatives
for the smooth ops. Inputs come from a seeded numpy generator, so the file only changes when the cases do.
"""

import gzip
import json
import operator
import pathlib

import numpy as np
import torch

OUT = pathlib.Path(__file__).with_name("golden.json.gz")
rng = np.random.default_rng(20261129)
F32, F64, I64, BOOL, I32, F16 = "float32", "float64", "int64", "bool", "int32", "float16"

# ---------------------------------------------------------------- inputs
DOMAINS = {
    "any": lambda n: rng.uniform(-2, 2, n),
    "pos": lambda n: rng.uniform(0.5, 2.5, n),
    "unit": lambda n: rng.uniform(-0.9, 0.9, n),
    "nonzero": lambda n: rng.choice([-1, 1], n) * rng.uniform(0.5, 2, n),
    "grid": lambda n: rng.integers(-2, 3, n) * 0.5,          # ties on purpose (max, min, maximum, relu at 0)
    "small": lambda n: rng.uniform(-0.5, 0.5, n),
}


def make_input(name, shape, dtype, domain="any", requires_grad=None):
    n = int(np.prod(shape)) if shape else 1
    if dtype == BOOL:
        values = rng.integers(0, 2, n).astype(bool)
    elif dtype in (I64, I32):
        low = 1 if domain in ("pos", "nonzero") else -3
        values = rng.integers(low, 4, n)
    else:
        values = DOMAINS[domain](n).astype(dtype)
    if requires_grad is None:
        requires_grad = dtype in (F32, F64)
    return {"name": name, "shape": list(shape), "dtype": dtype, "values": values.tolist(),
            "requires_grad": requires_grad}


CASES = []


def case(group, call, inputs, args, kwargs=None, select=None, second=False, graph=False):
    CASES.append({"group": group, "call": call, "inputs": inputs, "args": args, "kwargs": kwargs or {},
                  "select": select, "second": second, "graph": graph})


def t(name):
    return "$" + name


# ---------------------------------------------------------------- the cases
SHAPE_PAIRS = [((2, 3), (2, 3)), ((2, 3), (3,)), ((3,), (2, 3)), ((4, 1, 3), (2, 1)), ((), (3,)), ((2, 2), ()),
               ((3, 1), (1, 4)), ((5,), (5,))]
DTYPE_PAIRS = [(F32, F32), (F64, F64), (F32, F64), (F64, F32), (I64, F32), (F32, I64), (I64, I64), (BOOL, F32),
               (I32, I64), (F32, BOOL), (F16, F16), (F16, F32), (I32, F16)]
BINARY = {  # name -> (operator or torch function, domain of b, differentiable)
    "add": "any", "sub": "any", "mul": "any", "truediv": "nonzero", "pow": "pos",
}


def random_shape_pair():
    a, b = SHAPE_PAIRS[rng.integers(len(SHAPE_PAIRS))]
    return a, b


for name, domain_b in BINARY.items():
    for da, db in DTYPE_PAIRS:
        if name == "sub" and BOOL in (da, db):
            continue
        if name == "pow" and F16 in (da, db):  # half pow rounds differently from numpy's
            continue
        if name == "pow" and (da, db) == (I64, I64):
            domain_b = "pos"
        for _ in range(2):
            sa, sb = random_shape_pair()
            dom_a = "pos" if name == "pow" else "any"
            case("binary", ["op", name], [make_input("a", sa, da, dom_a), make_input("b", sb, db, domain_b)],
                 [t("a"), t("b")], second=name in ("mul", "truediv", "pow") and F32 in (da, db))
    # with python numbers and 0-d tensors on either side
    for da, scalar in ((F32, 2), (F32, 2.5), (I64, 2), (I64, 1.5), (F64, 3), (BOOL, 1), (BOOL, 1.5)):
        if name == "sub" and da == BOOL:
            continue
        dom_a = "pos" if name == "pow" else "any"
        case("scalar", ["op", name], [make_input("a", (2, 3), da, dom_a)], [t("a"), scalar])
        case("scalar", ["op", name], [make_input("a", (3,), da, dom_a)], [scalar, t("a")])
    for da, d0 in ((F32, F64), (I64, F64), (I64, F32), (F32, I64), (F64, F32)):
        case("zerodim", ["op", name], [make_input("a", (2, 3), da, "pos"), make_input("b", (), d0, "pos")],
             [t("a"), t("b")])
        case("zerodim", ["op", name], [make_input("b", (), d0, "pos"), make_input("a", (2, 3), da, "pos")],
             [t("b"), t("a")])

for call, args, kw in ((["torch", "add"], ["$a", "$b"], {"alpha": 2}), (["torch", "sub"], ["$a", "$b"], {"alpha": 3}),
                       (["method", "add"], ["$a", 2], {}), (["method", "mul"], ["$a", "$b"], {}),
                       (["torch", "div"], ["$a", "$b"], {"rounding_mode": "floor"}),
                       (["torch", "div"], ["$a", "$b"], {"rounding_mode": "trunc"}),
                       (["op", "floordiv"], ["$a", "$b"], {}), (["op", "mod"], ["$a", "$b"], {}),
                       (["torch", "pow"], [2, "$b"], {}), (["torch", "pow"], [2.5, "$b"], {}),
                       (["op", "neg"], ["$a"], {}), (["op", "pos"], ["$a"], {})):
    for da in (F32, I64, F64):
        case("arith", call, [make_input("a", (2, 3), da, "any"), make_input("b", (3,), da, "nonzero")], args, kw)

for exponent in (0, 1, 2, 3, 0.5, -1, 2.0, -0.5):
    case("pow", ["op", "pow"], [make_input("a", (2, 3), F32, "pos")], [t("a"), exponent], second=True)
case("pow", ["op", "pow"], [{"name": "a", "shape": [2], "dtype": F32, "values": [0.0, 3.0], "requires_grad": True}],
     ["$a", 2])
case("pow", ["op", "pow"], [{"name": "a", "shape": [2], "dtype": F32, "values": [0.0, 2.0], "requires_grad": True},
                            {"name": "b", "shape": [2], "dtype": F32, "values": [2.0, 3.0], "requires_grad": True}],
     ["$a", "$b"])
case("pow", ["op", "pow"], [{"name": "a", "shape": [2], "dtype": F32, "values": [0.0, -2.0], "requires_grad": True},
                            {"name": "b", "shape": [2], "dtype": F32, "values": [0.0, 2.0], "requires_grad": True}],
     ["$a", "$b"])
case("pow", ["method", "square"], [make_input("a", (2, 3), F32)], ["$a"], second=True)
case("pow", ["method", "pow"], [make_input("a", (2, 3), I64)], ["$a", 2])

UNARY = {  # name -> domain
    "exp": "any", "log": "pos", "log1p": "pos", "sin": "any", "cos": "any", "tan": "unit", "tanh": "any",
    "sigmoid": "any", "relu": "grid", "sqrt": "pos", "abs": "grid", "reciprocal": "nonzero", "neg": "any",
    "exp2": "any", "expm1": "any", "log2": "pos", "log10": "pos", "rsqrt": "pos", "asin": "unit", "atan": "any",
    "sinh": "any", "cosh": "any", "sign": "grid", "floor": "any", "round": "any", "erf": "any", "square": "any",
}
SMOOTH = {"exp", "log", "log1p", "sin", "cos", "tan", "tanh", "sigmoid", "sqrt", "reciprocal", "exp2", "expm1",
          "log2", "log10", "rsqrt", "asin", "atan", "sinh", "cosh", "erf", "square", "neg"}
for name, domain in UNARY.items():
    for dtype in (F32, F64):
        for shape in ((2, 3), (), (4,)):
            case("unary", ["method", name], [make_input("a", shape, dtype, domain)], [t("a")], second=name in SMOOTH)
    case("unary", ["torch", name], [make_input("a", (3,), I64, "pos")], [t("a")])
    case("unary", ["torch", name], [make_input("a", (2, 2), F32, domain)], [t("a")])
    case("unary", ["torch", name], [make_input("a", (3,), F16, domain)], [t("a")])
case("edge", ["method", "relu"], [{"name": "a", "shape": [3], "dtype": F32, "values": [-1.0, 0.0, 2.0],
                                   "requires_grad": True}], ["$a"])
case("edge", ["method", "abs"], [{"name": "a", "shape": [3], "dtype": F32, "values": [-1.0, 0.0, 2.0],
                                  "requires_grad": True}], ["$a"])
case("edge", ["method", "sqrt"], [{"name": "a", "shape": [3], "dtype": F32, "values": [-1.0, 0.0, 4.0],
                                   "requires_grad": True}], ["$a"])
case("edge", ["method", "log"], [{"name": "a", "shape": [2], "dtype": F32, "values": [0.0, 1.0],
                                  "requires_grad": True}], ["$a"])
case("edge", ["method", "round"], [{"name": "a", "shape": [6], "dtype": F32, "values": [0.5, 1.5, 2.5, -0.5, -1.5, 2.4],
                                    "requires_grad": True}], ["$a"])

FUNCTIONAL = {"relu": "grid", "leaky_relu": "grid", "gelu": "any", "silu": "any", "elu": "any", "softplus": "any",
              "sigmoid": "any", "tanh": "any"}
for name, domain in FUNCTIONAL.items():
    for dtype in (F32, F64):
        case("functional", ["F", name], [make_input("a", (2, 3), dtype, domain)], [t("a")],
             second=name in ("gelu", "silu", "softplus", "sigmoid", "tanh"))
case("functional", ["F", "leaky_relu"], [make_input("a", (4,), F32)], ["$a", 0.2])
case("functional", ["F", "elu"], [make_input("a", (4,), F32)], ["$a"], {"alpha": 0.5})
case("functional", ["F", "softplus"], [make_input("a", (4,), F32)], ["$a"], {"beta": 2})
case("functional", ["F", "gelu"], [make_input("a", (4,), F32)], ["$a"], {"approximate": "tanh"})
case("functional", ["F", "softplus"], [{"name": "a", "shape": [3], "dtype": F32, "values": [-30.0, 19.0, 25.0],
                                        "requires_grad": True}], ["$a"])
for dtype in (F32, F64):
    for reduction in ("mean", "sum", "none"):
        case("functional", ["F", "mse_loss"], [make_input("a", (2, 3), dtype), make_input("b", (2, 3), dtype)],
             ["$a", "$b"], {"reduction": reduction}, second=True)

def int_input(name, shape, high):
    return {"name": name, "shape": list(shape), "dtype": I64, "values": rng.integers(0, high, shape).reshape(-1).tolist(),
            "requires_grad": False}


def prob_input(name, shape, dtype, requires_grad=True):
    return {"name": name, "shape": list(shape), "dtype": dtype,
            "values": rng.uniform(0.05, 0.95, shape).astype(dtype).reshape(-1).tolist(), "requires_grad": requires_grad}


for dtype in (F32, F64):
    for reduction in ("mean", "sum", "none"):
        case("loss", ["F", "l1_loss"], [make_input("a", (2, 3), dtype), make_input("b", (2, 3), dtype)],
             ["$a", "$b"], {"reduction": reduction})
        case("loss", ["F", "cross_entropy"], [make_input("a", (4, 3), dtype), int_input("t", (4,), 3)],
             ["$a", "$t"], {"reduction": reduction}, second=True)
        case("loss", ["F", "nll_loss"], [make_input("a", (4, 3), dtype), int_input("t", (4,), 3)],
             ["$a", "$t"], {"reduction": reduction}, second=True)
        case("loss", ["F", "binary_cross_entropy"], [prob_input("a", (2, 3), dtype), prob_input("b", (2, 3), dtype)],
             ["$a", "$b"], {"reduction": reduction}, second=True)
    case("loss", ["F", "cross_entropy"], [make_input("a", (3,), dtype), int_input("t", (), 3)], ["$a", "$t"])
    case("loss", ["F", "binary_cross_entropy"], [prob_input("a", (4,), dtype),
                                                 prob_input("b", (4,), dtype, requires_grad=False)], ["$a", "$b"])
    case("layer", ["F", "linear"], [make_input("x", (3, 4), dtype), make_input("w", (2, 4), dtype),
                                    make_input("b", (2,), dtype)], ["$x", "$w", "$b"], second=True, graph=True)
    case("layer", ["F", "linear"], [make_input("x", (3, 4), dtype), make_input("w", (2, 4), dtype)], ["$x", "$w"],
         graph=True)
    case("layer", ["F", "linear"], [make_input("x", (4,), dtype), make_input("w", (2, 4), dtype),
                                    make_input("b", (2,), dtype)], ["$x", "$w", "$b"], graph=True)
    case("layer", ["F", "linear"], [make_input("x", (2, 3, 4), dtype, requires_grad=False),
                                    make_input("w", (2, 4), dtype), make_input("b", (2,), dtype)], ["$x", "$w", "$b"],
         graph=True)
    case("layer", ["F", "normalize"], [make_input("x", (3, 4), dtype)], ["$x"], graph=True, second=True)
    case("layer", ["F", "normalize"], [make_input("x", (3, 4), dtype)], ["$x"], {"dim": 0, "p": 1}, graph=True)

# clamp and friends
for dtype in (F32, F64):
    for args, kw in (([], {"min": 0}), ([0, 1], {}), ([], {"max": 0.5}), ([-0.5, 0.5], {}), ([], {"min": -1, "max": 1})):
        case("clamp", ["method", "clamp"], [make_input("a", (2, 4), dtype, "grid")], ["$a"] + args, kw)
    case("clamp", ["method", "clamp_min"], [make_input("a", (2, 4), dtype, "grid")], ["$a", 0])
    case("clamp", ["torch", "clamp"], [make_input("a", (5,), dtype, "grid")], ["$a"], {"min": 0.0})
case("clamp", ["method", "clamp"], [make_input("a", (2, 4), I64)], ["$a", 0, 2])
for dtype in (F32, F64):
    case("clamp", ["method", "clamp"], [make_input("a", (2, 4), dtype, "grid"), make_input("lo", (4,), dtype, "grid"),
                                        make_input("hi", (2, 1), dtype, "grid")], ["$a", "$lo", "$hi"])
    case("clamp", ["torch", "clamp"], [make_input("a", (2, 4), dtype, "grid"), make_input("lo", (4,), F32, "grid")],
         ["$a"], {"min": "$lo"})
    case("clamp", ["torch", "clamp"], [make_input("a", (2, 4), dtype, "grid"), make_input("hi", (4,), dtype, "grid")],
         ["$a"], {"max": "$hi"})
for name in ("maximum", "minimum"):
    for da, db in ((F32, F32), (F64, F32), (I64, F32), (F32, F64)):
        sa, sb = random_shape_pair()
        case("maxmin", ["torch", name], [make_input("a", sa, da, "grid"), make_input("b", sb, db, "grid")],
             ["$a", "$b"])
for name in ("max", "min"):
    case("maxmin", ["torch", name], [make_input("a", (2, 3), F32, "grid"), make_input("b", (2, 3), F32, "grid")],
         ["$a", "$b"])

# where, masked_fill, comparisons, logic
for dtype in (F32, F64, I64):
    case("where", ["torch", "where"], [make_input("c", (2, 3), BOOL), make_input("a", (2, 3), dtype),
                                      make_input("b", (3,), F32)], ["$c", "$a", "$b"])
    case("where", ["torch", "where"], [make_input("c", (2, 3), BOOL), make_input("a", (2, 3), dtype)],
         ["$c", "$a", 0.0])
    case("where", ["torch", "where"], [make_input("c", (2, 3), BOOL), make_input("a", (2, 3), dtype)],
         ["$c", "$a", 0])
    case("where", ["method", "masked_fill"], [make_input("a", (2, 3), dtype), make_input("c", (2, 3), BOOL)],
         ["$a", "$c", 0.0])
    case("where", ["method", "masked_fill"], [make_input("a", (2, 3), dtype), make_input("c", (3,), BOOL)],
         ["$a", "$c", -1])
for name in ("eq", "ne", "lt", "le", "gt", "ge"):
    for da, db in ((F32, F32), (I64, F32), (F32, F64), (I64, I64)):
        sa, sb = random_shape_pair()
        case("compare", ["op", name], [make_input("a", sa, da, "grid"), make_input("b", sb, db, "grid")],
             ["$a", "$b"])
    case("compare", ["op", name], [make_input("a", (2, 3), F32, "grid")], ["$a", 0.5])
    case("compare", ["op", name], [make_input("a", (2, 3), I64, "grid")], ["$a", 1])
for name in ("logical_and", "logical_or", "logical_xor"):
    case("logic", ["torch", name], [make_input("a", (2, 3), BOOL), make_input("b", (3,), BOOL)], ["$a", "$b"])
    case("logic", ["torch", name], [make_input("a", (2, 3), F32, "grid"), make_input("b", (3,), I64)], ["$a", "$b"])
case("logic", ["torch", "logical_not"], [make_input("a", (2, 3), BOOL)], ["$a"])
case("logic", ["torch", "logical_not"], [make_input("a", (4,), F32, "grid")], ["$a"])
for name in ("and_", "or_", "xor"):
    case("logic", ["op", name], [make_input("a", (2, 3), BOOL), make_input("b", (2, 3), BOOL)], ["$a", "$b"])
case("logic", ["op", "invert"], [make_input("a", (2, 3), BOOL)], ["$a"])

# reductions
for dtype in (F32, F64):
    for shape in ((2, 3), (4,), (2, 3, 2), ()):
        nd = len(shape)
        for name in ("sum", "mean", "prod"):
            case("reduce", ["method", name], [make_input("a", shape, dtype, "any")], ["$a"], second=True)
            if nd:
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a", nd - 1], second=True)
                case("reduce", ["torch", name], [make_input("a", shape, dtype)], ["$a", 0, True])
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a"], {"dim": -1, "keepdim": True})
            if nd >= 2 and name != "prod":
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a"], {"dim": [0, nd - 1]})
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a", [0, 1], True])
        for name in ("max", "min"):
            case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a"])
            if nd:
                for sel in ("values", "indices"):
                    case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a", 0], select=sel)
                case("reduce", ["torch", name], [make_input("a", shape, dtype, "grid")], ["$a"],
                     {"dim": -1, "keepdim": True}, select="values")
        for name in ("amax", "amin"):
            case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a"])
            if nd:
                case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a", 0])
        for name in ("argmax", "argmin"):
            case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a"])
            if nd:
                case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a", 0])
                case("reduce", ["method", name], [make_input("a", shape, dtype, "grid")], ["$a"],
                     {"dim": -1, "keepdim": True})
        if nd:
            for p in (2, 1, float("inf")):
                case("norm", ["method", "norm"], [make_input("a", shape, dtype)], ["$a", p], second=p == 2)
                case("norm", ["method", "norm"], [make_input("a", shape, dtype)], ["$a"], {"p": p, "dim": 0})
            for name in ("var", "std"):
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a"], second=True)
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a", 0], second=True)
                case("reduce", ["method", name], [make_input("a", shape, dtype)], ["$a"],
                     {"dim": 0, "keepdim": True, "unbiased": False})
            case("reduce", ["method", "logsumexp"], [make_input("a", shape, dtype)], ["$a", 0], second=True)
            case("reduce", ["method", "logsumexp"], [make_input("a", shape, dtype)], ["$a", -1, True])
            case("reduce", ["method", "cumsum"], [make_input("a", shape, dtype)], ["$a", 0], second=True)
            case("reduce", ["method", "cumsum"], [make_input("a", shape, dtype)], ["$a", -1])
            case("softmax", ["method", "softmax"], [make_input("a", shape, dtype)], ["$a", -1], second=True)
            case("softmax", ["F", "softmax"], [make_input("a", shape, dtype)], ["$a"], {"dim": 0})
            case("softmax", ["method", "log_softmax"], [make_input("a", shape, dtype)], ["$a", -1], second=True)
            case("softmax", ["F", "log_softmax"], [make_input("a", shape, dtype)], ["$a"], {"dim": 0})
            case("softmax", ["torch", "softmax"], [make_input("a", shape, dtype)], ["$a", 0])
for name in ("sum", "prod", "max", "min", "argmax", "cumsum"):
    args = ["$a", 0] if name == "cumsum" else ["$a"]
    case("reduce_int", ["method", name], [make_input("a", (2, 3), I64)], args)
    case("reduce_int", ["method", name], [make_input("a", (2, 3), BOOL)], args)
case("reduce_int", ["method", "mean"], [make_input("a", (3,), I64)], ["$a"])
case("reduce_int", ["method", "sum"], [make_input("a", (3,), I32)], ["$a"])
case("reduce", ["method", "sum"], [make_input("a", (2, 3), I64)], ["$a"], {"dtype": {"dtype": "float64"}})
case("reduce", ["method", "mean"], [make_input("a", (2, 3), F32)], ["$a"], {"dtype": {"dtype": "float64"}})
for values in ([2.0, 0.0, 3.0], [0.0, 0.0, 3.0], [1.0, 3.0, 3.0], [0.0, 0.0, 0.0]):
    for name in ("prod", "max", "min", "amax", "norm"):
        case("edge", ["method", name], [{"name": "a", "shape": [3], "dtype": F32, "values": values,
                                         "requires_grad": True}], ["$a"])
case("edge", ["method", "prod"], [{"name": "a", "shape": [2, 3], "dtype": F64,
                                   "values": [2.0, 0.0, 3.0, 0.0, 0.0, 1.0], "requires_grad": True}], ["$a", 1],
     second=True)
case("edge", ["method", "std"], [{"name": "a", "shape": [2], "dtype": F32, "values": [1.0, 1.0],
                                  "requires_grad": True}], ["$a"])
case("edge", ["method", "max"], [{"name": "a", "shape": [2, 2], "dtype": F32, "values": [1.0, 2.0, 1.0, 0.0],
                                  "requires_grad": True}], ["$a"], {"dim": 0}, select="values")
for dtype in (F32, F64):
    case("trace", ["method", "trace"], [make_input("a", (3, 3), dtype)], ["$a"])
    case("trace", ["method", "trace"], [make_input("a", (2, 4), dtype)], ["$a"])
    case("outer", ["torch", "outer"], [make_input("a", (3,), dtype), make_input("b", (4,), dtype)], ["$a", "$b"],
         second=True)

# matrix products
MATMUL_SHAPES = [((2, 3), (3, 4)), ((2, 3), (3,)), ((3,), (3,)), ((3,), (3, 4)), ((5, 2, 3), (5, 3, 4)),
                 ((2, 5, 2, 3), (2, 5, 3, 4)), ((5, 2, 3), (3, 4)), ((5, 2, 3), (3,)), ((2, 3), (5, 3, 4)),
                 ((3,), (5, 3, 4)), ((1, 2, 3), (5, 3, 4)), ((5, 2, 3), (1, 3, 4)), ((2, 1, 2, 3), (5, 3, 4)),
                 ((4, 1, 2, 3), (1, 5, 3, 2)), ((2, 2, 3), (2, 5, 2, 3, 4)), ((1, 3), (3, 1)),
                 ((2, 1, 3), (3,)), ((3,), (2, 3, 1))]
for sa, sb in MATMUL_SHAPES:
    for dtype in (F32, F64):
        case("matmul", ["op", "matmul"], [make_input("a", sa, dtype), make_input("b", sb, dtype)], ["$a", "$b"],
             second=dtype == F64, graph=True)
    case("matmul", ["torch", "matmul"], [make_input("a", sa, I64), make_input("b", sb, I64)], ["$a", "$b"])
for name, sa, sb in (("mm", (2, 3), (3, 4)), ("mv", (2, 3), (3,)), ("dot", (3,), (3,)), ("bmm", (2, 2, 3), (2, 3, 4))):
    case("matmul", ["torch", name], [make_input("a", sa, F32), make_input("b", sb, F32)], ["$a", "$b"], graph=True)
    case("matmul", ["method", name], [make_input("a", sa, F64), make_input("b", sb, F64)], ["$a", "$b"], second=True)
# shape errors
for call, sa, sb, da, db in ((["torch", "mm"], (2, 3), (2, 3), F32, F32), (["op", "matmul"], (2, 3), (2, 3), F32, F32),
                             (["op", "matmul"], (2, 3), (2,), F32, F32), (["op", "matmul"], (3,), (2,), F32, F32),
                             (["op", "matmul"], (2, 2, 3), (2, 2, 3), F32, F32), (["torch", "mm"], (3,), (3,), F32, F32),
                             (["op", "matmul"], (), (), F32, F32), (["op", "matmul"], (3,), (3,), F32, F64),
                             (["op", "matmul"], (3,), (2, 4), F32, F32), (["op", "matmul"], (5, 2, 3), (4, 4), F32, F32),
                             (["op", "matmul"], (2, 3), (5, 4, 4), F32, F32), (["torch", "mv"], (2, 3), (2,), F32, F32),
                             (["torch", "dot"], (3,), (2,), F32, F32), (["op", "add"], (2, 3), (2,), F32, F32),
                             (["op", "add"], (3,), (4,), F32, F32), (["op", "mul"], (2, 3), (3, 2), F32, F32),
                             (["op", "sub"], (2, 3), (4, 3), F32, F32), (["op", "matmul"], (2, 2, 3), (3, 3, 4), F32, F32),
                             (["torch", "mm"], (2, 2), (2, 2), F32, F64), (["op", "matmul"], (2, 2), (2,), F32, F64),
                             (["torch", "bmm"], (1, 2, 2), (1, 2, 2), F32, F64), (["torch", "mv"], (2, 2), (2, 2), F32, F32),
                             (["op", "matmul"], (2, 2, 2), (2, 2), F32, F64), (["torch", "dot"], (2, 2), (2,), F32, F32),
                             (["op", "matmul"], (2,), (2, 3), I64, F32), (["torch", "outer"], (2, 2), (2,), F32, F32),
                             (["torch", "bmm"], (2, 2), (2, 2), F32, F32), (["torch", "maximum"], (2, 3), (4,), F32, F32)):
    case("errors", call, [make_input("a", sa, da), make_input("b", sb, db)], ["$a", "$b"])
case("errors", ["method", "mean"], [make_input("a", (3,), I64)], ["$a"])
case("errors", ["method", "sum"], [make_input("a", (2, 3), F32)], ["$a"], {"dim": 2})
case("errors", ["method", "softmax"], [make_input("a", (2, 3), F32)], ["$a", 2])
case("errors", ["method", "trace"], [make_input("a", (3,), F32)], ["$a"])
case("errors", ["method", "max"], [make_input("a", (2, 3), F32)], ["$a", 2])
case("errors", ["method", "cumsum"], [make_input("a", (2, 3), F32)], ["$a", -3])
case("errors", ["method", "clamp"], [make_input("a", (2, 3), F32)], ["$a"])
case("errors", ["torch", "div"], [make_input("a", (2, 3), F32)], ["$a", 2], {"rounding_mode": "round"})
case("errors", ["op", "sub"], [make_input("a", (2, 3), BOOL)], [1, "$a"])
case("errors", ["op", "sub"], [make_input("a", (2, 3), BOOL), make_input("b", (3,), BOOL)], ["$a", "$b"])
case("errors", ["method", "masked_fill"], [make_input("a", (2, 3), F32), make_input("m", (2, 3), I64)],
     ["$a", "$m", 0.0])

# creation and conversion
D = {"dtype": F64}
for args, kw in (([-10, 10, 31], {}), ([0, 1, 5], {}), ([-1.5, 2.25, 7], {}), ([0, 1, 1], {}), ([3, -2, 10], {}),
                 ([0.1, 0.9, 17], {}), ([-10, 10, 31], {"dtype": D}), ([1e-3, 1e3, 50], {}), ([-5, 5, 100], {}),
                 ([0, 1, 0], {}), ([2, 3, 4], {"requires_grad": True})):
    case("factory", ["torch", "linspace"], [], args, kw)
for _ in range(40):  # random ranges and lengths (torch's kernel is matched bit for bit)
    lo, hi = (float(v) for v in rng.uniform(-100, 100, 2).round(int(rng.integers(0, 4))))
    n = int(rng.integers(2, 400))
    dtype = [F32, F64, I64][int(rng.integers(3))]
    case("factory", ["torch", "linspace"], [], [lo, hi, n], {"dtype": {"dtype": dtype}})
    step = round(float(rng.uniform(0.01, 3)), int(rng.integers(1, 4)))
    case("factory", ["torch", "arange"], [], [lo, hi, step if hi > lo else -step],
         {"dtype": {"dtype": [F32, F64][int(rng.integers(2))]}})
for args, kw in (([5], {}), ([3.0], {}), ([1, 4], {}), ([0, 1, 0.1], {}), ([-1, 1, 0.3], {}), ([10, 0, -3], {}),
                 ([0, 2.5, 0.5], {"dtype": D}), ([5], {"dtype": {"dtype": F32}}), ([1, 2, 0.25], {}),
                 ([0, 3], {"requires_grad": True})):
    case("factory", ["torch", "arange"], [], args, kw)
for name, args, kw in (("ones", [2, 3], {}), ("ones", [[2, 3]], {"dtype": {"dtype": I64}}), ("zeros", [3], {}),
                       ("zeros", [2, 2], {"dtype": {"dtype": BOOL}}), ("ones", [2], {"requires_grad": True}),
                       ("full", [[2, 2], 3], {}), ("full", [[2, 2], 3.0], {}), ("full", [[2], True], {}),
                       ("full", [[2, 2], 1.5], {"dtype": D}), ("eye", [3], {}), ("eye", [2, 3], {}),
                       ("eye", [2], {"dtype": {"dtype": I64}}), ("tensor", [[1, 2, 3]], {}), ("tensor", [3], {}),
                       ("tensor", [[1.0, 2.5]], {}), ("tensor", [[True, False]], {}), ("tensor", [[1, 2.5]], {}),
                       ("tensor", [[[1, 2], [3, 4]]], {"dtype": D}), ("tensor", [2.5], {"requires_grad": True}),
                       ("tensor", [[1, 2]], {"requires_grad": True}),
                       ("ones", [2], {"dtype": {"dtype": I64}, "requires_grad": True}),
                       ("arange", [3], {"requires_grad": True}), ("tensor", [[True]], {"requires_grad": True}),
                       ("zeros", [-1], {}), ("Tensor", [[1, 2]], {}), ("tensor", [[[1, 2], [3]]], {})):
    case("factory", ["torch", name], [], args, kw)
for name in ("ones_like", "zeros_like"):
    for dtype in (F32, I64, F64):
        case("factory", ["torch", name], [make_input("a", (2, 3), dtype)], ["$a"])
    case("factory", ["torch", name], [make_input("a", (2,), F32)], ["$a"], {"dtype": D})
    case("factory", ["torch", name], [make_input("a", (2,), F64)], ["$a"], {"requires_grad": True})
case("factory", ["torch", "full_like"], [make_input("a", (2, 3), F32)], ["$a", 7])
for dtype in (F32, I64, F64):
    case("factory", ["method", "new_ones"], [make_input("a", (2,), dtype)], ["$a", 2, 3])
    case("factory", ["method", "new_zeros"], [make_input("a", (2,), dtype)], ["$a", [2]])
    case("factory", ["method", "new_full"], [make_input("a", (2,), dtype)], ["$a", [2], 3])
    case("factory", ["method", "new_tensor"], [make_input("a", (2,), dtype)], ["$a", [1, 2]])
case("factory", ["method", "new_ones"], [make_input("a", (2,), F32)], ["$a", 2], {"dtype": D, "requires_grad": True})
case("factory", ["torch", "full_like"], [make_input("a", (2, 3), I64)], ["$a", 2.7])
for src in (F32, F64, I64, BOOL, I32):
    for name in ("float", "double", "long", "bool", "int"):
        case("convert", ["method", name], [make_input("a", (2, 3), src, "any")], ["$a"])
    for dst in (F32, F64, I64, BOOL):
        case("convert", ["method", "to"], [make_input("a", (2, 3), src, "any")], ["$a", {"dtype": dst}])
case("convert", ["method", "to"], [make_input("a", (3,), F32)], ["$a"], {"dtype": D})
case("convert", ["method", "type"], [make_input("a", (3,), F32)], ["$a", D])
case("convert", ["method", "to"], [{"name": "a", "shape": [4], "dtype": F32, "values": [2.7, -2.7, 0.5, -0.5],
                                    "requires_grad": False}], ["$a", {"dtype": I64}])
for dtype in (F32, F64, I64, BOOL):
    for name in ("numel", "dim", "size", "is_floating_point"):
        case("meta", ["method", name], [make_input("a", (2, 3, 4), dtype)], ["$a"])
    case("meta", ["method", "size"], [make_input("a", (2, 3, 4), dtype)], ["$a", -1])


# ---------------------------------------------------------------- running a case in torch
TORCH_DTYPES = {F32: torch.float32, F64: torch.float64, I64: torch.int64, BOOL: torch.bool, I32: torch.int32,
                F16: torch.float16}


def resolve(value, env):
    if isinstance(value, str) and value.startswith("$"):
        return env[value[1:]]
    if isinstance(value, dict) and "dtype" in value:
        return TORCH_DTYPES[value["dtype"]]
    if isinstance(value, list):
        return tuple(resolve(v, env) for v in value)
    return value


def call(spec, args, kwargs):
    kind, name = spec
    if kind == "op":
        return getattr(operator, name)(*args, **kwargs)
    if kind == "torch":
        return getattr(torch, name)(*args, **kwargs)
    if kind == "F":
        return getattr(torch.nn.functional, name)(*args, **kwargs)
    if kind == "linalg":
        return getattr(torch.linalg, name)(*args, **kwargs)
    return getattr(args[0], name)(*args[1:], **kwargs)


def tensor_record(x):
    try:
        values = x.detach().reshape(-1).tolist()
    except RuntimeError:  # torch's efficient ZeroTensor (a second derivative that is zero) has no storage
        values = [0.0] * x.numel()
    return {"dtype": str(x.dtype).replace("torch.", ""), "shape": list(x.shape), "values": values}


def graph_text(node):
    if node is None:
        return "None"
    name = type(node).__name__
    children = [graph_text(child) for child, _ in node.next_functions]
    return name + ("(" + ", ".join(children) + ")" if children else "")


def run(c):
    env = {}
    for spec in c["inputs"]:
        array = np.array(spec["values"], dtype=spec["dtype"]).reshape(spec["shape"])
        env[spec["name"]] = torch.tensor(array).requires_grad_(spec["requires_grad"])
    record = {}
    try:
        out = call(c["call"], [resolve(a, env) for a in c["args"]],
                   {k: resolve(v, env) for k, v in c["kwargs"].items()})
    except Exception as exc:  # noqa: BLE001 (recording what torch raises is the point)
        record["error"] = [type(exc).__name__, str(exc)]
        return record
    if c["select"] is not None:  # an attribute of the result (values, indices) or a position in a tuple
        out = out[c["select"]] if isinstance(c["select"], int) else getattr(out, c["select"])
    if not isinstance(out, torch.Tensor):
        record["python"] = list(out) if isinstance(out, tuple) else out
        return record
    record["out"] = tensor_record(out)
    record["same_object"] = any(out is v for v in env.values())
    fn = out.grad_fn
    record["grad_fn"] = None if fn is None else type(fn).__name__
    if fn is not None:
        record["next"] = [[None if n is None else type(n).__name__, nr] for n, nr in fn.next_functions]
    if c["graph"]:
        record["graph"] = graph_text(fn)
    leaves = [env[s["name"]] for s in c["inputs"] if s["requires_grad"]]
    if fn is None or not leaves:
        return record
    w = torch.tensor(rng.uniform(-1, 1, tuple(out.shape)).astype(str(out.dtype).replace("torch.", "")))
    record["upstream"] = w.reshape(-1).tolist()
    try:
        grads = torch.autograd.grad(out, leaves, w, allow_unused=True, create_graph=True)
    except RuntimeError as exc:
        record["grad_error"] = [type(exc).__name__, str(exc)]
        return record
    record["grads"] = [None if g is None else tensor_record(g) for g in grads]
    record["grad_grad_fn"] = [None if g is None or g.grad_fn is None else type(g.grad_fn).__name__ for g in grads]
    if c["second"] and any(g is not None and g.grad_fn is not None for g in grads):
        vs = [None if g is None else torch.tensor(rng.uniform(-1, 1, tuple(g.shape)).astype(
            str(g.dtype).replace("torch.", ""))) for g in grads]
        total = sum((g * v).sum() for g, v in zip(grads, vs) if g is not None and g.grad_fn is not None)
        second = torch.autograd.grad(total, leaves, allow_unused=True)
        record["second_upstream"] = [None if v is None else v.reshape(-1).tolist() for v in vs]
        record["second"] = [None if g is None else tensor_record(g) for g in second]
    return record


def main(out=OUT, cases=CASES):
    """Record `cases` into the gzipped JSON file `out` (tests/ops/test_ops_golden.py replays every golden*.json.gz)."""
    records = []
    for i, c in enumerate(cases):
        records.append(dict(c, id=i, torch=run(c)))
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write('{"torch": "%s", "cases": [\n' % torch.__version__)
        f.write(",\n".join(json.dumps(r, separators=(",", ":")) for r in records))
        f.write("\n]}\n")
    print("%d cases -> %s (%d bytes)" % (len(records), out, out.stat().st_size))


if __name__ == "__main__":
    main()
