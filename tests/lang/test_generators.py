"""Generator functions beyond what the golden scripts show (tests/corpora/language/generators, recorded under
torch 2.13 / CPython 3.11.7 and judged by tests/corpora/test_corpora.py): the errors where gradcli stops short of
CPython, and the safety of the generator object. A generator is run code: every resume ticks the iteration
budget and counts as a call, nothing of its frame or code is reachable, and none of its code runs in the host
once its run has ended."""

import gc
import threading

import pytest

from gradcli.app import api
from gradcli.app.session import Session
from gradcli.base.errors import GradcliError

GEN = "def gen():\n    try:\n        yield 1\n        yield 2\n    finally:\n        print('cleanup')\ng = gen()\n"


def _error(source):
    with pytest.raises(GradcliError) as caught:
        api.run_script(source, "<gen>")
    return caught.value


@pytest.mark.parametrize("source, line, column, words", [
    # a yield that runs only sometimes: CPython runs these, gradcli refuses them in its words, at the yield
    ("def g(flag):\n    x = flag and (yield 1)", 2, 19, "gradcli does not support 'yield' here"),
    ("def g(a):\n    return (yield) if a else 0", 2, 13, "outside `and`, `or` and `... if ... else ...`"),
    ("def g():\n    while (yield):\n        pass", 2, 12, "gradcli does not support 'yield' here"),
    ("def g():\n    f = lambda: 1 + (yield)\n    yield f", 2, 22, "gradcli does not support 'yield' here"),
])
def test_yields_gradcli_does_not_run_are_refused_where_they_stand(source, line, column, words):
    error = _error(source)
    assert (error.kind, error.position.line, error.position.column) == ("SyntaxError", line, column)
    assert words in error.message


@pytest.fixture
def budget():
    from gradcli.core import limits
    yield lambda n: limits.configure(max_iterations=n)
    limits.reset()


@pytest.mark.parametrize("consumer", ["list(g)", "sum(g)", "max(g)", "set(g)", "next(x for x in g if x < 0)"])
def test_the_iteration_budget_stops_an_endless_generator_read_by_library_code(consumer, budget):
    """list() and sum() read a generator from C, outside any loop of the script."""
    budget(10 ** 4)
    error = _error("def forever():\n    while True:\n        yield 1\ng = forever()\n%s\n" % consumer)
    assert error.kind == "LimitError" and "runs too long" in error.message


def test_every_resume_is_a_tick(budget):
    budget(3)  # the call of one(), then its three resumes: the third is over the budget
    source = "def one():\n    yield 1\ng = one()\nnext(g)\nprint(next(g, 'end'))\nnext(g, None)\n"
    out = []
    with pytest.raises(GradcliError) as caught:
        api.run_script(source, write=out.append)
    assert caught.value.kind == "LimitError" and caught.value.position.line == 6 and "".join(out) == "end\n"


@pytest.mark.parametrize("body", [
    "def r(n):\n    yield n\n    yield from r(n + 1)\nfor v in r(0):\n    pass",
    "def r(n):\n    for v in r(n + 1):\n        yield v\nlist(r(0))",
    "def r():\n    g = r()\n    yield next(g)\nnext(r())",
])
def test_deep_recursion_through_generators_is_a_clean_recursion_error(body):
    error = _error(body)
    assert error.kind == "RecursionError" and error.position is not None


def test_the_recursion_limit_through_generators_is_not_caught_by_the_script():
    error = _error("def r(n):\n    yield from r(n + 1)\ntry:\n    list(r(0))\nexcept RecursionError:\n"
                   "    print('caught')\n")
    assert error.kind == "RecursionError" and error.limit is not None


@pytest.mark.parametrize("name", ["gi_frame", "gi_code", "gi_yieldfrom", "gi_running", "gi_suspended", "ag_frame",
                                  "cr_frame", "cr_code"])
def test_a_generators_internals_are_withheld_in_gradclis_words(name):
    error = _error(GEN + "g.%s\n" % name)
    assert (error.kind, error.message) == ("AttributeError", "gradcli does not give access to '%s'" % name)
    assert error.position.line == 8


