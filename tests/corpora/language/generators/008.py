# PEP 479: a StopIteration raised inside a generator becomes a RuntimeError
def leaky():
    it = iter([1])
    yield next(it)
    yield next(it)

g = leaky()
print(next(g))
try:
    next(g)
except RuntimeError as e:
    print(type(e).__name__, e)

def explicit():
    yield 1
    raise StopIteration("stop")

try:
    print(list(explicit()))
except RuntimeError as e:
    print("RuntimeError:", e)

def returns():
    yield 1
    return 5

print(list(returns()))
