"""`import itertools` (issue 27): CPython's iterators, within gradcli's limits and out of a script's reach.

What each snippet prints is what CPython prints running the same text, the interpreter that runs these tests
(3.11, as torch's: no itertools.batched): Python's behaviour is the oracle, nothing is recorded. The scripts of
tests/corpora/language/itertools are recorded from torch's Python."""

import contextlib
import io

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError
from gradcli.core import limits

NAMES = ("product", "permutations", "combinations", "combinations_with_replacement", "chain", "islice", "count",
         "cycle", "repeat", "accumulate", "groupby", "zip_longest", "starmap", "takewhile", "dropwhile", "filterfalse",
         "compress", "tee", "pairwise")
I = "import itertools\nfrom itertools import %s\n" % ", ".join(NAMES)

AS_CPYTHON = [
    "print(list(product('ab', range(2))), list(product([1, 2], repeat=2)), list(product()), list(product('a', [])))",
    "print(list(permutations('abc', 2)), list(permutations([1], 3)), list(permutations(iterable='ab', r=1)))",
    "print(list(combinations('abcd', 3)), list(combinations([1, 2], 5)), list(combinations_with_replacement('ab', 2)))",
    "print(list(chain('ab', [1], (3,))), list(chain.from_iterable(['xy', 'z'])), list(chain()))",
    "print(list(islice('abcdefg', 2)), list(islice('abcdefg', 2, None, 2)), list(islice(count(5), 1, 7, 3)))",
    "c = count(3, 0.5)\nprint(c, next(c), next(c), c, repeat(1, 3), repeat('a'), count())",
    "print(list(islice(cycle('ab'), 5)), list(repeat([1], 2)), list(zip(repeat(7), 'ab')), list(cycle([])))",
    "print(list(accumulate([1, 2, 3])), list(accumulate([3, 1, 2], max)), list(accumulate([1, 2], initial=10)),\n"
    "      list(accumulate('abc')), list(accumulate([[1], [2]], None)), list(accumulate([], initial=0)))",
    "for k, g in groupby('aaabcc'):\n    print(k, list(g))\n"
    "print([(k, list(g)) for k, g in groupby([1, 3, 2, 4, 5], key=lambda v: v % 2)])",
    "g = groupby('aab')\nk1, g1 = next(g)\nk2, g2 = next(g)\nprint(k1, list(g1), k2, list(g2), list(g))",
    "print(list(zip_longest('abc', [1], fillvalue='-')), list(zip_longest()), list(zip_longest([1, 2], [3])))",
    "print(list(starmap(pow, [(2, 5), (3, 2)])), list(takewhile(lambda v: v < 3, [1, 2, 5, 1])),\n"
    "      list(dropwhile(lambda v: v < 3, [1, 2, 5, 1])), list(filterfalse(None, [0, 1, '', 'a'])))",
    "print(list(compress('abcdef', [1, 0, 1])), list(pairwise('abcd')), list(pairwise('a')))",
    "a, b = tee(iter([1, 2, 3]))\nprint(next(a), list(a), list(b), len(tee('ab', 3)), tee('ab', 0))",
    "print(type(product('a')), type(count()), type(tee('a')[0]), type(next(groupby('a'))[1]), itertools.chain)",
    "print(type(count()).__name__, isinstance(count(), count), isinstance(cycle('a'), repeat), type(chain()) == chain,"
    "\n      type(count()) is type(count(2)), itertools.tee, chain.from_iterable)",
    "total = 0\nfor i in count(1):\n    if i > 100:\n        break\n    total += i\n"
    "print(total, sum(islice(count(), 10)), max(product(range(3), repeat=2)), sorted(permutations('ba')),\n"
    "      3 in count())",
    "print(hasattr(itertools, 'batched'), hasattr(itertools, 'pairwise'))\ntry:\n    itertools.batched\n"
    "except AttributeError as e:\n    print(e)",
    "for bad in [lambda: list(islice('abc', -1)), lambda: permutations('a', -1), lambda: product([1], repeat=-1),\n"
    "            lambda: combinations('a'), lambda: count('a'), lambda: tee('a', -1), lambda: list(product(1)),\n"
    "            lambda: list(chain(1)), lambda: islice('a', 1, 2, 0), lambda: repeat(), lambda: islice('a', x=1),\n"
    "            lambda: list(accumulate([1, 'a'])), lambda: list(starmap(pow, [1])), lambda: zip_longest(1),\n"
    "            lambda: next(count())[0], lambda: count()[0], lambda: pairwise(), lambda: compress('a'),\n"
    "            lambda: tee(), lambda: tee('a', 2, 3), lambda: tee('a', n=2), lambda: tee('a', 'b')]:\n"
    "    try:\n        print(bad())\n    except (TypeError, ValueError) as e:\n        print(type(e).__name__, e)",
]


def cpython(source):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<script>", "exec"), {"__name__": "__main__"})
    return out.getvalue()


@pytest.mark.parametrize("source", AS_CPYTHON)
def test_itertools_behaves_as_cpythons(source):
    expected = cpython(I + source)
    printed = api.run_script(I + source)
    strip = lambda text: __import__("re").sub(r"0x[0-9a-f]+", "0x", text)  # noqa: E731 (addresses)
    assert strip(printed) == strip(expected)


