from math import sqrt, pi
from random import seed, random as uniform01
import math as m

seed(3)
print(sqrt(16), pi, m.floor(pi), uniform01())
