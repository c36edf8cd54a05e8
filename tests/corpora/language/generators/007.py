# generators as methods, nested in functions, as lambdas; their reprs and types
class Dataset:
    def __init__(self, items):
        self.items = items

    def batches(self, size):
        for i in range(0, len(self.items), size):
            yield self.items[i:i + size]

    def __iter__(self):
        yield from self.items

d = Dataset(list(range(7)))
print(list(d.batches(3)), list(d), sum(d))

def make_counter(step):
    def counter(n):
        for i in range(n):
            yield i * step
    return counter

print(list(make_counter(10)(3)))
gen = make_counter(2)(2)
print(repr(gen).split(" at ")[0], type(gen), type(gen) == type(d.batches(1)))
print(repr(d.batches(2)).split(" at ")[0])
f = lambda: (yield 1)
lg = f()
print(repr(lg).split(" at ")[0], next(lg))
try:
    lg.send("sent")
except StopIteration as e:
    print("lambda returned", e.value)
print(callable(make_counter), type(make_counter(1)))
