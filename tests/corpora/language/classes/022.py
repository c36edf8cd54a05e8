# type() of two values of one class is one object (`is`), for script classes, builtins and torch's;
# several modules imported in one statement, with and without `as`
import math, random
import torch, torch.nn as nn, os.path as osp


class Point:
    def __init__(self, x):
        self.x = x


class Point3(Point):
    pass


p, q, r = Point(1), Point(2), Point3(3)
print(type(p) is type(q), type(p) is type(r), type(p) is not type(r), type(p) == type(q))
print(type(1) is type(2), type(1) is type(True), type(1.5) is type(2.5), type('a') is type('bc'))
print(type([]) is type([1]), type(()) is type((1,)), type({}) is type({1: 2}), type(None) is type(None))
print(type(torch.ones(1)) is type(torch.zeros(2, 2)), type(nn.Linear(1, 1)) is type(nn.Linear(2, 2)))
print(type(nn.ReLU()) is type(nn.Tanh()), type(print) is type(len), type(math.sin) is type(math.cos))
seen = {}
for value in [1, 'a', 2, p, 3.0, q, 'b', r]:
    seen.setdefault(type(value), []).append(value if not isinstance(value, Point) else value.x)
print([(t.__name__, v) for t, v in seen.items()])
print(math.floor(math.pi), random.seed(0), random.randint(1, 6), osp.join('a', 'b'), torch.nn is nn)


def f():
    import math as m, random as rnd
    return m.tau, rnd.random() < 1


print(f())
