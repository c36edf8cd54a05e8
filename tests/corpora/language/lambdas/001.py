square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(4), add(1), add(1, 2), add(b=5, a=1))
print((lambda: "called")())
print(list(map(lambda v: v + 1, [1, 2, 3])), list(filter(lambda v: v % 2, range(7))))
