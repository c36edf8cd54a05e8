d = {"a": 1}
try:
    d["missing"]
except KeyError as e:
    print("KeyError", e, repr(e), e.args)
try:
    [1, 2][10]
except (KeyError, IndexError) as e:
    print(type(e), e)
try:
    int("abc")
except ValueError as e:
    print(e)
try:
    None + 1
except TypeError as e:
    print(e)
try:
    undefined_name
except NameError as e:
    print(e)
