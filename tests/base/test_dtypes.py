"""torch's dtype rules (reference/grad_fn-names.md, "dtype of results"), run through the language as scripts."""

import pytest

from gradcli.app import api
from gradcli.base import dtypes

SETUP = """import torch
i = torch.tensor([1, 2, 3])
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
f = torch.tensor([1., 2., 3.])
d = torch.tensor([1., 2., 3.], dtype=torch.float64)
h = torch.tensor([1., 2., 3.], dtype=torch.float16)
bo = torch.tensor([True, False, True])
d0 = torch.tensor(2., dtype=torch.float64)
f0 = torch.tensor(2.)
i0 = torch.tensor(2)
"""

TABLE = [
    ("torch.tensor([1,2,3])", "int64"), ("torch.tensor(3)", "int64"), ("torch.tensor([1.,2.])", "float32"),
    ("torch.tensor(3.)", "float32"), ("torch.tensor([1,2.5])", "float32"), ("torch.tensor([True,False])", "bool"),
    ("torch.Tensor([1,2])", "float32"), ("torch.FloatTensor([1,2])", "float32"), ("torch.ones(2)", "float32"),
    ("torch.arange(3.)", "float32"), ("torch.arange(3)", "int64"), ("torch.full((2,2), 3)", "int64"),
    ("torch.full((2,2), 3.)", "float32"),
    ("i + 1", "int64"), ("i * 2", "int64"), ("i // 2", "int64"), ("i % 2", "int64"), ("i ** 2", "int64"),
    ("2 ** i", "int64"), ("-i", "int64"), ("i.sum()", "int64"), ("i.prod()", "int64"), ("i.max()", "int64"),
    ("i.abs()", "int64"), ("i @ i", "int64"),
    ("i + 1.5", "float32"), ("1.5 + i", "float32"), ("i * 2.0", "float32"), ("i / 2", "float32"),
    ("i / i", "float32"), ("i ** 0.5", "float32"), ("i ** 2.0", "float32"), ("2.0 ** i", "float32"),
    ("i.sqrt()", "float32"), ("i.exp()", "float32"),
    ("i + f", "float32"), ("f + i", "float32"), ("torch.maximum(i, f)", "float32"), ("bo * f", "float32"),
    ("f + d", "float64"), ("d + f", "float64"),
    ("f + d0", "float32"), ("f * d0", "float32"), ("i + d0", "float64"), ("i + f0", "float32"),
    ("i32 + i", "int64"), ("i32 + 1", "int32"), ("i32 + i0", "int32"),
    ("bo + bo", "bool"), ("bo + 1", "int64"), ("bo + 1.5", "float32"), ("bo.sum()", "int64"),
    ("i > 1", "bool"), ("f == f", "bool"), ("h + f", "float32"), ("h + 1.0", "float16"), ("h + d0", "float16"),
    ("torch.where(f>1, f, 0)", "float32"), ("torch.where(i>1, i, 0.5)", "float32"),
    ("f.to(torch.int64)", "int64"), ("f.double()", "float64"), ("d.float()", "float32"), ("f.long()", "int64"),
    ("f.bool()", "bool"), ("i.float()", "float32"), ("f.to(torch.float64)", "float64"), ("f.half()", "float16"),
    ("i.cumsum(0)", "int64"), ("bo.cumsum(0)", "int64"), ("f.mean(dtype=torch.float64)", "float64"),
    ("i.sum(dtype=torch.float32)", "float32"), ("i.argmax()", "int64"), ("f.max(0).indices", "int64"),
    ("torch.softmax(f, 0)", "float32"), ("torch.linspace(0, 1, 3)", "float32"), ("torch.eye(2)", "float32"),
    ("torch.zeros_like(i)", "int64"), ("torch.ones_like(f, dtype=torch.float64)", "float64"),
]


def run(lines):
    return api.run_script(SETUP + "\n".join(lines) + "\n", "<test>").splitlines()


def test_result_dtypes():
    out = run(["print((%s).dtype)" % expression for expression, _ in TABLE])
    assert out == ["torch." + dtype for _, dtype in TABLE]


def test_values_of_mixed_arithmetic():
    out = run(["print(i / 2)", "print(f.to(torch.int64))", "print(torch.tensor([2.7, -2.7]).to(torch.int64))",
               "print(bo + bo)", "print(i32 + 1)"])
    assert out == ["tensor([0.5000, 1.0000, 1.5000])", "tensor([1, 2, 3])", "tensor([ 2, -2])",
                   "tensor([ True, False,  True])", "tensor([2, 3, 4], dtype=torch.int32)"]


def test_errors():
    for expression, message in (
            ("i.mean()", "mean(): could not infer output dtype. Input dtype must be either a floating point or "
                         "complex dtype. Got: Long"),
            ("torch.ones(3) @ torch.ones(3, dtype=torch.float64)",
             "dot : expected both vectors to have same dtype, but found Float and Double"),
            ("torch.tensor([1,2], requires_grad=True)",
             "Only Tensors of floating point and complex dtype can require gradients"),
            ("torch.ones(2, dtype=torch.int64, requires_grad=True)",
             "Only Tensors of floating point and complex dtype can require gradients"),
            ("torch.arange(3, requires_grad=True)",
             "Only Tensors of floating point and complex dtype can require gradients"),
            ("torch.tensor([1,2]).requires_grad_()", "only Tensors of floating point dtype can require gradients")):
        with pytest.raises(Exception) as info:
            run(["x = " + expression])
        assert message in str(info.value), expression


def test_each_leaf_grad_has_its_own_dtype():
    out = run(["a = torch.tensor([1., 2.], requires_grad=True)",
               "b = torch.tensor([3., 4.], dtype=torch.float64, requires_grad=True)",
               "c = a * b", "print(c.dtype, c.grad_fn)", "c.sum().backward()",
               "print(a.grad.dtype, b.grad.dtype)", "print(a.grad, b.grad)",
               "s = torch.tensor(2., dtype=torch.float64, requires_grad=True)",
               "r = (a * s).sum()", "r.backward()", "print(r.dtype, s.grad.dtype, s.grad)"])
    assert out[0].startswith("torch.float64 <MulBackward0 object at 0x")
    assert out[1:] == ["torch.float32 torch.float64", "tensor([3., 4.]) tensor([1., 2.], dtype=torch.float64)",
                       "torch.float32 torch.float64 tensor(3., dtype=torch.float64)"]


def test_same_object_and_no_node():
    out = run(["x = torch.ones(2, requires_grad=True)", "print(x.float() is x, x.to(torch.float32) is x)",
               "print(x.double().grad_fn)", "print(x.long().requires_grad)"])
    assert out[0] == "True True"
    assert out[1].startswith("<ToCopyBackward0 object at")
    assert out[2] == "False"


@pytest.mark.parametrize("a, b, want", [
    ("bool", "int8", "int8"), ("uint8", "int8", "int16"), ("int32", "float16", "float16"),
    ("float16", "float64", "float64"), ("int64", "int16", "int64"), ("bool", "bool", "bool")])
def test_promote_types(a, b, want):
    assert dtypes.promote_types(dtypes.by_name(a), dtypes.by_name(b)) is dtypes.by_name(want)
    assert dtypes.promote_types(dtypes.by_name(b), dtypes.by_name(a)) is dtypes.by_name(want)
