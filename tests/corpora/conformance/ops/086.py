# out=: torch's out variants write into a given tensor and return it
import torch

x = torch.arange(6.).reshape(2, 3)
y = torch.ones(2, 3)
result = torch.empty(2, 3)
r = torch.add(x, y, out=result)
print(r is result, result)
z = torch.empty(0)
torch.mul(x, y, out=z)
print(z)
w = torch.zeros(6)
torch.matmul(x, y.t(), out=w)
print(w)
d = torch.zeros(2, 3, dtype=torch.float64)
torch.exp(x, out=d)
print(d)
v = torch.max(torch.tensor([[1., 5.], [3., 2.]]), 1, out=(torch.empty(0), torch.empty(0, dtype=torch.int64)))
print(v)
s = torch.empty(0)
torch.sum(x, 1, out=s)
print(s)
base = torch.zeros(2, 3)
torch.exp(torch.ones(3), out=base[0])
print(base)
t = torch.zeros(2, 3)
torch.neg(x, out=t)
print(t, t._version)
with torch.no_grad():
    p = torch.ones(2, requires_grad=True)
    q = torch.empty(2)
    torch.mul(p, 2, out=q)
    print(q, q.requires_grad)
try:
    torch.add(x, y, out=torch.empty(2, 3, dtype=torch.int64))
except RuntimeError as e:
    print(e)
leaf = torch.ones(2, requires_grad=True)
try:
    torch.exp(leaf, out=torch.empty(2))
except RuntimeError as e:
    print(e)
print(torch.argmax(leaf, out=torch.empty(0, dtype=torch.int64)))
torch.sin(leaf, out=torch.empty(2))
