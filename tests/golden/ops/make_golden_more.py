"""Record torch's answers for the ops learners' scripts reach for beyond the first set (issue 17's list): inverse
trigonometric and special functions, the statistics (median, kthvalue, mode, quantile, var_mean, ...), the
indexing and shape helpers. Same record format as make_golden.py, whose machinery it uses:

    /work/torchenv/bin/python tests/golden/ops/make_golden_more.py
"""

import pathlib

import numpy as np

import make_golden as base
from make_golden import BOOL, F16, F32, F64, I64, case, make_input, t

base.CASES.clear()  # importing make_golden made its own cases: this file records only these
base.rng = np.random.default_rng(20261201)
OUT = pathlib.Path(__file__).with_name("golden_more.json.gz")
base.DOMAINS["above1"] = lambda n: base.rng.uniform(1.2, 3.0, n)
base.DOMAINS["prob"] = lambda n: base.rng.uniform(0.05, 0.95, n)
base.DOMAINS["ties"] = lambda n: base.rng.integers(0, 4, n) * 1.0

# ---------------------------------------------------------------- elementwise functions
UNARY = {"acos": "unit", "arccos": "unit", "asinh": "any", "arcsinh": "any", "acosh": "above1", "arccosh": "above1",
         "atanh": "unit", "arctanh": "unit", "erfc": "any", "erfinv": "unit", "lgamma": "pos", "digamma": "pos",
         "logit": "prob", "nan_to_num": "any"}
for name, domain in UNARY.items():
    for dtype in (F32, F64):
        for shape in ((2, 3), ()):
            case("unary", ["method", name], [make_input("a", shape, dtype, domain)], [t("a")],
                 second=name not in ("nan_to_num",))
    case("unary", ["torch", name], [make_input("a", (3,), I64, "pos")], [t("a")])
for n in (1, 2, 3):
    case("unary", ["torch", "polygamma"], [make_input("a", (4,), F64, "pos")], [n, t("a")], second=True)
case("unary", ["method", "logit"], [make_input("a", (5,), F32, "prob")], [t("a")], {"eps": 0.2}, second=True)
case("edge", ["method", "logit"], [{"name": "a", "shape": [3], "dtype": F32, "values": [-0.5, 0.0, 1.5],
                                    "requires_grad": True}], [t("a")])
case("edge", ["method", "nan_to_num"], [{"name": "a", "shape": [4], "dtype": F32, "requires_grad": True,
                                          "values": [float("nan"), float("inf"), float("-inf"), 2.0]}], [t("a")],
     {"nan": 1.0, "posinf": 9.0})
case("edge", ["method", "erfinv"], [{"name": "a", "shape": [4], "dtype": F32, "requires_grad": True,
                                     "values": [-1.0, 1.0, 0.0, 0.999]}], [t("a")])
for dtype in (F32, F64):
    case("binary", ["torch", "xlogy"], [make_input("a", (2, 3), dtype, "ties"), make_input("b", (3,), dtype, "pos")],
         [t("a"), t("b")], second=True)
    case("binary", ["torch", "hypot"], [make_input("a", (2, 3), dtype), make_input("b", (2, 3), dtype)],
         [t("a"), t("b")], second=True)
    case("binary", ["torch", "lerp"], [make_input("a", (2, 3), dtype), make_input("b", (2, 3), dtype),
                                       make_input("w", (3,), dtype, "prob")], [t("a"), t("b"), t("w")], second=True)

