# for/while else, try/except/else/finally, return in try, GeneratorExit past except Exception, methods, nested defs
def g1():
    for i in range(3):
        if i == 1:
            continue
        yield i
    else:
        yield "for-else"
    n = 0
    while n < 2:
        n += 1
        yield "w%d" % n
    else:
        yield "while-else"
    try:
        yield "try"
        raise KeyError("k")
    except KeyError as e:
        yield "except %s" % e
    else:
        yield "never"
    finally:
        yield "finally"
print(list(g1()))
def g2():
    try:
        yield 1
        return "early"
    finally:
        print("fin")
    yield 2
print(list(g2()))
def g3():
    try:
        yield 1
    except Exception:
        print("not for GeneratorExit")
    finally:
        print("g3 finally")
x = g3(); next(x); x.close()
def g4():
    try:
        yield 1
    except:
        print("bare except sees", "it")
x = g4(); next(x); x.close()
def g5(n):
    if n:
        yield n
    elif n == 0:
        yield "zero"
    else:
        return
print(list(g5(2)), list(g5(0)), list(g5(-1)))
def g6():
    total = 0
    total += yield
    total -= (yield) * 2
    print("total", total)
z = g6(); next(z); z.send(10); 
try:
    z.send(3)
except StopIteration:
    pass
class Counter:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        i = 0
        while i < self.n:
            yield i
            i += 1
print(list(Counter(3)), [a + b for a, b in zip(Counter(2), Counter(3))])
def outer():
    def inner():
        yield "inner"
    yield from inner()
    yield inner.__name__
print(list(outer()))
g = (lambda: (yield))()
print(next(g))
def gen_err():
    yield 1
    undefined_name
try:
    list(gen_err())
except NameError as e:
    print("NameError", e)
