"""pathlib's Path and zipfile for scripts, over the run's own files (what torch.save kept, torchlib.serialization)
and the directories the run made: a script reaches no file of the host.

A Path is a string's path operations (`/`, name, stem, suffix, parent, with_suffix, ...; posixpath's, as a Linux
torch shows them: `PosixPath('models')`); mkdir() makes a directory of the run, exists()/is_file()/is_dir() answer
for the run's files and directories, glob()/rglob() list those that match, torch.save(obj, path) and
torch.load(path) take one. What would read or write the host's files (open, read_text, iterdir, unlink, ...) is
refused by name. zipfile.ZipFile of a path finds no
zip archive among the run's files: Python's FileNotFoundError, as on a machine without that file (torch.save's
own files, zip archives in torch, are copies of objects here: NotImplementedError).
"""

import operator
import posixpath

from ...base import errors
from ...core.limits import check_length
from . import system

# what a script may read on a Path (PATH_MEMBERS) and pathlib's names refused by name (the rest reach files)
PATH_MEMBERS = frozenset(("name", "stem", "suffix", "suffixes", "parent", "parts", "joinpath", "with_suffix",
                          "with_name", "is_absolute", "as_posix", "mkdir", "exists", "is_file", "is_dir", "glob",
                          "rglob"))


class Path:
    """pathlib.Path as a script has it (see the module's docstring)."""

    __slots__ = ("_text",)

    def __init__(self, *parts):
        texts = []
        for part in parts:
            if not isinstance(part, (str, Path)):
                raise errors.type_error("argument should be a str or an os.PathLike object where __fspath__ returns "
                                        "a str, not '%s'" % type(part).__name__)
            texts.append(str(part))
        check_length(sum(len(text) + 1 for text in texts), "the path")  # (`p / p / p` of a long p doubles it)
        joined = posixpath.join(*texts) if texts else "."
        self._text = _normal(joined)

    def __str__(self):
        return self._text

    def __fspath__(self):
        return self._text

    def __repr__(self):
        return "PosixPath(%r)" % self._text

    def __eq__(self, other):
        return isinstance(other, Path) and other._text == self._text

    def __hash__(self):
        return hash(self._text)

    def _ordered(compare):
        """<, <=, >, >= as pathlib's: by the parts (sorted(p.glob('*')))."""
        def ordered(self, other):
            return compare(self.parts, other.parts) if isinstance(other, Path) else NotImplemented
        return ordered

    __lt__, __le__, __gt__, __ge__ = _ordered(operator.lt), _ordered(operator.le), _ordered(operator.gt), \
        _ordered(operator.ge)
    del _ordered

    def __truediv__(self, other):
        if not isinstance(other, (str, Path)):
            return NotImplemented
        return Path(self, other)

    def __rtruediv__(self, other):
        if not isinstance(other, str):
            return NotImplemented
        return Path(other, self)

    @property
    def name(self):
        return posixpath.basename(self._text) if self._text not in (".", "/") else ""

    @property
    def suffix(self):
        name = self.name
        dot = name.rfind(".")
        return name[dot:] if 0 < dot < len(name) - 1 else ""

    @property
    def suffixes(self):
        name = self.name
        return [] if name.endswith(".") else ["." + s for s in name.lstrip(".").split(".")[1:]]

    @property
    def stem(self):
        suffix = self.suffix
        return self.name[:-len(suffix)] if suffix else self.name

    @property
    def parent(self):
        head = posixpath.dirname(self._text)
        return Path(head or ".")

    @property
    def parts(self):
        if self._text == ".":
            return ()
        pieces = tuple(p for p in self._text.split("/") if p)
        return ("/",) + pieces if self._text.startswith("/") else pieces

    def joinpath(self, *others):
        return Path(self, *others)

    def with_suffix(self, suffix):
        if suffix and (not suffix.startswith(".") or suffix == "." or "/" in suffix):
            raise errors.value_error("Invalid suffix %r" % suffix)
        return self.with_name(self.stem + suffix)

    def with_name(self, name):
        if not self.name:
            raise errors.value_error("%r has an empty name" % self)
        return Path(posixpath.dirname(self._text) or ".", name)

    def is_absolute(self):
        return self._text.startswith("/")

    def as_posix(self):
        return self._text

    # ------------------------------------------------------------ the run's own files and directories
    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        made = system.state().directories
        if self.exists():
            if exist_ok and self.is_dir():
                return None
            raise errors.GradcliError("[Errno 17] File exists: %r" % self._text, "FileExistsError")
        if not self.parent.is_dir():
            if not parents:
                raise errors.GradcliError("[Errno 2] No such file or directory: %r" % self._text, "FileNotFoundError")
            self.parent.mkdir(parents=True, exist_ok=True)
        made.add(self._text)
        return None

    def is_dir(self):
        return self._text in (".", "/") or self._text in system.state().directories

    def is_file(self):
        return self._text in _files()

    def exists(self):
        return self.is_file() or self.is_dir()

    def glob(self, pattern):
        """The run's own files and directories under this one that `pattern` matches, part by part (`*` within a
        part, `**` any number of directories), as pathlib's; sorted (pathlib's order is the directory's)."""
        if not isinstance(pattern, str) or not pattern:
            raise errors.value_error("Unacceptable pattern: %r" % (pattern,))
        if pattern.startswith("/"):
            raise errors.GradcliError("Non-relative patterns are unsupported", "NotImplementedError")
        wanted = [part for part in pattern.split("/") if part not in ("", ".")]
        base = () if self._text == "." else tuple(self._text.split("/"))
        directories = system.state().directories
        entries = directories if wanted[-1:] == ["**"] else set(_files()) | directories  # (`**` last: directories)
        found = [self] if self.is_dir() and _matches((), wanted) else []  # (`**` matches no part too)
        for entry in sorted(entries):
            parts = tuple(_normal(entry).split("/"))
            if parts[:len(base)] == base and len(parts) > len(base) and _matches(parts[len(base):], wanted):
                found.append(Path(entry))
        return iter(found)

    def rglob(self, pattern):
        return self.glob("**/" + pattern if isinstance(pattern, str) else pattern)