BOUNDED = [  # each would run for ever, fill the memory or nest past C's stack under CPython itself
    ("print(len(list(count())))", "max_iterations"),
    ("print(max(product(range(10**4), repeat=4)))", "max_iterations"),
    ("print(list(repeat(0, 10**12))[:1])", "max_iterations"),
    ("print(sum(1 for _ in cycle('ab')))", "max_iterations"),
    ("print(''.join(repeat('a')))", "max_iterations"),
    ("print(1 in repeat(0))", "max_iterations"),
    ("print(next(islice(count(), 10**9, None)))", "max_iterations"),
    ("print(list(permutations(range(10**5), 10**5))[0][0])", "max_iterations"),
    ("a, b = tee(count())\nprint(max(zip(range(10**6), a)))", "max_iterations"),
    ("print(min(next(groupby(repeat(1)))[1]))", "max_iterations"),
    ("print(max(zip_longest(count(), [])))", "max_iterations"),
    ("print(max(compress(count(), repeat(1))))", "max_iterations"),
    ("x = product(count())", "max_iterations"),
    ("x = product(range(10**3), repeat=10**4)", "max_elements"),
    ("x = product(*[range(10**3)] * 10**4)", "max_elements"),
    ("x = permutations('abc', 10**12)", "max_elements"),
    ("x = combinations(range(3), r=10**12)", "max_elements"),
    ("x = combinations_with_replacement('a', 10**9)", "max_elements"),
    ("x = tee('a', 10**10)", "max_elements"),
    ("print(list(accumulate([[0] * 10**5] * 20))[-1][:1])", "max_elements"),
    ("print(list(accumulate(['a' * 10**5] * 20))[-1][:1])", "max_elements"),
    ("c = chain()\nfor i in range(5000):\n    c = chain(c)", "max_nesting"),
    ("c = chain()\nfor i in range(5000):\n    c = chain.from_iterable(c)", "max_nesting"),
    ("c = count()\nfor i in range(5000):\n    c = islice(c, 3)", "max_nesting"),
    ("c = iter([])\nfor i in range(5000):\n    c = tee(c)[0]", "max_nesting"),
    ("c = count()\nfor i in range(5000):\n    c = map(abs, c)", "max_nesting"),
    ("c = count()\nfor i in range(5000):\n    c = chain(zip(c))", "max_nesting"),
    ("t = ()\nfor i in range(5000):\n    t = next(product([t]))", "max_nesting"),
    ("t = ()\nfor i in range(5000):\n    t = next(zip_longest([t]))", "max_nesting"),
    ("t = ()\nfor i in range(5000):\n    t = next(pairwise([t, t]))", "max_nesting"),
    ("t = ()\nfor i in range(5000):\n    t = next(permutations([t]))", "max_nesting"),
    ("t = ()\nfor i in range(5000):\n    t = next(groupby([1], key=lambda v: t))[0], 1", "max_nesting"),
]


@pytest.mark.parametrize("source,limit", BOUNDED)
def test_itertools_stays_within_the_limits(source, limit):
    limits.configure(max_iterations=10 ** 5, max_elements=10 ** 6)
    try:
        with pytest.raises(GradcliError) as error:
            api.run_script(I + source)
    finally:
        limits.reset()
    assert error.value.kind == "LimitError" and getattr(error.value, "limit", None) == limit, str(error.value)
    assert error.value.position is not None


def test_each_item_ticks_the_budget_by_the_elements_it_makes():
    limits.configure(max_iterations=1000)
    try:
        assert api.run_script(I + "print(len(list(islice(count(), 490))))") == "490\n"  # 490 of each
        assert api.run_script(I + "print(len(list(product(range(10), repeat=2))))") == "100\n"  # 200 steps
        with pytest.raises(GradcliError, match="runs too long"):
            api.run_script(I + "print(len(list(product(range(10), repeat=3))))")  # 1000 tuples of 3
    finally:
        limits.reset()


DOORS = [  # what a script's itertools values hold, or CPython's way to their state: never reached
    "count().__reduce__()", "count().__setstate__", "count().inputs", "count().nested_parts()", "tee([1])[0]._inner",
    "next(groupby([1]))[1]._inner", "chain.from_iterable.__self__", "chain.from_iterable.function", "tee.function",
    "product.__new__", "count.__bases__", "count.__mro__", "type(count()).__subclasses__", "count.from_iterable",
    "product.mro()", "getattr(cycle('a'), '__reduce_ex__')", "type(tee('a')[0])('a', 1)", "islice.__next__",
    "accumulate([1]).__setstate__", "repeat(1).__length_hint__()", "type(next(groupby('a'))[1])('a')",
]


@pytest.mark.parametrize("expression", DOORS)
def test_itertools_internals_stay_out_of_reach(expression):
    with pytest.raises(GradcliError) as error:
        api.run_script(I + "print(%s)" % expression)
    assert error.value.kind in ("AttributeError", "TypeError") and error.value.position is not None


@pytest.mark.parametrize("source", ["class C(itertools.count):\n    pass", "itertools.count.x = 1",
                                    "c = count()\nc.inputs = ()", "itertools.chain.from_iterable = print",
                                    "from itertools import batched", "import itertools.chain"])
def test_itertools_classes_are_neither_subclassed_nor_changed(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(I + source)
    assert error.value.kind in ("TypeError", "AttributeError", "ImportError", "ModuleNotFoundError")
