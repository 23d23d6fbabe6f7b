"""pathlib for Kiln: PurePath / Path (PosixPath) over the os module, inside Kiln's file sandbox.

Pure path arithmetic follows CPython's posix flavour (double slashes and '.' parts collapse, '..'
stays, a trailing slash goes). Filesystem methods call os / os.path / glob / shutil, so every path
passes the sandbox check there. glob, rglob and iterdir are generators as in CPython (glob's paths in
sorted order; CPython's order is the directory's).
"""
import fnmatch as _fnmatch
import os as _os


def _split(text):
    if text == "":
        return "", []
    root = ""
    if text.startswith("/"):
        root = "//" if text.startswith("//") and not text.startswith("///") else "/"
    parts = [p for p in text.split("/") if p and p != "."]
    return root, parts


class PurePath:
    def __init__(self, *args):
        root = ""
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                text = str(a)
            elif isinstance(a, str):
                text = a
            elif hasattr(a, "__fspath__"):
                text = a.__fspath__()
            else:
                raise TypeError("expected str, bytes or os.PathLike object, not %s" % type(a).__name__)
            r, p = _split(text)
            if r:
                root = r
                parts = p
            else:
                parts = parts + p
        self._root = root
        self._parts = parts

    @classmethod
    def _from(cls, root, parts):
        p = cls()
        p._root = root
        p._parts = list(parts)
        return p

    def __str__(self):
        text = self._root + "/".join(self._parts)
        return text if text else "."

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.as_posix())

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) == str(other)

    def __ne__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) != str(other)

    def __hash__(self):
        return hash(str(self))

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() >= other._key()

    def _key(self):
        return [self._root] + self._parts

    def __truediv__(self, key):
        try:
            return type(self)(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    def joinpath(self, *args):
        return type(self)(self, *args)

    @property
    def parts(self):
        if self._root:
            return tuple([self._root] + self._parts)
        return tuple(self._parts)

    @property
    def root(self):
        return "/" if self._root else ""

    @property
    def anchor(self):
        return self._root

    @property
    def drive(self):
        return ""

    @property
    def name(self):
        return self._parts[-1] if self._parts else ""

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._from(self._root, self._parts[:-1])

    @property
    def parents(self):
        out = []
        p = self
        while p._parts:
            p = p.parent
            out.append(p)
        return tuple(out)

    def is_absolute(self):
        return bool(self._root)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self._from(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if "/" in suffix or suffix and (not suffix.startswith(".") or suffix == "."):
            raise ValueError("Invalid suffix %r" % (suffix,))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old = self.suffix
        if not old:
            name = name + suffix
        else:
            name = name[:-len(old)] + suffix
        return self._from(self._root, self._parts[:-1] + [name])

    def _other_path(self, other, deprecated, method):
        # 3.12: more than one positional argument is deprecated (joined as before, with a warning)
        if deprecated:
            import warnings
            warnings.warn("support for supplying more than one positional argument to pathlib.PurePath.%s() "
                          "is deprecated and scheduled for removal in Python 3.14" % method,
                          DeprecationWarning, stacklevel=3)
            return type(self)(other, *deprecated)
        if not isinstance(other, PurePath):
            return type(self)(other)
        return other

    def relative_to(self, other, /, *_deprecated, walk_up=False):
        # CPython 3.12: the first of other and its parents that self is under; with walk_up, one '..'
        # per parent climbed
        other = self._other_path(other, _deprecated, "relative_to")
        step = 0
        for path in [other] + list(other.parents):
            if self.is_relative_to(path):
                break
            elif not walk_up:
                raise ValueError("%r is not in the subpath of %r" % (str(self), str(other)))
            elif path.name == "..":
                raise ValueError("'..' segment in %r cannot be walked" % (str(other),))
            step += 1
        else:
            raise ValueError("%r and %r have different anchors" % (str(self), str(other)))
        return self._from("", [".."] * step + self._parts[len(path._parts):])

    def is_relative_to(self, other, /, *_deprecated):
        other = self._other_path(other, _deprecated, "is_relative_to")
        return other == self or other in self.parents

    def match(self, pattern):
        pat = PurePath(pattern)
        if not pat._parts:
            raise ValueError("empty pattern")
        if pat._root:
            if len(pat._parts) != len(self._parts) or not self._root:
                return False
        elif len(pat._parts) > len(self._parts):
            return False
        for part, p in zip(reversed(self._parts), reversed(pat._parts)):
            if not _fnmatch.fnmatchcase(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    pass


class Path(PurePath):
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return object.__new__(cls)

    @classmethod
    def cwd(cls):
        return cls(_os.getcwd())

    @classmethod
    def home(cls):
        return cls(_os.path.expanduser("~"))

    def absolute(self):
        if self._root:
            return self
        return type(self)(_os.getcwd(), self)

    def resolve(self, strict=False):
        p = _os.path.realpath(str(self))
        if strict and not _os.path.exists(p):
            raise FileNotFoundError(2, "No such file or directory", str(self))
        return type(self)(p)

    def expanduser(self):
        return type(self)(_os.path.expanduser(str(self)))

    def exists(self):
        return _os.path.exists(str(self))

    def is_file(self):
        return _os.path.isfile(str(self))

    def is_dir(self):
        return _os.path.isdir(str(self))

    def is_symlink(self):
        return _os.path.islink(str(self))

    def stat(self, *, follow_symlinks=True):
        return _os.stat(str(self), follow_symlinks=follow_symlinks)

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return open(str(self), mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        with self.open("r", encoding=encoding, errors=errors) as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % type(data).__name__)
        with self.open("w", encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def read_bytes(self):
        with self.open("rb") as f:
            return f.read()

    def write_bytes(self, data):
        # CPython takes any bytes-like object (memoryview(data)); str is refused with its message
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(data).__name__)
        with self.open("wb") as f:
            return f.write(data)

    def touch(self, mode=438, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, "File exists", str(self))
            return
        with self.open("a"):
            pass

    def mkdir(self, mode=511, parents=False, exist_ok=False):
        try:
            _os.mkdir(str(self))
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, False, exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def rmdir(self):
        _os.rmdir(str(self))

    def unlink(self, missing_ok=False):
        try:
            _os.unlink(str(self))
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rename(self, target):
        _os.rename(str(self), str(target))
        return type(self)(target)

    def replace(self, target):
        _os.replace(str(self), str(target))
        return type(self)(target)

    def iterdir(self):
        for name in _os.listdir(str(self)):
            yield self / name

    def glob(self, pattern):
        if not pattern:
            raise ValueError("Unacceptable pattern: %r" % (pattern,))
        import glob as _glob
        base = str(self)
        found = _glob.glob(_os.path.join(_glob.escape(base), pattern), recursive=True)
        out = []
        for p in found:
            if pattern.endswith("**") and p.endswith("/"):
                p = p[:-1]
            out.append(type(self)(p))
        yield from sorted(out)

    def rglob(self, pattern):
        yield from self.glob("**/" + pattern)

    def samefile(self, other):
        return _os.path.realpath(str(self)) == _os.path.realpath(str(other))


class PosixPath(Path, PurePosixPath):
    pass

