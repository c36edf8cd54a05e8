# a generator suspended inside its except block, resumed inside the caller's: a bare raise re-raises the caller's exception
def gen():
    try:
        raise ValueError("inside the generator")
    except ValueError:
        yield 1
    yield 2
g = gen()
next(g)
try:
    raise KeyError("outer")
except KeyError:
    next(g)
    try:
        raise
    except KeyError as e:
        print("re-raised", repr(e))
