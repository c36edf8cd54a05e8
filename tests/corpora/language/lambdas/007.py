apply_all = lambda fs, v: [f(v) for f in fs]
print(apply_all([abs, lambda v: v ** 2, str], -3))
total = lambda *args: sum(args)
kw = lambda **kw: sorted(kw.items())
print(total(1, 2, 3), total(), kw(b=2, a=1))
