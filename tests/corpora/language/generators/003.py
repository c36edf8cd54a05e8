# yield from: another generator (its return value), a list, a range, a tensor
import torch

def inner(n):
    for i in range(n):
        yield i
    return "inner done %d" % n

def outer():
    result = yield from inner(3)
    print("got:", result)
    yield from [10, 20]
    yield from range(2)
    yield from torch.tensor([1.5, 2.5])
    return "outer done"

print(list(outer()))

def tree(depth):
    if depth == 0:
        yield "leaf"
        return
    yield "node %d" % depth
    yield from tree(depth - 1)
    yield from tree(depth - 1)

print(list(tree(2)))

def relay():
    x = yield from accumulate()
    yield "relayed " + str(x)

def accumulate():
    total = 0
    while True:
        v = yield total
        if v is None:
            return total
        total += v

r = relay()
print(next(r), r.send(5), r.send(6), r.send(None))
