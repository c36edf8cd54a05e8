def make_class(scale):
    class Scaler:
        factor = scale

        def __init__(self, offset):
            self.offset = offset

        def apply(self, v):
            return v * self.factor + self.offset
    return Scaler


Double = make_class(2)
Triple = make_class(3)
print(Double(1).apply(5), Triple(0).apply(5), Double.factor, Triple.factor)
print(Double)
