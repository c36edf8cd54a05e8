# every itertools function of Python 3.11, its values printed, its refusals in its words (no batched: 3.12)
import itertools
from itertools import (product, permutations, combinations, combinations_with_replacement, chain, islice, count,
                       cycle, repeat, accumulate, groupby, zip_longest, starmap, takewhile, dropwhile, filterfalse,
                       compress, tee, pairwise)

print(list(product('ab', range(2))), list(product([1, 2], repeat=2)), list(product()))
print(list(permutations('abc', 2)), list(permutations(range(3))), list(permutations([1], 3)))
print(list(combinations('abcd', 2)), list(combinations(range(4), 0)), list(combinations([1, 2], 5)))
print(list(combinations_with_replacement('ab', 3)))
print(list(chain('ab', [1, 2], (3,))), list(chain.from_iterable(['xy', 'z'])), list(chain()))
print(list(islice('abcdefg', 2)), list(islice('abcdefg', 2, 4)), list(islice('abcdefg', 0, None, 3)))
print(list(islice(count(), 5)), list(islice(count(10, 2.5), 3)), list(zip(count(1), 'abc')))
print(list(islice(cycle('ab'), 5)), list(repeat('x', 3)), list(zip(repeat(7), range(3))))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3, 4], lambda a, b: a * b)),
      list(accumulate([1, 2], initial=100)), list(accumulate(['a', 'b', 'c'])), list(accumulate([[1], [2]])))
for key, group in groupby('aaabbcaa'):
    print(key, list(group))
print([(k, len(list(g))) for k, g in groupby(sorted([3, 1, 2, 4, 6]), key=lambda v: v % 2)])
print(list(zip_longest('abc', [1], fillvalue='-')), list(zip_longest()), list(zip_longest([1, 2], [3])))
print(list(starmap(pow, [(2, 5), (3, 2)])), list(starmap(lambda a, b: a - b, [(5, 1)])))
print(list(takewhile(lambda v: v < 3, [1, 2, 5, 1])), list(dropwhile(lambda v: v < 3, [1, 2, 5, 1])))
print(list(filterfalse(lambda v: v % 2, range(7))), list(filterfalse(None, [0, 1, '', 'a'])))
print(list(compress('abcdef', [1, 0, 1, 0, 1, 1])), list(pairwise('abcd')), list(pairwise([1])))
a, b = tee([1, 2, 3])
print(next(a), list(a), list(b), len(tee('ab', 3)), tee('ab', 0))
c = count(5)
print(c, next(c), c, repeat(1, 3), repeat('a'), count(1.5, 0.5), type(c).__name__)
print(type(product([1])), type(c), type(tee('a')[0]), type(next(groupby('a'))[1]))
print(isinstance(c, count), isinstance(c, itertools.repeat), type(c) == count, type(c) is type(count()))
print(type(chain.from_iterable([])) == chain, itertools.chain, itertools.count)
total = 0
for i in count():
    if i > 100:
        break
    total += i
print(total, sum(islice(count(), 10)), max(product(range(3), repeat=2)), sorted(permutations('ba')))
for name in ['batched', 'tee', 'chain']:
    print(name, hasattr(itertools, name))
try:
    itertools.batched
except AttributeError as e:
    print('AttributeError', e)
for bad in [lambda: list(islice('abc', -1)), lambda: permutations('a', -1), lambda: product([1], repeat=-1),
            lambda: combinations('a'), lambda: count('a'), lambda: tee('a', -1), lambda: list(product(1)),
            lambda: chain(1), lambda: list(chain(1)), lambda: islice('a', 1, 2, 0), lambda: repeat(),
            lambda: list(accumulate([1, 'a'])), lambda: list(starmap(pow, [1])), lambda: zip_longest(1)]:
    try:
        bad()
        print('no error')
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
