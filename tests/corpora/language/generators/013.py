def g():
    x = 1
    return [(yield) for i in range(3)]