# ---------------------------------------------------------------- statistics
for dtype in (F32, F64):
    for shape in ((3, 5), (6,), (2, 3, 4)):
        nd = len(shape)
        case("stats", ["method", "median"], [make_input("a", shape, dtype, "ties")], [t("a")])
        case("stats", ["method", "nanmedian"], [make_input("a", shape, dtype, "ties")], [t("a")])
        case("stats", ["torch", "nansum"], [make_input("a", shape, dtype)], [t("a")], second=True)
        case("stats", ["torch", "nanmean"], [make_input("a", shape, dtype)], [t("a")])
        case("stats", ["torch", "quantile"], [make_input("a", shape, dtype)], [t("a"), 0.37])
        case("stats", ["torch", "nanquantile"], [make_input("a", shape, dtype)], [t("a"), 0.8])
        for sel in (0, 1):
            case("stats", ["torch", "var_mean"], [make_input("a", shape, dtype)], [t("a")], select=sel, second=True)
            case("stats", ["torch", "std_mean"], [make_input("a", shape, dtype)], [t("a"), nd - 1],
                 {"keepdim": True}, select=sel, second=True)
        for dim in range(nd):
            for sel in ("values", "indices"):
                case("stats", ["method", "median"], [make_input("a", shape, dtype, "ties")], [t("a"), dim], select=sel)
                case("stats", ["method", "mode"], [make_input("a", shape, dtype, "ties")], [t("a"), dim], select=sel)
                case("stats", ["method", "kthvalue"], [make_input("a", shape, dtype, "ties")],
                     [t("a"), 1 + dim % shape[dim], dim], select=sel)
                case("stats", ["method", "nanmedian"], [make_input("a", shape, dtype, "ties")], [t("a"), dim],
                     {"keepdim": True}, select=sel)
            case("stats", ["torch", "quantile"], [make_input("a", shape, dtype)], [t("a"), 0.6, dim])
            case("stats", ["torch", "nansum"], [make_input("a", shape, dtype)], [t("a"), dim], second=True)
        for interpolation in ("linear", "lower", "higher", "midpoint", "nearest"):
            case("stats", ["torch", "quantile"], [make_input("a", shape, dtype)], [t("a"), 0.45],
                 {"dim": 0, "keepdim": True, "interpolation": interpolation})
    case("stats", ["torch", "quantile"], [make_input("a", (4, 5), dtype), make_input("q", (3,), dtype, "prob", False)],
         [t("a"), t("q")], {"dim": 1})
    case("stats", ["torch", "quantile"], [make_input("a", (4, 5), dtype), make_input("q", (2,), dtype, "prob", False)],
         [t("a"), t("q")], {"dim": 0, "keepdim": True})
    case("stats", ["torch", "quantile"], [make_input("a", (7,), dtype), make_input("q", (3,), dtype, "prob", False)],
         [t("a"), t("q")])
case("stats", ["method", "kthvalue"], [make_input("a", (4,), F32)], [t("a"), 5])
case("stats", ["torch", "quantile"], [make_input("a", (4,), F32)], [t("a"), 1.5])
case("stats", ["torch", "quantile"], [make_input("a", (4,), I64)], [t("a"), 0.5])
case("stats", ["torch", "nanmedian"], [{"name": "a", "shape": [4], "dtype": F32, "requires_grad": True,
                                        "values": [1.0, float("nan"), 3.0, 2.0]}], [t("a")])
case("stats", ["torch", "median"], [{"name": "a", "shape": [4], "dtype": F32, "requires_grad": True,
                                     "values": [1.0, float("nan"), 3.0, 2.0]}], [t("a")])
case("count", ["torch", "unique"], [make_input("a", (8,), I64)], [t("a")])
case("count", ["torch", "unique"], [make_input("a", (8,), I64)], [t("a")], {"return_counts": True}, select=1)
case("count", ["torch", "unique"], [make_input("a", (2, 4), I64)], [t("a")], {"return_inverse": True}, select=1)
case("count", ["torch", "bincount"], [{"name": "a", "shape": [5], "dtype": I64, "values": [0, 1, 1, 3, 7],
                                       "requires_grad": False}], [t("a")], {"minlength": 9})
case("count", ["torch", "histc"], [make_input("a", (10,), F32)], [t("a")], {"bins": 5, "min": -1, "max": 1})
case("count", ["torch", "histc"], [make_input("a", (10,), F64)], [t("a")], {"bins": 3})

