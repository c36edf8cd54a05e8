class Animal:
    def __init__(self, name):
        self.name = name

    def speak(self):
        return "..."

    def describe(self):
        return "%s says %s" % (self.name, self.speak())


class Dog(Animal):
    def __init__(self, name, tricks):
        super().__init__(name)
        self.tricks = tricks

    def speak(self):
        return "woof"


class Puppy(Dog):
    def __init__(self, name):
        super(Puppy, self).__init__(name, [])

    def speak(self):
        return super().speak() + "!"


for a in [Animal("cat"), Dog("rex", ["sit"]), Puppy("bit")]:
    print(a.describe(), isinstance(a, Dog), isinstance(a, Animal))
print(Puppy("p").tricks)
