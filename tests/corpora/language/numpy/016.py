# np.set_printoptions / get_printoptions / printoptions (the run's own), ndarray.repeat and np.repeat, np.convolve,
# np.__version__ (the installed numpy's), numpy's refusals in its words
import numpy as np
import sys
print(np.__version__, type(np.__version__).__name__)
a = np.array([1.123456789, 2.5, -3.0])
print(a, repr(a))
print(np.set_printoptions(precision=3))
print(a, repr(a), [a], f"{a}", np.get_printoptions()['precision'])
print(np.float64(1.123456789), a[0])
with np.printoptions(precision=1, suppress=True) as opts:
    print(a, opts['precision'], np.get_printoptions()['suppress'])
print(a)
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(10), np.arange(4))
np.set_printoptions(threshold=sys.maxsize)
print(np.arange(2000.).reshape(2, 1000)[:, :3], len(str(np.arange(2000))))
np.set_printoptions(linewidth=20, sign='+', floatmode='fixed', nanstr='NaN')
print(np.array([[1.5, np.nan, 3.25], [4.0, 5.0, 6.0]]))
np.set_printoptions(legacy='1.13')
print(np.array([1.0, 2.0]))
np.set_printoptions(legacy=False, precision=8, linewidth=75, sign='-', floatmode='maxprec', nanstr='nan',
                    threshold=1000, edgeitems=3)
print(a, np.get_printoptions())
x = np.array([[1, 2], [3, 4]])
print(x.repeat(2), x.repeat(2, axis=0), x.repeat([1, 2], axis=1), np.repeat(x, 3, axis=1), np.repeat(7, 3))
print(np.arange(3).repeat(np.array([0, 1, 2])))
def entered():
    with np.printoptions(precision='a'):
        pass


for bad in [lambda: x.repeat(-1), lambda: x.repeat(2, axis=5), lambda: x.repeat([1, 2, 3], axis=0),
            lambda: np.set_printoptions(precision=1.5), lambda: np.set_printoptions(sign='x'),
            lambda: np.set_printoptions(floatmode='nope'), lambda: np.set_printoptions(threshold='a'),
            lambda: np.set_printoptions(nosuch=1), lambda: np.printoptions(precision="a"), entered]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(np.convolve([1, 3, 2, 4], [1, 0, 2]), np.convolve([1, 3, 2, 4], [1, 0, 2], mode='same'),
      np.convolve([1.5, 2.0], [2.0, 1.0, 0.5], 'valid'))
