# throw: the exception raised where the generator is suspended
def worker():
    while True:
        try:
            x = yield "ready"
            print("working on", x)
        except ValueError as e:
            print("recovered from", e)
            yield "recovered"
        except KeyError:
            print("stopping")
            return "stopped"

w = worker()
print(next(w))
print(w.send(1))
print(w.throw(ValueError("bad input")))
print(next(w))
try:
    w.throw(KeyError)
except StopIteration as e:
    print("result", e.value)
try:
    w.throw(RuntimeError("after the end"))
except RuntimeError as e:
    print("raised:", e)

def plain():
    yield 1

p = plain()
try:
    p.throw(TypeError("before the start"))
except TypeError as e:
    print("not started:", e)
print(list(p))
q = plain()
next(q)
try:
    q.throw(IndexError("uncaught"))
except IndexError as e:
    print("propagated:", e)
