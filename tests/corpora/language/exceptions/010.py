try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("assertion:", e)
try:
    assert False
except AssertionError as e:
    print("empty assertion:", repr(e))
it = iter([1])
print(next(it))
try:
    next(it)
except StopIteration:
    print("exhausted")
print(next(it, "default"))
