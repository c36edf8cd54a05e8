try:
    raise Exception("base class")
except Exception as e:
    print(type(e), e)
try:
    raise NotImplementedError("todo")
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError:", e)
try:
    raise KeyError("k")
except LookupError as e:
    print("LookupError caught", e)
try:
    1 / 0
except ArithmeticError as e:
    print("ArithmeticError caught", e)