# ---------------------------------------------------------------- shape and indexing helpers
for dtype in (F32, F64):
    case("arrange", ["method", "rot90"], [make_input("a", (2, 3), dtype)], [t("a")], second=True)
    case("arrange", ["torch", "rot90"], [make_input("a", (2, 3, 2), dtype)], [t("a"), 3, [2, 1]])
    case("arrange", ["method", "diagonal"], [make_input("a", (3, 4), dtype)], [t("a")], second=True)
    case("arrange", ["method", "diagonal"], [make_input("a", (2, 3, 4), dtype)], [t("a"), 1, 1, 2])
    case("arrange", ["torch", "diagonal"], [make_input("a", (4, 3), dtype)], [t("a"), -1])
    case("arrange", ["torch", "diag_embed"], [make_input("a", (2, 3), dtype)], [t("a")], second=True)
    case("arrange", ["torch", "diag_embed"], [make_input("a", (3,), dtype)], [t("a"), 1, 0, 1])
    case("arrange", ["method", "repeat_interleave"], [make_input("a", (3,), dtype)], [t("a"), 2], second=True)
    case("arrange", ["method", "repeat_interleave"], [make_input("a", (2, 3), dtype)], [t("a"), 2], {"dim": 1})
    case("arrange", ["torch", "repeat_interleave"], [make_input("a", (2, 3), dtype),
                                                     make_input("r", (2,), I64, "pos", False)], [t("a"), t("r")],
         {"dim": 0})
    case("join", ["torch", "meshgrid"], [make_input("a", (3,), dtype), make_input("b", (2,), dtype)],
         [t("a"), t("b")], {"indexing": "ij"}, select=0)
    case("join", ["torch", "meshgrid"], [make_input("a", (3,), dtype), make_input("b", (2,), dtype)],
         [t("a"), t("b")], {"indexing": "xy"}, select=1)
    case("join", ["torch", "broadcast_tensors"], [make_input("a", (3,), dtype), make_input("b", (2, 1), dtype)],
         [t("a"), t("b")], select=1)
    case("index", ["method", "index_fill"], [make_input("a", (3, 4), dtype),
                                             make_input("i", (2,), I64, "pos", False)], [t("a"), 1, t("i"), -1.5])
    case("index", ["method", "index_copy"], [make_input("a", (4, 3), dtype), make_input("s", (2, 3), dtype),
                                             {"name": "i", "shape": [2], "dtype": I64, "values": [3, 1],
                                              "requires_grad": False}], [t("a"), 0, t("i"), t("s")])
    case("index", ["method", "masked_select"], [make_input("a", (3, 4), dtype),
                                                make_input("m", (4,), BOOL, requires_grad=False)], [t("a"), t("m")])
    case("index", ["method", "masked_scatter"], [make_input("a", (3, 4), dtype), make_input("m", (3, 4), BOOL,
                                                  requires_grad=False), make_input("s", (12,), dtype)],
         [t("a"), t("m"), t("s")])
case("creation", ["torch", "logspace"], [], [0, 3, 4])
case("creation", ["torch", "logspace"], [], [-1, 1, 5], {"base": 2, "dtype": {"dtype": F64}})
for name in ("IntTensor", "BoolTensor", "ByteTensor", "ShortTensor", "CharTensor", "HalfTensor", "FloatTensor",
             "DoubleTensor", "LongTensor"):
    case("creation", ["torch", name], [], [[1, 0, 2]])
case("convert", ["method", "type"], [make_input("a", (3,), F32)], [t("a"), "torch.DoubleTensor"])
case("convert", ["method", "type"], [make_input("a", (3,), F32)], [t("a"), "torch.Foo"])

# ---------------------------------------------------------------- einsum, torch.linalg, cdist
SPD = {"name": "a", "shape": [3, 3], "dtype": F64, "requires_grad": True,
       "values": [4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 2.0]}
WIDE = {"name": "w", "shape": [3, 4], "dtype": F64, "requires_grad": True,
        "values": [1.0, 2.0, 3.0, 0.5, 4.0, 5.0, 6.5, -1.0, 7.5, 8.0, 10.0, 2.0]}
