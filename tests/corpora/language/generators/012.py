# a generator's local state, closures over loop variables, and an infinite generator stopped by islice-like code
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

f = fib()
print([next(f) for _ in range(10)])

def take(n, iterable):
    for i, v in enumerate(iterable):
        if i >= n:
            return
        yield v

print(list(take(5, fib())))

def windows(xs, size):
    for i in range(len(xs) - size + 1):
        yield xs[i:i + size]

print(list(windows([1, 2, 3, 4], 2)))

def pipeline():
    squares = (x * x for x in take(6, fib()))
    evens = (x for x in squares if x % 2 == 0)
    yield from evens

print(list(pipeline()))
total = 0
for v in take(4, fib()):
    total += v
print(total)
