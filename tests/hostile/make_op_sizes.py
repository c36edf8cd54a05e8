"""Records tests/hostile/op_sizes.json with torch: for each spelling of an op whose result can be far bigger
than its inputs (a reduction over an empty dim, mv/addmm with an empty inner dim, the broadcasts inside
where/normal/allclose/isclose, index_select, advanced indexing, embedding, cdist, ranges inside torch.tensor),
the size torch allocates (the result's elements, or the broadcast's for allclose) and the result's shape.
tests/ops/test_op_sizes.py refuses each just above the limit and compares the shape at the limit. Run with a
Python that has torch 2.13."""

import json
import pathlib
import warnings

import torch

L = "torch.zeros(10, 10)"
IDX = "torch.zeros(101, dtype=torch.long)"
CASES = [  # (expression, what torch allocates when that is not the result: an expression giving its shape)
    ("torch.zeros(1001, 0).sum(1)", None),
    ("torch.sum(torch.zeros(1001, 0), dim=1)", None),
    ("torch.zeros(0, 1001).sum(0, keepdim=True)", None),
    ("torch.zeros(11, 0, 101).sum((1,))", None),
    ("torch.zeros(1001, 0).mean(1)", None),
    ("torch.mean(torch.zeros(1001, 0), -1, True)", None),
    ("torch.zeros(1001, 0).prod(1)", None),
    ("torch.zeros(1001, 0).nansum(1)", None),
    ("torch.zeros(1001, 0).nanmean(1)", None),
    ("torch.zeros(1001, 0).std(1)", None),
    ("torch.var(torch.zeros(1001, 0), 1)", None),
    ("torch.std_mean(torch.zeros(1001, 0), 1)[0]", None),
    ("torch.var_mean(torch.zeros(1001, 0), 1)[1]", None),
    ("torch.zeros(1001, 0).logsumexp(1)", None),
    ("torch.zeros(1001, 0).norm(dim=1)", None),
    ("torch.linalg.vector_norm(torch.zeros(1001, 0), dim=1)", None),
    ("torch.zeros(1001, 0, dtype=torch.bool).all(1)", None),
    ("torch.any(torch.zeros(1001, 0), dim=1)", None),
    ("torch.mv(torch.zeros(1001, 0), torch.zeros(0))", None),
    ("torch.zeros(1001, 0).mv(torch.zeros(0))", None),
    ("torch.zeros(1001, 0) @ torch.zeros(0)", None),
    ("torch.matmul(torch.zeros(1001, 0), torch.zeros(0))", None),
    ("torch.addmm(torch.zeros(1), torch.zeros(1001, 0), torch.zeros(0, 1))", None),
    ("torch.nn.functional.linear(torch.zeros(1001, 0), torch.zeros(1, 0), torch.zeros(1))", None),
    ("torch.where(torch.zeros(143, 1, dtype=torch.bool), torch.zeros(7), 0.)", None),
    ("torch.where(torch.zeros(143, 1, dtype=torch.bool), 1., torch.zeros(7))", None),
    ("torch.zeros(7).where(torch.zeros(143, 1, dtype=torch.bool), torch.zeros(1))", None),
    ("torch.normal(torch.zeros(143, 1), torch.ones(7))", None),
    ("torch.normal(torch.zeros(7), torch.ones(143, 1))", None),
    ("torch.allclose(torch.zeros(143, 1), torch.zeros(7))", "torch.broadcast_shapes((143, 1), (7,))"),
    ("torch.zeros(143, 1).allclose(torch.zeros(7))", "torch.broadcast_shapes((143, 1), (7,))"),
    ("torch.isclose(torch.zeros(143, 1), torch.zeros(7))", None),
    ("%s.index_select(0, %s)" % (L, IDX), None),
    ("torch.index_select(%s, 1, %s)" % (L, IDX), None),
    ("%s[%s]" % (L, IDX), None),
    ("%s[:, %s]" % (L, IDX), None),
    ("%s[[0] * 101]" % L, None),
    ("%s[torch.zeros(101, 1, dtype=torch.long), torch.zeros(10, dtype=torch.long)]" % L, None),
    ("torch.nn.functional.embedding(%s, torch.zeros(2, 10))" % IDX, None),
    ("torch.nn.Embedding(2, 10)(%s)" % IDX, None),
    ("torch.cdist(torch.zeros(101, 0), torch.zeros(11, 0))", None),
    ("torch.tensor([range(101)] * 10)", None),
    ("torch.as_tensor([range(101)] * 10)", None),
    ("torch.tensor([torch.Size(range(101))] * 10)", None),
]


def main():
    rows = []
    for expression, allocated in CASES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (std over no element warns, as it should)
            value = eval(expression)
        shape = list(value.shape) if isinstance(value, torch.Tensor) else None
        size = eval(allocated).numel() if allocated else value.numel()
        rows.append({"expression": expression, "size": size, "shape": shape, "value": None if shape else value})
    path = pathlib.Path(__file__).with_name("op_sizes.json")
    path.write_text("[\n" + ",\n".join(json.dumps(row) for row in rows) + "\n]\n")


if __name__ == "__main__":
    main()
