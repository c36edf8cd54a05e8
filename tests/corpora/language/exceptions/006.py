def check(v):
    if v < 0:
        raise ValueError("negative: %d" % v)
    if v == 0:
        raise ZeroDivisionError
    return 1 / v


for v in [2, 0, -3]:
    try:
        print(check(v))
    except ValueError as e:
        print("value error:", e)
    except ZeroDivisionError as e:
        print("zero:", repr(e), e.args)
