def validate(shape):
    if len(shape) != 2:
        raise TypeError("expected 2 dims, got %d" % len(shape))


validate((1, 2))
print("first ok")
validate((1, 2, 3))
print("not reached")
