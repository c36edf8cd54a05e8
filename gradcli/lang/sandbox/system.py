"""The parts of Python's `time`, `datetime`, `sys`, `os` and `warnings` that learner scripts use and that cannot reach
the host.

- time: the clocks (time.time(), perf_counter(), ...), read as Python reads them: a script timing itself prints
  a measured number, different from run to run (time.sleep is not offered: a script cannot make a host wait).
- datetime: datetime.now()/today(), date.today(), timedelta and their values' fields, read as time.time() is.
- timeit: timeit(), repeat(), Timer and default_timer, of callables or of code in strings (compiled by the
  script's compiler, as the script's own code), each run ticking the run's budget.
- sys: what describes the Python running (version, platform, maxsize, float_info), sys.stdout's write() and
  flush() on the run's output, and `sys.path`, a list whose
  changes do nothing: gradcli imports only its own modules, so `sys.path.append('..')` has nothing to find.
- os: os.path's functions of strings (join, basename, splitext, ...; never of files) and `os.environ`, the run's
  own mapping: it starts empty (a script never reads the host's environment) and what a script sets stays in it.
- warnings: warn() through the run's warnings, and filterwarnings()/simplefilter() for the run's own filters.
- a module's attribute a script sets (`torch.pi = torch.acos(torch.zeros(1)) * 2`, as d2l's appendix does) is
  the run's own: the modules every run shares stay as they are.
- importlib.metadata: version(name), the installed version of a package as Python's packaging knows it. A script
  runs in gradcli's world, where torch is the CPU build gradcli behaves as ("2.13.0+cpu") and no other package
  is installed: version("tiktoken") raises PackageNotFoundError, as Python does for a package it lacks.
Every other member of these modules, and every other module of Python's standard library, is refused by name
(namespace, compiler): "gradcli does not give access to 'os.listdir'".
"""

import builtins
import datetime
import importlib
import os
import re
import sys
import textwrap
import time

from ...base import errors, runstate

# ---------------------------------------------------------------- time
_CLOCKS = ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time",
           "process_time_ns")


def time_members():
    members = {name: getattr(time, name) for name in _CLOCKS}
    members.update(ctime=_ctime, strftime=_strftime)
    return members


def _ctime(seconds=None):
    return time.ctime(seconds)


def _strftime(format, t=None):
    if not isinstance(format, str):
        raise errors.type_error("strftime() argument 1 must be str, not %s" % type(format).__name__)
    if t is not None:
        raise errors.type_error("gradcli's time.strftime takes the format only (the local time now)")
    check_time_format(format)
    return time.strftime(format)


_LONGEST_FIELD = 64  # characters one %-field of strftime writes at most (%c 24; a time zone's name)


def check_time_format(format):
    """strftime's result is sized before it is made: `'%c' * 10**7` writes 24 characters for each 2."""
    if isinstance(format, str):
        from ...core.limits import check_length
        check_length(len(format) + format.count("%") * _LONGEST_FIELD, "the string")


# ---------------------------------------------------------------- timeit
def runs(stmt, what, namespace, filename="<timeit-src>"):
    """timeit's `stmt` or `setup` as a callable: a callable itself, or code in a string compiled by the script's
    own compiler (never Python's) and run in `namespace`."""
    if isinstance(stmt, str):
        text = textwrap.dedent(stmt).strip("\n")
        if text.strip() in ("", "pass"):
            return lambda: None
        run_text = runstate.current().run_text
        if run_text is None:  # (no script running: nothing to compile the text as)
            raise errors.GradcliError("gradcli's timeit runs code in a string only in a script", "NotImplementedError")
        return run_text(text, namespace, filename)
    if not callable(stmt):
        raise errors.value_error("%s is neither a string nor callable" % what)
    return stmt


class Timer:
    """timeit.Timer of a callable or of code in strings (setup and stmt share one namespace, which starts as
    `globals`' copy, or empty: `from __main__ import f` brings the script's names): each of its `number` runs
    ticks the run's budget (one step of a loop the library runs for the script), so a script cannot make timeit
    run for ever."""

    def __init__(self, stmt="pass", setup="pass", timer=time.perf_counter, globals=None):
        namespace = dict(globals or {})
        self._stmt, self._setup = runs(stmt, "stmt", namespace), runs(setup, "setup", namespace)
        self._timer = timer

    def timeit(self, number=1000000):
        from ...core import limits
        self._setup()
        start = self._timer()
        for _ in range(number):
            limits.tick()
            self._stmt()
        return self._timer() - start

    def repeat(self, repeat=5, number=1000000):
        return [self.timeit(number) for _ in range(repeat)]


