def inner():
    raise RuntimeError("inner failed")


def middle():
    try:
        inner()
    except RuntimeError:
        print("middle saw it, re-raising")
        raise


try:
    middle()
except RuntimeError as e:
    print("outer caught:", e)
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("converted") from e
except ValueError as e:
    print(e)
