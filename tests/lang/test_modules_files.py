"""pathlib, zipfile, datetime and pprint as a script has them (lang.sandbox.paths, system, stdlib): Path is a
string's path operations over the run's own files (torch.save's) and directories (mkdir's), zipfile finds no
archive, datetime reads the clock as time.time() does; nothing reaches the host's files, and a run's directories
end with it. The printed answers are Python 3.11's and torch 2.13's (recorded with /work/torchenv on this machine,
run in an empty folder)."""

import os

import pytest

from gradcli.app import api
from gradcli.base.errors import GradcliError

PRELUDE = "import torch\nimport datetime\nimport zipfile\nimport pprint\nfrom pathlib import Path\np = Path('models')\n"

HOST_FILES = [  # what pathlib, zipfile, datetime and pprint have that reads or writes files, or Python's objects
    "p.read_text()", "p.write_text('x')", "p.open()", "p.unlink()", "p.iterdir()", "p.resolve()",
    "Path.cwd()", "Path.home()", "p.absolute()", "p.stat()", "p.touch()", "p.rename('x')", "p.rmdir()",
    "p.expanduser()", "p.chmod(0)", "p._text", "p.__fspath__()", "p.__class__.__mro__", "Path.__init__",
    "zipfile.ZipFile('/etc/hostname')", "zipfile.ZipFile('x.zip', 'w')", "zipfile.Path", "zipfile.sys",
    "zipfile.ZipFile.__globals__", "datetime.datetime.kind", "datetime.datetime.strptime", "datetime.sys",
    "datetime.timedelta.max", "datetime.datetime.now().tzinfo.__class__.__dict__", "pprint.PrettyPrinter",
    "pprint.pprint(1, stream=print)", "pprint.pformat([1], indent=10**9)", "pprint.pprint.__globals__",
    "pprint.pformat.__module__",
]


@pytest.mark.parametrize("source", HOST_FILES)
def test_nothing_reaches_the_hosts_files(source):
    with pytest.raises(GradcliError) as error:
        api.run_script(PRELUDE + "print(%s)\n" % source)
    assert error.value.position is not None and error.value.position.line == PRELUDE.count("\n") + 1


def test_paths_are_the_runs_own(tmp_path):
    source = PRELUDE + (
        "q = p / 'm.pth'\nprint(p, repr(p), p.exists(), Path('/etc/hostname').exists(), Path('/etc').is_dir())\n"
        "p.mkdir(parents=True, exist_ok=True)\n"
        "print(q, q.name, q.stem, q.suffix, q.parent, q.exists(), p.is_dir(), f'{q}', Path('a/b/../c.tar.gz').suffixes)\n"
        "torch.save({'a': torch.ones(2)}, q)\nprint(q.exists(), q.is_file(), torch.load(q), type(q))\n"
        "print(Path('/x/y').parts, Path('a') / Path('b'), 'x' / Path('y'), q.with_suffix('.pt'))\n"
        "for make in (lambda: zipfile.ZipFile('data.zip'), lambda: zipfile.ZipFile(q), lambda: Path('a/b').mkdir(),\n"
        "             lambda: p.mkdir()):\n    try:\n        make()\n    except Exception as e:\n"
        "        print(type(e).__name__, e)\n")
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        out = api.run_script(source)
        again = api.run_script(PRELUDE + "print(p.exists())\n")
    finally:
        os.chdir(before)
    assert list(tmp_path.iterdir()) == []  # no folder made on the host
    assert again == "False\n"  # the next run starts without the directory
    # Python 3.11 and torch 2.13 print the same in an empty folder, but for the host's /etc (which a script does
    # not see: False False where Python prints True True) and the saved file, which for torch is a zip archive
    # (zipfile.ZipFile(q) opens it, printing nothing) and for gradcli a kept copy (said so: NotImplementedError)
    assert out == (
        "models PosixPath('models') False False False\n"
        "models/m.pth m.pth m .pth models False True models/m.pth ['.tar', '.gz']\n"
        "True True {'a': tensor([1., 1.])} <class 'pathlib.PosixPath'>\n"
        "('/', 'x', 'y') a/b x/y models/m.pt\n"
        "FileNotFoundError [Errno 2] No such file or directory: 'data.zip'\n"
        "NotImplementedError gradcli's torch.save keeps a copy of the object, not a zip archive: zipfile cannot "
        "open 'models/m.pth'\n"
        "FileNotFoundError [Errno 2] No such file or directory: 'a/b'\n"
        "FileExistsError [Errno 17] File exists: 'models'\n")