@pytest.mark.parametrize("source", [
    "g.__next__", "g.__class__.__mro__", "g.send.__self__", "g.close.__func__", "getattr(g, 'gi_frame')",
    "getattr(g, '__next__')", "g.__del__", "g._gen", "g._context", "gen.body", "gen.__code__", "type(g)('x')",
    "g.send.__globals__", "dir(g)[0].__class__.__mro__",
])
def test_no_door_from_a_generator_to_python(source):
    error = _error(GEN + "print(%s)\n" % source)
    assert error.kind in ("AttributeError", "TypeError") and error.position is not None


def test_dir_of_a_generator_lists_what_a_script_may_call():
    assert api.run_script("def g():\n    yield 1\nprint(dir(g()))\n") == "['__class__', 'close', 'send', 'throw']\n"


def test_a_generator_left_suspended_runs_no_script_code_after_its_run():
    """Its finally block, with exits and `except GeneratorExit` ran on close during the run; once run_script has
    returned, collecting the generator (or a cycle holding it) prints nothing and changes no state."""
    written = []
    source = GEN + (
        "next(g)\n"
        "import torch\n"
        "def managed():\n    with torch.no_grad():\n        yield 1\n"
        "m = managed()\nnext(m)\n"
        "def stubborn():\n    try:\n        yield 1\n    except GeneratorExit:\n        print('seen')\n"
        "s = stubborn()\nnext(s)\n"
        "cycle = [g, m, s]\ncycle.append(cycle)\n")
    api.run_script(source, write=written.append)
    assert written == []
    gc.collect()
    assert written == []


def test_a_generator_left_suspended_keeps_the_hosts_grad_mode():
    """Its `with torch.enable_grad()` is not left in the host: the host's grad mode stays what the host set."""
    from gradcli.base import grad_mode
    api.run_script("import torch\ndef managed():\n    with torch.enable_grad():\n        yield 1\n"
                   "m = managed()\nnext(m)\nkeep = [m]\nkeep.append(keep)\n")
    with grad_mode.no_grad():
        gc.collect()
        assert not grad_mode.is_grad_enabled()


def test_a_generator_collected_during_its_run_runs_its_cleanup_as_cpython():
    assert api.run_script(GEN + "next(g)\ng = None\nprint('after')\n") == "cleanup\nafter\n"


def test_a_generator_that_reaches_the_host_does_not_run_there():
    written = []
    session = Session(written.append)
    session.run("def gen():\n    try:\n        yield 1\n    finally:\n        print('cleanup')\n"
                "fresh, started = gen(), gen()\nnext(started)\n", "<session>")
    for name in ("fresh", "started"):
        with pytest.raises(GradcliError) as caught:
            next(session.variables[name])
        assert caught.value.message == "a generator of a script runs only while its script runs"
    session.variables["started"].close()
    assert written == []


def test_a_session_resumes_its_generators_in_later_inputs():
    written = []
    session = Session(written.append)
    session.run("def count():\n    n = 0\n    while True:\n        yield n\n        n += 1\nc = count()\n", "<s>")
    for _ in range(3):
        session.execute("next(c)")
    session.execute("c.close()\nprint(next(c, 'closed'))")
    assert "".join(written) == "0\n1\n2\nclosed\n"


def test_generators_in_two_threads_are_each_their_runs():
    source = "def g(n):\n    for i in range(n):\n        yield i\nprint(sum(g(%d)))\n"
    results = {}

    def run(n):
        results[n] = api.run_script(source % n)
    threads = [threading.Thread(target=run, args=(n,)) for n in (1000, 2000)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {1000: "499500\n", 2000: "1999000\n"}


def test_a_script_iterators_close_is_not_called_by_yield_from_after_the_run():
    written = []
    api.run_script("class It:\n    def __iter__(self):\n        return self\n    def __next__(self):\n        return 1\n"
                   "    def close(self):\n        print('closed')\n"
                   "def g():\n    yield from It()\nkeep = g()\nnext(keep)\n", write=written.append)
    gc.collect()
    assert written == []
