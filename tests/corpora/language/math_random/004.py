import random

random.seed(42)
first = [random.random() for _ in range(3)]
random.seed(42)
second = [random.random() for _ in range(3)]
print(first == second, first)
random.seed("a string seed")
print(random.randint(0, 10 ** 9))
state = random.getstate()
a = random.random()
random.setstate(state)
print(a == random.random())