def test_glob_lists_the_runs_own_files_and_directories_only(tmp_path):
    (tmp_path / "host.pt").write_text("")  # a file of the host's, in the folder the script runs in
    source = PRELUDE + (
        "Path('runs/a').mkdir(parents=True)\nfor name in ('runs/a/m.pt', 'runs/top.pt', 'x.pt'):\n"
        "    torch.save(torch.ones(1), name)\n"
        "print(sorted(Path('runs').glob('*')), sorted(Path('runs').glob('*.pt')), sorted(Path('.').glob('*.pt')))\n"
        "print(sorted(Path('runs').rglob('*.pt')), sorted(Path('.').glob('**/m.*')),\n"
        "      list(Path('cats').glob('*.jpg')))\n"
        "print(sorted(Path('/').glob('*')), Path('b') > Path('a/z'), sorted([Path('a/b'), Path('a')]))\n"
        "print(sorted(Path('.').glob('**')), list(Path('.').glob('**/' * 3000 + 'x')))\n")
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        out = api.run_script(source)
    finally:
        os.chdir(before)
    # what Python 3.11 prints in an empty folder, but for the host's root and file (Python lists them, not gradcli)
    assert out == (
        "[PosixPath('runs/a'), PosixPath('runs/top.pt')] [PosixPath('runs/top.pt')] [PosixPath('x.pt')]\n"
        "[PosixPath('runs/a/m.pt'), PosixPath('runs/top.pt')] [PosixPath('runs/a/m.pt')] []\n"
        "[] True [PosixPath('a'), PosixPath('a/b')]\n"
        "[PosixPath('.'), PosixPath('runs'), PosixPath('runs/a')] []\n")


def test_datetime_reads_the_clock_and_pprint_prints_as_pythons():
    out = api.run_script(PRELUDE + (
        "start = datetime.datetime.now()\nd = datetime.datetime(2020, 1, 2, 3, 4, 5) - datetime.datetime(2020, 1, 1)\n"
        "print(type(start), start.year >= 2026, (datetime.datetime.now() - start).total_seconds() >= 0)\n"
        "print(d, d.total_seconds(), datetime.date(2020, 5, 1).strftime('%Y/%m/%d'), datetime.timedelta(days=2))\n"
        "from collections import OrderedDict\n"
        "pprint.pprint(OrderedDict([('linear_layer.weight', torch.tensor([[0.7645]])), "
        "('linear_layer.bias', torch.tensor([0.8300]))]))\n"
        "pprint.pprint({'b': list(range(30)), 'a': 1})\npprint.pp({'b': 1, 'a': 2})\n"))
    assert out == (
        "<class 'datetime.datetime'> True True\n1 day, 3:04:05 97445.0 2020/05/01 2 days, 0:00:00\n"
        "OrderedDict([('linear_layer.weight', tensor([[0.7645]])),\n"
        "             ('linear_layer.bias', tensor([0.8300]))])\n"
        "{'a': 1,\n 'b': [0,\n       1,\n" + "".join("       %d,\n" % i for i in range(2, 29)) + "       29]}\n"
        "{'b': 1, 'a': 2}\n")


TIMEIT_DOORS = [  # a refused import in text, globals, the Timer's insides, loops without end (in code and in text)
    "timeit.timeit('import os')", "timeit.timeit('while True: pass', number=1)", "timeit.timeit(f, setup='import os')",
    "timeit.timeit(f, globals={})", "timeit.Timer(f)._stmt", "timeit.Timer(f)._timer", "timeit.Timer.__init__",
    "timeit.timeit(int, number=10 ** 12)", "timeit.Timer(int).repeat(10 ** 6, 10 ** 6)", "timeit.template",
    "timeit.main()", "timeit.timeit.__globals__",
]


@pytest.mark.parametrize("source", TIMEIT_DOORS)
def test_timeit_runs_callables_only_and_under_the_budget(source):
    from gradcli.core import limits
    limits.configure(max_iterations=10 ** 5)
    try:
        with pytest.raises(GradcliError) as error:
            api.run_script("import timeit\ndef f():\n    return 1\nprint(%s)\n" % source)
    finally:
        limits.reset()
    assert error.value.kind in ("NotImplementedError", "AttributeError", "LimitError"), str(error.value)


def test_timeit_times_a_callable():
    out = api.run_script("import timeit\nimport torch\nx = torch.ones(10)\ndef f():\n    return x + 1\n"
                         "t = timeit.timeit(f, number=100)\nprint(t > 0, type(t))\n"
                         "print(len(timeit.Timer(lambda: x * 2).repeat(3, 10)), timeit.default_timer() > 0,"
                         " timeit.timeit('pass', number=5) >= 0)\n")
    assert out == "True <class 'float'>\n3 True True\n"  # (as Python 3.11 prints)
