import random

random.seed(0)
print(random.random(), random.random())
print(random.randint(1, 6), random.randint(1, 6), random.randint(1, 100))
print(random.uniform(-1, 1), random.gauss(0, 1))
items = list(range(10))
random.shuffle(items)
print(items)
print(random.choice(items), random.sample(items, 3), random.randrange(0, 100, 5))
print(random.choices(["a", "b", "c"], k=5), random.getrandbits(16))