def _timeit(stmt="pass", setup="pass", timer=time.perf_counter, number=1000000, globals=None):
    return Timer(stmt, setup, timer, globals).timeit(number)


def _repeat(stmt="pass", setup="pass", timer=time.perf_counter, repeat=5, number=1000000, globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)


def timeit_members():
    return {"timeit": _timeit, "repeat": _repeat, "Timer": Timer, "default_timer": time.perf_counter}


TIMEIT_VALUE_MEMBERS = {Timer: frozenset(("timeit", "repeat"))}


# ---------------------------------------------------------------- datetime
class DateTimeClass:
    """datetime.datetime or datetime.date as a script has it: its clocks (now(), today(), fromtimestamp()), read as
    time.time() is, and calling it makes one; not the class itself (whose other members a script does not need)."""

    __slots__ = ("kind",)

    def __init__(self, kind):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        return self.kind(*args, **kwargs)

    def __repr__(self):
        return "<class 'datetime.%s'>" % self.kind.__name__

    def now(self, tz=None):
        return self.kind.now(tz)

    def today(self):
        return self.kind.today()

    def fromtimestamp(self, timestamp, *tz):
        return self.kind.fromtimestamp(timestamp, *tz)


DateTimeClass.__name__ = "type"  # (what Python's messages call a class)


def datetime_members():
    return {"datetime": DateTimeClass(datetime.datetime), "date": DateTimeClass(datetime.date),
            "timedelta": datetime.timedelta, "MINYEAR": datetime.MINYEAR, "MAXYEAR": datetime.MAXYEAR}


_DATE = frozenset(("year", "month", "day", "strftime", "isoformat", "weekday", "isoweekday", "toordinal"))
DATETIME_VALUE_MEMBERS = {
    DateTimeClass: frozenset(("now", "today", "fromtimestamp")),
    datetime.date: _DATE,
    datetime.datetime: _DATE | {"hour", "minute", "second", "microsecond", "timestamp", "date", "time"},
    datetime.time: frozenset(("hour", "minute", "second", "microsecond", "isoformat", "strftime")),
    datetime.timedelta: frozenset(("days", "seconds", "microseconds", "total_seconds")),
}


# ---------------------------------------------------------------- sys
class SysPath(list):
    """sys.path as a script sees it: a list whose changes do nothing (gradcli imports from no folder)."""

    def _nothing(self, *args):
        return None

    append = insert = extend = remove = clear = _nothing


class StandardOutput:
    """sys.stdout as a script sees it: write() and flush() on the run's output, nothing else of the host's file."""

    def write(self, text):
        if not isinstance(text, str):
            raise errors.type_error("write() argument must be str, not %s" % type(text).__name__)
        state().write(text)
        return len(text)

    def flush(self):
        return None

    def __repr__(self):
        return "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>"


StandardOutput.__name__ = "TextIOWrapper"  # what Python's messages call it


def sys_members():
    return {"stdout": StandardOutput(), "version": sys.version, "version_info": sys.version_info, "platform": sys.platform,
            "maxsize": sys.maxsize, "byteorder": sys.byteorder, "path": SysPath(), "float_info": sys.float_info}


# what a script may read on sys's values
SYS_VALUE_MEMBERS = {
    StandardOutput: frozenset(("write", "flush")),
    SysPath: frozenset(("append", "insert", "extend", "remove", "clear", "index", "count", "copy")),
    type(sys.version_info): frozenset(("major", "minor", "micro", "releaselevel", "serial")),
    type(sys.float_info): frozenset(("max", "min", "epsilon", "dig", "mant_dig", "max_exp", "min_exp")),
}


# ---------------------------------------------------------------- os
_PATH_FUNCTIONS = ("join", "basename", "dirname", "split", "splitext", "normpath", "isabs")


def os_path_members():
    return {name: _sized(getattr(os.path, name)) for name in _PATH_FUNCTIONS} | {"sep": os.sep}


def _sized(function):
    """os.path's `function`, its result (at most its strings and a separator each) sized before it is made:
    os.path.join of 200 strings of 10**6 characters."""
    def path_function(*args):
        from ...core.limits import check_length
        check_length(sum(len(arg) + 1 for arg in args if isinstance(arg, str)), "the path")
        return function(*args)
    path_function.__name__ = path_function.__qualname__ = function.__name__
    path_function.__doc__ = function.__doc__
    return path_function


