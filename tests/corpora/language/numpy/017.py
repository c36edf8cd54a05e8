# np.set_printoptions' formatter: the script's functions (and str.format) write each element, for that run
import numpy as np
a = np.array([1.123456, 2.5, -3.0])
np.set_printoptions(formatter={'float': '{: 0.3f}'.format})
print(a, [a], repr(a), np.arange(3))
np.set_printoptions(formatter={'all': lambda x: 'v' + str(x)})
print(a, np.arange(3))
with np.printoptions(formatter={'int': '{:x}'.format}):
    print(np.arange(12).reshape(3, 4))
print(np.get_printoptions()['formatter'] is not None)
np.set_printoptions(formatter=None)
print(a)
for bad in [lambda: np.set_printoptions(formatter={'nope': str}), lambda: print(np.printoptions(formatter={'float': lambda x: 3}).__class__)]:
    try:
        bad()
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
np.set_printoptions(formatter={'float': lambda x: 5})
try:
    print(a)
except (TypeError, ValueError, AttributeError) as e:
    print(type(e).__name__, e)
