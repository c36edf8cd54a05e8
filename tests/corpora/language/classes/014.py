class Base:
    def __init__(self):
        self.log = ["base"]

    def hello(self):
        return "base hello"


class Child(Base):
    def __init__(self):
        Base.__init__(self)
        self.log.append("child")

    def hello(self):
        return "child and " + Base.hello(self)


c = Child()
print(c.log, c.hello())
print(Child.hello(c))
m = c.hello
print(m())
