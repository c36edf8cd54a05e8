class A:
    pass


a = A()
print(type(a), isinstance(a, A), isinstance(a, object))
print(A)
a.items = [1, 2]
a.items.append(3)
print(a.items)
b = A()
print(hasattr(a, "items"), hasattr(b, "items"))
