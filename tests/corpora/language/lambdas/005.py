def make_counter():
    count = 0

    def counter():
        nonlocal count
        count += 1
        return count
    return counter


c1 = make_counter()
c2 = make_counter()
print(c1(), c1(), c1(), c2())
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: 2 * x, lambda x: x + 1)
print(inc_then_double(5))