Path.__module__ = "pathlib"
Path.__qualname__ = Path.__name__ = "PosixPath"  # (what type(p) and Python's messages call it on Linux)


def _normal(text):
    """pathlib's spelling of a path: no '.' parts, no doubled or trailing '/' (a '..' is kept, as pathlib keeps it)."""
    absolute = text.startswith("/")
    parts = [p for p in text.split("/") if p not in ("", ".")]
    joined = "/".join(parts)
    return ("/" + joined) if absolute else (joined or ".")


def _matches(parts, pattern):
    """Whether the path `parts` match the glob `pattern` parts (`**`: zero or more parts), in steps of one part
    times one pattern part (a pattern of many `**` tries no more)."""
    import fnmatch
    ends = {0}  # how many parts the pattern so far can have matched
    for piece in pattern:
        if piece == "**":
            ends = set(range(min(ends), len(parts) + 1)) if ends else ends
        else:
            ends = {end + 1 for end in ends if end < len(parts) and fnmatch.fnmatchcase(parts[end], piece)}
    return len(parts) in ends


def _files():
    from ...torchlib.serialization import saved_paths
    return saved_paths()


def fspath(path):
    """A path argument as a str (torch.save, torch.load): a str, or a Path's text."""
    return path._text if isinstance(path, Path) else path


def pathlib_members():
    return {"Path": Path, "PosixPath": Path, "PurePath": Path, "PurePosixPath": Path}


# ---------------------------------------------------------------- zipfile
def zip_file(file, mode="r", *args, **kwargs):
    """zipfile.ZipFile: no zip archive is among a run's files (torch.save keeps objects, not archives)."""
    path = fspath(file)
    if not isinstance(path, str):
        raise errors.GradcliError("gradcli's zipfile.ZipFile takes a path", "NotImplementedError")
    if mode != "r":
        raise errors.GradcliError("gradcli does not give access to 'zipfile.ZipFile' for writing (a script writes "
                                  "no files)", "AttributeError")
    if path in _files():
        raise errors.GradcliError("gradcli's torch.save keeps a copy of the object, not a zip archive: zipfile "
                                  "cannot open %r" % path, "NotImplementedError")
    raise errors.GradcliError("[Errno 2] No such file or directory: %r" % path, "FileNotFoundError")


def is_zipfile(filename):
    return False


def zipfile_members():
    return {"ZipFile": zip_file, "is_zipfile": is_zipfile, "ZIP_STORED": 0, "ZIP_DEFLATED": 8}