for equation, shapes in (("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("ij,jk->ik", [(2, 3), (3, 4)]),
                         ("...ij,jk->...ik", [(2, 2, 3), (3, 4)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
                         ("i,i", [(4,), (4,)]), ("...i->...", [(2, 3, 4)]), ("ji", [(2, 3)]), ("i,j->ij", [(2,), (3,)]),
                         ("bii->b", [(2, 3, 3)])):
    inputs = [make_input("x%d" % i, shape, F64) for i, shape in enumerate(shapes)]
    case("einsum", ["torch", "einsum"], inputs, [equation] + [t("x%d" % i) for i in range(len(shapes))], second=True)
for name, args, kwargs, select in (("inv", [], {}, None), ("det", [], {}, None), ("slogdet", [], {}, "logabsdet"),
                                   ("cholesky", [], {}, None), ("cholesky", [], {"upper": True}, None),
                                   ("eigvalsh", [], {}, None), ("svdvals", [], {}, None),
                                   ("matrix_norm", [], {}, None), ("matrix_norm", ["nuc"], {}, None),
                                   ("matrix_norm", [2], {}, None), ("matrix_norm", [-2], {}, None),
                                   ("matrix_norm", [1], {}, None), ("matrix_norm", [float("inf")], {}, None),
                                   ("matrix_norm", [-1], {"keepdim": True}, None), ("norm", [], {}, None),
                                   ("norm", [2], {}, None), ("vector_norm", [3], {}, None)):
    case("linalg", ["linalg", name], [dict(SPD)], [t("a")] + args, kwargs, select=select, second=True)
TALL = dict(WIDE, shape=[4, 3])
for name, select in (("svd", "S"), ("qr", "R")):
    for matrix in (WIDE, TALL):
        if (name, matrix["shape"][0]) == ("qr", 3):
            continue  # a wide A's QR: gradcli's gradient has torch's values, not its create_graph node (CatBackward0)
        case("linalg", ["linalg", name], [dict(matrix)], [t("w")], {"full_matrices": False} if name == "svd" else {},
             select=select, second=True)
case("linalg", ["linalg", "matrix_norm"], [dict(WIDE)], [t("w"), "nuc"], second=True)
case("linalg", ["linalg", "solve"], [dict(SPD), make_input("b", (3,), F64)], [t("a"), t("b")], second=True)
case("linalg", ["linalg", "solve"], [dict(SPD), make_input("b", (3, 2), F64)], [t("a"), t("b")], second=True)
case("linalg", ["linalg", "solve_triangular"], [dict(SPD), make_input("b", (3, 2), F64)], [t("a"), t("b")],
     {"upper": True}, second=True)
case("linalg", ["method", "inverse"], [dict(SPD)], [t("a")], second=True)
case("linalg", ["method", "logdet"], [dict(SPD)], [t("a")], second=True)
case("linalg", ["torch", "det"], [dict(SPD)], [t("a")], second=True)
case("linalg", ["linalg", "inv"], [{"name": "a", "shape": [2, 2], "dtype": F32, "values": [1.0, 2.0, 2.0, 4.0],
                                    "requires_grad": False}], [t("a")])
case("linalg", ["linalg", "inv"], [make_input("a", (2, 3), F32)], [t("a")])
case("linalg", ["linalg", "cholesky"], [{"name": "a", "shape": [2, 2], "dtype": F64,
                                         "values": [1.0, 2.0, 2.0, 1.0], "requires_grad": False}], [t("a")])
for p in (2.0, 1.0, 3.0, float("inf")):
    case("cdist", ["torch", "cdist"], [make_input("a", (4, 3), F64), make_input("b", (5, 3), F64)], [t("a"), t("b")],
         {"p": p})

# ---------------------------------------------------------------- masks are not numbers: torch's words
for call in (["torch", "neg"], ["method", "negative"], ["torch", "sub"], ["torch", "rsub"]):
    mask = make_input("m", (3,), BOOL, requires_grad=False)
    case("errors", call, [mask], [t("m")] + ([t("m")] if call[1] in ("sub", "rsub") else []))

# ---------------------------------------------------------------- cross products
for dtype in (F32, F64, F16):
    for shapes, dim in ((((4, 3), (4, 3)), None), (((5, 3), (1, 3)), -1), (((3, 2, 4), (3, 2, 4)), 0),
                        (((2, 3, 2), (2, 3, 1)), 1)):
        inputs = [make_input("a", shapes[0], dtype), make_input("b", shapes[1], dtype)]
        linalg = dim is not None and dim < 0
        case("cross", ["linalg" if linalg else "torch", "cross"], inputs, [t("a"), t("b")],
             {} if dim is None else {"dim": dim}, second=dtype != F16)
case("cross", ["method", "cross"], [make_input("a", (2, 3), I64), make_input("b", (2, 3), I64)], [t("a"), t("b")],
     {"dim": 1})
for a, b, kwargs in (((2, 4), (2, 4), {}), ((3, 2), (1, 2), {}), ((2, 3), (3,), {"dim": -1}),
                     ((3, 2), (3, 2), {"dim": 2})):
    case("errors", ["torch", "cross"], [make_input("a", a, F32), make_input("b", b, F32)], [t("a"), t("b")], kwargs)
case("errors", ["linalg", "cross"], [make_input("a", (3,), F32), make_input("b", (3,), F64)], [t("a"), t("b")])
case("errors", ["linalg", "cross"], [make_input("a", (3,), BOOL, requires_grad=False),
                                     make_input("b", (3,), BOOL, requires_grad=False)], [t("a"), t("b")])


if __name__ == "__main__":
    base.main(OUT, base.CASES)
