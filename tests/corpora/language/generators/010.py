# an error inside a generator leaves it at the line that failed, and the generator is finished
def gen():
    yield 1
    x = 1 / 0
    yield x

g = gen()
print(next(g))
try:
    next(g)
except ZeroDivisionError as e:
    print("caught:", e)
print(next(g, "finished"))
g = gen()
next(g)
next(g)
