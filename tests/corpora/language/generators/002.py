# next, send, the value of `x = yield`, and return's value as StopIteration.value
def accumulate():
    total = 0
    while True:
        value = yield total
        if value is None:
            return total
        total += value

acc = accumulate()
print(next(acc))
print(acc.send(3))
print(acc.send(4))
try:
    acc.send(None)
except StopIteration as e:
    print("returned", e.value, e.args)
try:
    next(acc)
except StopIteration as e:
    print("again", e.value, e.args)

def echo():
    received = []
    while len(received) < 3:
        received.append((yield len(received)))
    return received

g = echo()
print(next(g), g.send("a"), g.send("b"))
try:
    g.send("c")
except StopIteration as stop:
    print(stop.value)
print(next(iter([1]), None), next(echo()), next(g, "done"))

def many():
    log = []
    log.append((yield "first"))
    total = 10 + (yield "second") * 2
    pair = (yield "a"), (yield "b")
    print("log", log, "total", total, "pair", pair)
    return (yield "last")

m = many()
print(next(m), m.send("x"), m.send(3), m.send("p"), m.send("q"))
try:
    m.send("end")
except StopIteration as e:
    print("many returned", e.value)
