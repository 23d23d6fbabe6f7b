# os: the native module (engine/vm/host_fs.cpp: files inside Kiln's sandbox, os.path, environ, ...)
# fills this module's dict first; this file adds walk, a generator as in CPython, so that a caller
# pruning `dirnames` in place (dirs[:] = [...]) steers a top-down walk. Names come sorted (listdir's).
# Also stat/lstat (os.stat_result: the ten indexable fields, float st_atime/st_mtime/st_ctime and the
# *_ns integers; the host's values, inside the sandbox), scandir (DirEntry: name, path, is_dir,
# is_file, is_symlink, stat; sorted; a context manager), path.getatime/getctime, fsencode/fsdecode
# and PathLike (the ABC whose virtual subclasses are the classes defining __fspath__); os.path's
# posixpath rules written in Python: commonprefix, commonpath, expandvars, normcase, splitdrive,
# splitroot, lexists, samefile, samestat, isjunction, ismount, supports_unicode_filenames. The wait-status
# macros (WIFEXITED, WEXITSTATUS, ..., waitstatus_to_exitcode) decode what os.system returns, with
# glibc's bit layout.

import abc as _abc


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs = []
    nondirs = []
    for name in names:
        if path.isdir(path.join(top, name)):
            dirs.append(name)
        else:
            nondirs.append(name)
    if topdown:
        yield top, dirs, nondirs
    for name in dirs:
        new_path = path.join(top, name)
        if followlinks or not path.islink(new_path):
            yield from walk(new_path, topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, nondirs


class stat_result(tuple):
    n_sequence_fields = 10

    def __new__(cls, seq):
        return tuple.__new__(cls, tuple(seq)[:10])

    def __init__(self, seq):
        seq = tuple(seq)
        self._ns = seq[10:13] if len(seq) >= 13 else (seq[7] * 10 ** 9, seq[8] * 10 ** 9, seq[9] * 10 ** 9)
        # CPython's float times: seconds + nanoseconds * 1e-9
        self._f = tuple((n // 10 ** 9) + (n % 10 ** 9) * 1e-9 for n in self._ns)

    st_mode = property(lambda self: self[0])
    st_ino = property(lambda self: self[1])
    st_dev = property(lambda self: self[2])
    st_nlink = property(lambda self: self[3])
    st_uid = property(lambda self: self[4])
    st_gid = property(lambda self: self[5])
    st_size = property(lambda self: self[6])
    st_atime = property(lambda self: self._f[0])
    st_mtime = property(lambda self: self._f[1])
    st_ctime = property(lambda self: self._f[2])
    st_atime_ns = property(lambda self: self._ns[0])
    st_mtime_ns = property(lambda self: self._ns[1])
    st_ctime_ns = property(lambda self: self._ns[2])

    def __repr__(self):
        return ('os.stat_result(st_mode=%d, st_ino=%d, st_dev=%d, st_nlink=%d, st_uid=%d, st_gid=%d, '
                'st_size=%d, st_atime=%d, st_mtime=%d, st_ctime=%d)' % tuple(self))


def stat(path, *, dir_fd=None, follow_symlinks=True):
    t = globals()['path']._stat(path, follow_symlinks)
    ns = t[7:10]
    return stat_result(tuple(t[:7]) + tuple(x // 10 ** 9 for x in ns) + tuple(ns))


def lstat(path, *, dir_fd=None):
    return stat(path, follow_symlinks=False)


class DirEntry:
    def __init__(self, dirpath, name):
        self.name = name
        self.path = globals()['path'].join(dirpath, name)

    def is_dir(self, *, follow_symlinks=True):
        return globals()['path'].isdir(self.path)

    def is_file(self, *, follow_symlinks=True):
        return globals()['path'].isfile(self.path)

    def is_symlink(self):
        return globals()['path'].islink(self.path)

    def stat(self, *, follow_symlinks=True):
        return stat(self.path, follow_symlinks=follow_symlinks)

    def inode(self):
        return self.stat().st_ino

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % (self.name,)


class _ScandirIterator:
    def __init__(self, top):
        self._entries = [DirEntry(top, n) for n in listdir(top)]
        self._i = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._i >= len(self._entries):
            raise StopIteration
        e = self._entries[self._i]
        self._i += 1
        return e

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def close(self):
        pass


def scandir(path='.'):
    return _ScandirIterator(fspath(path))


def _getatime(p):
    return stat(p).st_atime


def _getctime(p):
    return stat(p).st_ctime


globals()['path'].getatime = _getatime
globals()['path'].getctime = _getctime


def WIFEXITED(status):
    return (status & 0x7f) == 0


def WEXITSTATUS(status):
    return (status & 0xff00) >> 8


def WIFSIGNALED(status):
    return ((status & 0x7f) + 1) >> 1 > 0 and (status & 0x7f) != 0x7f


def WTERMSIG(status):
    return status & 0x7f


def WIFSTOPPED(status):
    return (status & 0xff) == 0x7f


def WSTOPSIG(status):
    return WEXITSTATUS(status)


def WCOREDUMP(status):
    return bool(status & 0x80)


def waitstatus_to_exitcode(status):
    # CPython's: the exit code, or minus the signal number; anything else is a ValueError
    if not isinstance(status, int):
        raise TypeError(f"'{type(status).__name__}' object cannot be interpreted as an integer")
    if WIFEXITED(status):
        return WEXITSTATUS(status)
    if WIFSIGNALED(status):
        return -WTERMSIG(status)
    raise ValueError(f"invalid wait status: {status}")


def fsencode(filename):
    # str <-> bytes in the file system encoding, UTF-8 (CPython on Linux adds surrogateescape for
    # undecodable bytes; Kiln has no such error handler, so those raise UnicodeDecodeError)
    if not isinstance(filename, (str, bytes)):
        filename = fspath(filename)
    if isinstance(filename, str):
        return filename.encode("utf-8")
    return filename


def fsdecode(filename):
    if not isinstance(filename, (str, bytes)):
        filename = fspath(filename)
    if isinstance(filename, bytes):
        return filename.decode("utf-8")
    return filename


class PathLike(_abc.ABC):
    """Abstract base class for implementing the file system path protocol."""
    # CPython's os.PathLike: any class defining __fspath__ is a virtual subclass (pathlib.Path,
    # user path classes), so isinstance(p, os.PathLike) is how library code tells paths apart.

    __slots__ = ()

    @_abc.abstractmethod
    def __fspath__(self):
        """Return the file system path representation of the object."""
        raise NotImplementedError

    @classmethod
    def __subclasshook__(cls, subclass):
        if cls is PathLike:
            for B in subclass.__mro__:
                if '__fspath__' in B.__dict__:
                    return B.__dict__['__fspath__'] is not None
            return NotImplemented
        return NotImplemented


# ---- os.path: posixpath's functions that need no host call -------------------------------------

def _commonprefix(m):
    if not m:
        return ''
    if not isinstance(m[0], (list, tuple)):
        m = tuple(map(fspath, m))
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def _commonpath(paths):
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    paths = tuple(map(fspath, paths))
    sep = '/' if isinstance(paths[0], str) else b'/'
    curdir = '.' if isinstance(paths[0], str) else b'.'
    split_paths = [p.split(sep) for p in paths]
    try:
        isabs, = set(p[:1] == sep for p in paths)
    except ValueError:
        raise ValueError("Can't mix absolute and relative paths") from None
    split_paths = [[c for c in s if c and c != curdir] for s in split_paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = sep if isabs else sep[:0]
    return prefix + sep.join(common)


def _expandvars(p):
    # $name and ${name} from os.environ; unknown variables stay as written
    import re
    p = fspath(p)
    if '$' not in p:
        return p
    varprog = re.compile(r'\$(\w+|\{[^}]*\})', re.ASCII)
    i = 0
    while True:
        m = varprog.search(p, i)
        if not m:
            break
        i, j = m.span(0)
        name = m.group(1)
        if name.startswith('{') and name.endswith('}'):
            name = name[1:-1]
        if name in environ:
            tail = p[j:]
            p = p[:i] + environ[name]
            i = len(p)
            p += tail
        else:
            i = j
    return p


def _splitroot(p):
    p = fspath(p)
    if p[:1] != '/':
        return p[:0], p[:0], p
    if p[1:2] != '/' or p[2:3] == '/':
        return p[:0], p[:1], p[1:]
    return p[:0], p[:2], p[2:]


def _lexists(p):
    try:
        lstat(p)
    except (OSError, ValueError):
        return False
    return True


def _samestat(s1, s2):
    return s1.st_ino == s2.st_ino and s1.st_dev == s2.st_dev


path.commonprefix = _commonprefix
path.commonpath = _commonpath
path.expandvars = _expandvars
path.normcase = lambda s: fspath(s)
path.splitdrive = lambda p: (fspath(p)[:0], fspath(p))
path.splitroot = _splitroot
path.lexists = _lexists
path.samestat = _samestat
path.samefile = lambda f1, f2: _samestat(stat(f1), stat(f2))
path.isjunction = lambda p: (fspath(p), False)[1]
path.supports_unicode_filenames = False


def _ismount(p):
    # posixpath.ismount: a different device than its parent, or the same inode (the root); paths the
    # sandbox refuses are not mount points
    try:
        s1 = lstat(p)
    except (OSError, ValueError):
        return False
    if (s1.st_mode & 0o170000) == 0o120000:  # a symlink
        return False
    try:
        s2 = lstat(path.realpath(path.join(fspath(p), '..')))
    except (OSError, ValueError):
        return False
    return s1.st_dev != s2.st_dev or s1.st_ino == s2.st_ino


path.ismount = _ismount
