class TrainingError(Exception):
    pass


class ShapeError(TrainingError):
    def __init__(self, expected, got):
        super().__init__("expected %s, got %s" % (expected, got))
        self.expected = expected
        self.got = got


try:
    raise ShapeError((2, 3), (3, 2))
except TrainingError as e:
    print(type(e), e, e.expected, e.got, e.args)
try:
    raise TrainingError("plain")
except ShapeError:
    print("wrong handler")
except TrainingError as e:
    print("right handler:", e)
raise ShapeError(1, 2)
