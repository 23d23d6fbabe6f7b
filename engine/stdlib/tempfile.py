# tempfile, the parts in Kiln's Python (the native factory, engine/vm/host_fs.cpp, runs first:
# gettempdir, mkdtemp, TemporaryDirectory, inside the program's private temporary directory):
# NamedTemporaryFile, TemporaryFile and SpooledTemporaryFile as files with unique names there
# (removed on close when delete=True), mkstemp, which creates the file and returns an OS descriptor
# open on it (os.open) with its absolute path, and mktemp, which returns a free path.
import os as _os

_counter = [0]


def _unique_path(dir, prefix, suffix):
    if dir is None:
        dir = gettempdir()
    while True:
        _counter[0] += 1
        name = _os.path.join(dir, '%s%08d%s' % (prefix if prefix is not None else 'tmp', _counter[0] * 7919 % 100000000,
                                                suffix if suffix is not None else ''))
        if not _os.path.exists(name):
            return name


class _TemporaryFileWrapper:
    def __init__(self, file, name, delete):
        self.file = file
        self.name = name
        self.delete = delete
        self.closed = False

    def __getattr__(self, name):
        return getattr(self.__dict__['file'], name)

    def close(self):
        if not self.closed:
            self.closed = True
            self.file.close()
            if self.delete and _os.path.exists(self.name):
                _os.remove(self.name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __iter__(self):
        return iter(self.file)

    def __repr__(self):
        return "<tempfile._TemporaryFileWrapper file=%r>" % (self.file,)


def NamedTemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None,
                       delete=True, *, errors=None):
    path = _unique_path(dir, prefix, suffix)
    f = open(path, 'x' + mode.replace('w', '').replace('x', '') if 'w' in mode else mode)
    return _TemporaryFileWrapper(f, path, delete)


def TemporaryFile(mode='w+b', buffering=-1, encoding=None, newline=None, suffix=None, prefix=None, dir=None, *,
                  errors=None):
    return NamedTemporaryFile(mode, buffering, encoding, newline, suffix, prefix, dir, True)


SpooledTemporaryFile = TemporaryFile


def mkstemp(suffix=None, prefix=None, dir=None, text=False):
    path = _unique_path(dir, prefix, suffix)
    fd = _os.open(path, _os.O_RDWR | _os.O_CREAT | _os.O_EXCL, 0o600)
    return (fd, _os.path.abspath(path))


def mktemp(suffix='', prefix='tmp', dir=None):
    return _unique_path(dir, prefix, suffix)
