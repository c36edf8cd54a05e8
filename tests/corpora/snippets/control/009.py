# line continuations, comments and semicolons
import torch

x = torch.tensor([1.0,
                  2.0,   # a comment inside brackets
                  3.0], requires_grad=True)
total = x[0] + \
        x[1] * 2 + \
        x[2] * 3
total.backward(); print(total)
print(x.grad)
"""A docstring-like
string statement."""
assert x.grad is not None, "grad missing"
pass
