class Greeter:
    def greet(self, name, punctuation="!"):
        return "hello " + name + punctuation


g = Greeter()
print(g.greet("ada"), g.greet("bob", punctuation="?"))
print(g.greet())
