import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 1
v = y.view(2, 2)
v[0, 1] = 10.0
print(y, y.grad_fn, v.grad_fn)
y.sum().backward()
print(x.grad)
a = torch.ones(3, requires_grad=True)
b = a.clone()
b[1:] *= 2
print(b, b.grad_fn)
b.sum().backward()
print(a.grad)
c = torch.zeros(2, 3)
w = torch.ones(3, requires_grad=True)
c[0] = w * 2
print(c, c.requires_grad, c.grad_fn, c.is_leaf)
c.sum().backward()
print(w.grad)
d = torch.ones(2, 2, requires_grad=True)
e = d.t()
f = e * 3
g = f.unsqueeze_(0)
print(f.shape, g is f, f.grad_fn)
f.sum().backward()
print(d.grad)
h = torch.ones(3, requires_grad=True)
k = h.exp()
k2 = k.detach()
k2.zero_()
print(k)
m = torch.tensor([1.0, 2.0], requires_grad=True)
n = m.clone()
n.add_(m)
n.mul_(m)
print(n, n.grad_fn, n.grad_fn.next_functions)
n.sum().backward()
print(m.grad)
p = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
q = p[0]
r = p[:, 1]
s = q * r
print(s)
s.sum().backward()
print(p.grad)
