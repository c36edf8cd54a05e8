class Shape:
    sides = 0

    @staticmethod
    def unit():
        return 1.0

    @classmethod
    def make(cls):
        return cls()

    @classmethod
    def describe(cls):
        return "%s with %d sides" % ("shape", cls.sides)


class Square(Shape):
    sides = 4


s = Square.make()
print(type(s), Square.describe(), Shape.describe(), s.unit(), Shape.unit())
print(isinstance(s, Square), isinstance(s, Shape), isinstance(Shape(), Square))