def os_members():
    return _OsMembers(sep=os.sep, linesep=os.linesep, name=os.name, environ=None)  # (environ: _OsMembers)


# ---------------------------------------------------------------- warnings
_ACTIONS = ("default", "error", "ignore", "always", "all", "module", "once")


class SystemState:
    """A run's own os.environ, warning filters and output for sys.stdout: its base.runstate.RunState's `system`
    (the interpreter's session makes one; a thread outside any run gets its own)."""

    def __init__(self, write=None):
        self.write = write or (lambda text: None)
        self.environ = {}
        self.directories = set()  # what Path.mkdir made (lang.sandbox.paths): the run's own, as its files are
        self.filters = []  # (action, compiled message pattern, category), the newest first, as Python keeps them
        self.module_attributes = {}  # (module name, name) -> what the script set (`torch.pi = ...`): its own

    def action(self, message, category):
        """What the run's filters say of a warning (category: the class's name, e.g. "UserWarning")."""
        kind = getattr(builtins, category, Warning)
        for action, pattern, filtered in self.filters:
            if pattern.match(message) and issubclass(kind, filtered):
                return action
        return "default"


# every (module name, name) some run has set: a module's attribute is looked up in the run's own only then
ASSIGNED = set()


def set_module_attribute(module_name, name, value):
    """`torch.pi = value`: the running script's own, never the module every run shares."""
    ASSIGNED.add((module_name, name))
    state().module_attributes[module_name, name] = value


def state():
    """The running script's SystemState (its run state's)."""
    run = runstate.current()
    if run.system is None:
        run.system = SystemState()
    return run.system


class _OsMembers(dict):
    """os's members: environ is the running script's own, read from its state at each access."""

    def __getitem__(self, name):
        return state().environ if name == "environ" else dict.__getitem__(self, name)

    def get(self, name, default=None):
        return self[name] if name in self else default


def _filter(action, message, category, append):
    if action not in _ACTIONS:
        raise errors.GradcliError("invalid action: %r" % (action,), "AssertionError")
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise errors.GradcliError("category must be a Warning subclass", "AssertionError")
    entry = (action, re.compile(message, re.I), category)
    filters = state().filters
    if entry in filters:  # (Python moves a filter given again to the front)
        filters.remove(entry)
    if append:
        filters.append(entry)
    else:
        filters.insert(0, entry)


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    if not isinstance(message, str):
        raise errors.GradcliError("message must be a string", "AssertionError")
    _filter(action, message, category, append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    _filter(action, "", category, append)


def resetwarnings():
    state().filters.clear()


def warn(message, category=None, stacklevel=1):
    if isinstance(message, Warning):
        category, message = type(message), str(message)
    category = UserWarning if category is None else category
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise errors.type_error("category must be a Warning subclass, not '%s'" % type(category).__name__)
    errors.warn(str(message), category.__name__)


def warnings_members():
    return {"warn": warn, "filterwarnings": filterwarnings, "simplefilter": simplefilter,
            "resetwarnings": resetwarnings}



# ---------------------------------------------------------------- importlib.metadata
def metadata_members(torch_version, package_not_found):
    """importlib.metadata's members: version() knows torch's version (the build gradcli behaves as) only."""
    def version(distribution_name):
        if not isinstance(distribution_name, str):
            raise errors.type_error("expected string or bytes-like object, got '%s'" % type(distribution_name).__name__)
        if distribution_name.lower().replace("_", "-") == "torch":
            return torch_version
        raise errors.GradcliError("No package metadata was found for %s" % distribution_name, "PackageNotFoundError")
    return {"version": version, "PackageNotFoundError": package_not_found}


# the host's modules whose other members are refused by name, and Python's other modules, refused as a whole
class _Members:
    """The member names of a host module not imported here (importlib.metadata takes milliseconds to import)."""

    def __init__(self, *names):
        self.__dict__.update(dict.fromkeys(names))


HOST = {"time": time, "sys": sys, "os": os, "os.path": os.path, "importlib": importlib,
        "importlib.metadata": _Members("distribution", "distributions", "metadata", "entry_points", "files",
                                       "requires", "packages_distributions", "Distribution", "PathDistribution",
                                       "DistributionFinder", "EntryPoint", "EntryPoints", "PackageMetadata")}
STANDARD_LIBRARY = frozenset(getattr(sys, "stdlib_module_names", ()))
