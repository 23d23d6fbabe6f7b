# os: the native module (engine/vm/host_fs.cpp: files inside Kiln's sandbox, os.path, environ, ...)
# fills this module's dict first; this file adds walk, a generator as in CPython, so that a caller
# pruning `dirnames` in place (dirs[:] = [...]) steers a top-down walk. Names come sorted (listdir's).
# Also stat/lstat (os.stat_result: the ten indexable fields, float st_atime/st_mtime/st_ctime and the
# *_ns integers; the host's values, inside the sandbox), scandir (DirEntry: name, path, is_dir,
# is_file, is_symlink, stat; sorted; a context manager), path.getatime/getctime, fsencode/fsdecode
# and PathLike (the ABC whose virtual subclasses are the classes defining __fspath__).

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
