# generator already executing, send to a just-started generator, ignoring GeneratorExit
def selfish():
    yield next(me)

me = selfish()
try:
    next(me)
except ValueError as e:
    print("ValueError:", e)

def simple():
    x = yield 1
    yield x

s = simple()
try:
    s.send(5)
except TypeError as e:
    print("TypeError:", e)
print(next(s), s.send(7))

def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 2

t = stubborn()
next(t)
try:
    t.close()
except RuntimeError as e:
    print("RuntimeError:", e)
