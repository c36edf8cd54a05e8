"""The hostile corpus: inputs written as an attacker would, one class of attack per block, each expected to end
non-zero, quickly, with a clean message of the given kind (tests/lang/test_hostile.py runs them).

A case is (name, mode, source, kind): mode "script" (`gradcli run`) or "eval" (`gradcli eval`); kind is the
error's kind as the first stderr line shows it. Templates are filled with several sizes and spellings, so
that a limit cannot be slipped past by a different spelling."""

SHARED = "a = []\nfor i in range(60):\n    a = [a, a]\n"
SHARED_TUPLE = "a = ()\nfor i in range(60):\n    a = (a, a)\n"
LONG = "s = 'a' * 10**7\n"


def _cases():
    cases = []

    def add(name, source, kind="LimitError", mode="script"):
        cases.append(("%03d-%s" % (len(cases), name), mode, source, kind))

    # ---- crashes: data and iterators nested past the C stack
    for n in ("10**6", "10**5", "5000"):
        add("tuple-display-%s" % n, "t = ()\nfor i in range(%s):\n    t = (t,)\nd = {t: 1}\n" % n)
        add("tuple-call-%s" % n, "t = ()\nfor i in range(%s):\n    t = tuple([t])\nprint(t in {})\n" % n)
        add("tuple-pair-%s" % n, "t = ()\nfor i in range(%s):\n    t = (i, t)\ns = {t}\n" % n)
    for chain in ("map(abs, m)", "zip(m)", "filter(None, m)", "enumerate(m)", "map(lambda v: v, m)",
                  "zip(m, m)", "filter(lambda v: 1, m)"):
        for n in ("10**6", "10**4"):
            add("chain-%s-%s" % (chain.split("(")[0], n + chain.count(",") * "x"),
                "m = [1]\nfor i in range(%s):\n    m = %s\nprint(list(m))\n" % (n, chain))
    # ---- hangs: shared nested lists reaching what writes or compares them
    for use in ("s = str(a)", "print(a)", "r = repr(a)", "b = [a]\nprint(a == b[0][:])", "x = '{!r}'.format(a)",
                "x = '{}'.format(a)", "x = f'{a}'", "x = f'{a!r}'", "x = '%s' % (a,)", "assert False, a",
                "x = format(a)", "print(a != [a[0], a[1][:]])", "x = str([a])", "x = '%r' % [a]"):
        add("shared-" + use.split("(")[0].split("=")[-1].strip().replace(" ", "")[:12] + "-%d" % len(cases),
            SHARED + use + "\n")
    for use in ("s = str(a)", "print(a)", "x = f'{a}'", "x = '{!r}'.format(a)"):
        add("shared-tuple-%d" % len(cases), SHARED_TUPLE + use + "\n")
    # ---- integers: every path that builds a huge one
    for source in ("x = round(1, -10**8)", "x = round(7, -10**6)", "x = int('f' * 10**7, 16)", "x = int('1' * 10**7, 2)",
                   "x = int('z' * 10**6, 36)", "x = 10 ** 10 ** 10", "x = 2 ** (10**9)", "x = pow(3, 10**8)",
                   "x = (2 ** 50000) * (2 ** 60000)", "y = 3\nx = y ** 10**6", "x = 7 ** 10**7 % 5",
                   "x = pow(3**50000, 3**50000, 10**30000 + 7)", "x = 10**50000 * 10**50000 * 10**50000",
                   "x = int('9' * 5000)", "x = (10 ** 5000) ** 30"):
        kind = "ValueError" if source.startswith("x = int('9'") else "LimitError"
        add("int-%d" % len(cases), source + "\n", kind)
    # ---- strings past the element limit on every path
    for source in ("t = f'{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}{s}'", "t = ('{}' * 20).format(*[s] * 20)",
                   "t = '%s' * 20 % tuple([s] * 20)", "t = str([s] * 20)", "t = repr([s] * 20)", "t = s * 20",
                   "t = s.center(10**9)", "t = s.ljust(2 * 10**8)", "t = s.zfill(10**9)", "t = s.replace('a', 'bb' * 10)",
                   "t = ' '.join([s] * 20)", "print(*[s] * 20)", "t = format(1, '10000000000d')",
                   "t = '%10000000000d' % 1", "t = f'{1:{10**10}}'", "t = str({i: s for i in range(20)})",
                   "t = s + s + s + s + s + s + s + s + s + s + s", "t = f'{s!r:>{10**9}}'", "t = '{:>10000000000}'.format(1)",
                   "t = '{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}{0}'.format(s)"):
        add("string-%d" % len(cases), LONG + source + "\n")
    # ---- lists and ranges
    for source in ("x = sum([[1] * 100] * (2 * 10**6), [])", "x = sum([(1,) * 100] * (2 * 10**6), ())", "a = [1]\na.extend(a * 10**8)",
                   "x = [0] * 10**9", "x = list(range(10**9))", "x = [[0] * 10**4] * 10**4\ny = str(x)",
                   "x = range(10**20)", "a = [1] * 10**7\nfor i in range(20):\n    a.extend(filter(None, a))",
                   "x = [i for i in range(10**12)]", "x = sorted(range(10**9))"):
        add("list-%d" % len(cases), source + "\n")
    # ---- tensors: every result sized before it is allocated
    for source in ("x = torch.ones(10**9)", "x = torch.zeros(10**5, 10**5)", "x = torch.randn(10**5, 10**5)",
                   "x = torch.ones(10**9, 0).sum(1)", "x = torch.ones(10**9, 0).mean(1)", "x = torch.ones(10**9, 0) @ torch.ones(0, 5)",
                   "x = torch.mv(torch.ones(10**9, 0), torch.ones(0))", "x = torch.ones(10**5, 1) + torch.ones(1, 10**5)",
                   "x = torch.where(torch.ones(10**5, 1) > 0, torch.ones(1, 10**5), 0.)",
                   "x = torch.normal(torch.ones(10**5, 1), torch.ones(1, 10**5))",
                   "x = torch.allclose(torch.ones(10**5, 1), torch.ones(1, 10**5))",
                   "x = torch.ones(10)[torch.zeros(10**5, 10**5 // 10**5 * 10**5, dtype=torch.long)]",
                   "i = torch.zeros(10**5, dtype=torch.long)\nx = torch.ones(10)[i[:, None] + i[None, :]]",
                   "x = torch.ones(10**4, 10**4).index_select(0, torch.zeros(10**5, dtype=torch.long))",
                   "x = torch.ones([2] * 27).nonzero()", "x = torch.tensor([range(10**8)] * 10)",
                   "x = torch.arange(10**10)", "x = torch.linspace(0, 1, 10**10)", "x = torch.eye(10**5)",
                   "x = torch.ones(10**4).expand(10**5, 10**4).contiguous()", "x = torch.ones(10**4).repeat(10**5)",
                   "x = torch.ones(10**4, 10**4).outer(torch.ones(10)) if False else torch.outer(torch.ones(10**5), torch.ones(10**5))",
                   "x = torch.cat([torch.ones(10**7)] * 21)", "x = torch.stack([torch.ones(10**7)] * 21)",
                   "x = torch.ones(2, 2).repeat(10**5, 10**5)", "x = torch.full((10**5, 10**5), 1.)",
                   "x = torch.ones(10**6, dtype=torch.float64) * torch.ones(10**6, 1)",
                   "x = torch.autograd.functional.jacobian(lambda v: v.repeat(10**4), torch.ones(10**4))",
                   "x = torch.autograd.functional.hessian(lambda v: v.sum(), torch.ones(10**5))",
                   "torch.set_printoptions(precision=10**8)\nprint(torch.rand(3))",
                   "torch.set_printoptions(threshold=10**12)\nprint(torch.zeros(10**8))",
                   "x = torch.ones(10**5, 10**5, dtype=torch.bool)", "x = torch.ones(3).new_ones(10**5, 10**5)",
                   "x = torch.zeros(10**5).unsqueeze(1) * torch.zeros(10**5)", "x = torch.randint(0, 5, (10**5, 10**5))",
                   "x = torch.einsum('i,j->ij', torch.ones(10**5), torch.ones(10**5))"):
        add("tensor-%d" % len(cases), "import torch\n" + source + "\n")
    # ---- time: loops, recursion and callbacks counted wherever the script's functions are called
    for source in ("while True:\n    pass", "for i in range(10**12):\n    pass", "i = 0\nwhile i >= 0:\n    i += 1",
                   "def f(x):\n    while True:\n        pass\nprint(list(map(f, [1])))",
                   "def f(x):\n    while True:\n        pass\nprint(sorted([2, 1], key=f))",
                   "def f(x):\n    while True:\n        pass\nprint(max([2, 1], key=f))",
                   "def f(x):\n    while True:\n        pass\nl = [2, 1]\nl.sort(key=f)",
                   "def f(x):\n    while True:\n        pass\nprint(list(filter(f, [1])))",
                   "import torch\nx = torch.ones(2, requires_grad=True)\ndef h(g):\n    while True:\n        pass\n"
                   "x.register_hook(h)\n(x * 2).sum().backward()",
                   "import torch\ndef f(v):\n    while True:\n        pass\ntorch.autograd.functional.jacobian(f, torch.ones(2))",
                   "def d(fn):\n    while True:\n        pass\n@d\ndef g():\n    pass",
                   "f = lambda: [0 for i in range(10**9)]\nf()", "x = [[0] * 10**4 for i in range(10**5)]"):
        add("time-%d" % len(cases), source + "\n")
    for source in ("def f(n):\n    return f(n + 1)\nf(0)", "def f(x):\n    return f(x)\nprint(sorted([1, 2], key=f))",
                   "def f(x):\n    return list(map(f, [x]))\nf(1)", "f = lambda n: f(n + 1)\nf(0)",
                   "import torch\nx = torch.ones(2, requires_grad=True)\ndef h(g):\n    return h(g)\n"
                   "x.register_hook(h)\n(x * 2).sum().backward()"):
        add("recursion-%d" % len(cases), source + "\n", "RecursionError")
    # ---- the code itself: nesting and size
    add("parens-deep", "x = " + "(" * 100000 + "1" + ")" * 100000 + "\n", "SyntaxError")
    add("list-display-deep", "x = " + "[" * 5000 + "]" * 5000 + "\n", "SyntaxError")
    add("script-huge", "x = 1\n" * 400000, "LimitError")
    # ---- expression mode (gradcli eval)
    for expression, kind in (("zeros(10**9, 0).sum(1)", "LimitError"), ("ones(10**9)", "LimitError"),
                             ("'a' * 10**9", "LimitError"), ("10**10**10", "LimitError"),
                             ("int('f' * 10**7, 16)", "LimitError"), ("round(1, -10**8)", "TypeError"),
                             ("str([[0] * 10**4] * 10**5)", "LimitError"), ("[0] * 10**9", "LimitError"),
                             ("ones(10**9, 0) @ x[:0]", "LimitError"), ("x[:1].expand(10**5, 10**5).sum()", "LimitError"),
                             ("randn(10**5, 10**5)", "LimitError"), ("list(range(10**9))", "LimitError"),
                             ("f'{x}' * 10**9", "LimitError"), ("((((((((((x))))))))))" * 1 + "+" + "(" * 50000 + "x" + ")" * 50000, "SyntaxError"),
                             ("[x] * 10**9", "LimitError"), ("torch.arange(10**10)", "LimitError"),
                             ("x.repeat(10**9)", "LimitError"), ("eye(10**5)", "LimitError"),
                             ("' '.join(['a' * 10**7] * 20)", "LimitError"), ("'{}'.format('a' * 10**7) * 20", "LimitError")):
        add("eval-%d" % len(cases), expression, kind, mode="eval")
    return cases


CASES = _cases()
