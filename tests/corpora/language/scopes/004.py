x = "module"


def f():
    x = "f"

    def g():
        nonlocal x
        x = "changed by g"

        def h():
            return x
        return h()
    inner = g()
    return x, inner


print(f(), x)
