# generators read by what Python reads iterables with
import torch

def count(n):
    i = 0
    while i < n:
        yield i
        i += 1

print(list(count(4)), tuple(count(3)), sum(count(5)), max(count(4)))
print(list(zip(count(3), "abc")), list(enumerate(count(2), 1)))
print(sorted(count(4), reverse=True), set(count(3)), dict(zip(count(2), count(2))))
print([x * x for x in count(4)], any(x > 2 for x in count(4)), sum(x for x in count(4) if x % 2))
print(", ".join(str(i) for i in count(3)), "x" in count(2), 1 in count(3))
print(torch.tensor(list(count(4)), dtype=torch.float32).mean())
a, b, c = count(3)
print(a, b, c)
first, rest = count(2)
print(first, rest)
it = iter(count(2))
print(it is iter(it), next(it), next(it), next(it, "end"))
print(list(map(lambda v: v + 1, count(3))), list(filter(None, count(4))))
g = count(3)
for v in g:
    print("loop", v)
    if v == 1:
        break
print("rest", list(g))
