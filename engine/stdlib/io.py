# io: the abstract stream classes on top of the native io module (host_sys.cpp defines StringIO,
# BytesIO, TextIOWrapper, the Buffered* file types, open and UnsupportedOperation; this file runs in
# that same module afterwards). As in CPython's io.py, IOBase, RawIOBase, BufferedIOBase and
# TextIOBase are ABCs and the concrete native streams are registered with them, so
# `isinstance(f, io.IOBase)` holds for open() files, StringIO, BytesIO and sys.stdout (yacs checks
# config file objects that way), and programs can subclass them for their own streams. The default
# method bodies follow CPython's C implementation (Modules/_io/iobase.c, bufferedio.c, textio.c):
# the same defaults, the same UnsupportedOperation texts (the bare method name) and the same
# "I/O operation on closed file." check.

import abc
import sys as _sys

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


class IOBase(metaclass=abc.ABCMeta):
    # The closed flag lives in the instance under CPython's own attribute name.
    __IOBase_closed = False

    def _unsupported(self, name):
        raise UnsupportedOperation(name)

    def seek(self, pos, whence=0):
        self._unsupported("seek")

    def tell(self):
        return self.seek(0, 1)

    def truncate(self, pos=None):
        self._unsupported("truncate")

    def flush(self):
        self._checkClosed()

    def close(self):
        if not self.__IOBase_closed:
            try:
                self.flush()
            finally:
                self.__IOBase_closed = True

    @property
    def closed(self):
        return self.__IOBase_closed

    def seekable(self):
        return False

    def readable(self):
        return False

    def writable(self):
        return False

    def _checkClosed(self, msg=None):
        if self.closed:
            raise ValueError("I/O operation on closed file." if msg is None else msg)

    def _checkSeekable(self, msg=None):
        if not self.seekable():
            raise UnsupportedOperation("File or stream is not seekable." if msg is None else msg)

    def _checkReadable(self, msg=None):
        if not self.readable():
            raise UnsupportedOperation("File or stream is not readable." if msg is None else msg)

    def _checkWritable(self, msg=None):
        if not self.writable():
            raise UnsupportedOperation("File or stream is not writable." if msg is None else msg)

    def __enter__(self):
        self._checkClosed()
        return self

    def __exit__(self, *args):
        self.close()

    def fileno(self):
        self._unsupported("fileno")

    def isatty(self):
        self._checkClosed()
        return False

    def readline(self, size=-1):
        # byte by byte through read(1), or a peek() when the stream has one (iobase.c)
        if size is None:
            size = -1
        elif not isinstance(size, int):
            raise TypeError(f"argument should be integer or None, not '{type(size).__name__}'")
        peek = getattr(self, "peek", None)
        res = bytearray()
        while size < 0 or len(res) < size:
            nreadahead = 1
            if peek is not None:
                readahead = peek(1)
                if not isinstance(readahead, bytes):
                    raise OSError(f"peek() should have returned a bytes object, not '{type(readahead).__name__}'")
                if readahead:
                    n = readahead.find(b"\n") + 1 or len(readahead)
                    if size >= 0:
                        n = min(n, size - len(res))
                    nreadahead = n
            b = self.read(nreadahead)
            if not isinstance(b, bytes):
                raise OSError(f"read() should have returned a bytes object, not '{type(b).__name__}'")
            if not b:
                break
            res += b
            if res.endswith(b"\n"):
                break
        return bytes(res)

    def __iter__(self):
        self._checkClosed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=None):
        if hint is None or hint <= 0:
            return list(self)
        n = 0
        lines = []
        for line in self:
            lines.append(line)
            n += len(line)
            if n >= hint:
                break
        return lines

    def writelines(self, lines):
        self._checkClosed()
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    def read(self, size=-1):
        if size is None:
            size = -1
        if size < 0:
            return self.readall()
        b = bytearray(size)
        n = self.readinto(b)
        if n is None:
            return None
        del b[n:]
        return bytes(b)

    def readall(self):
        res = bytearray()
        while True:
            data = self.read(DEFAULT_BUFFER_SIZE)
            if not data:
                break
            res += data
        if res:
            return bytes(res)
        return data


class BufferedIOBase(IOBase):
    def read(self, size=-1):
        self._unsupported("read")

    def read1(self, size=-1):
        self._unsupported("read1")

    def readinto(self, b):
        return self._readinto(b, False)

    def readinto1(self, b):
        return self._readinto(b, True)

    def _readinto(self, b, read1):
        m = memoryview(b).cast("B") if not isinstance(b, bytearray) else b
        data = self.read1(len(m)) if read1 else self.read(len(m))
        n = len(data)
        m[:n] = data
        return n

    def write(self, b):
        self._unsupported("write")

    def detach(self):
        self._unsupported("detach")


class TextIOBase(IOBase):
    def read(self, size=-1):
        self._unsupported("read")

    def write(self, s):
        self._unsupported("write")

    def truncate(self, pos=None):
        self._unsupported("truncate")

    def readline(self, size=-1):
        self._unsupported("readline")

    def detach(self):
        self._unsupported("detach")

    @property
    def encoding(self):
        return None

    @property
    def newlines(self):
        return None

    @property
    def errors(self):
        return None


for _klass in (BytesIO, BufferedReader, BufferedWriter, BufferedRandom, type(_sys.__stdout__.buffer),
               type(_sys.__stdin__.buffer)):
    BufferedIOBase.register(_klass)
for _klass in (StringIO, TextIOWrapper, type(_sys.__stdout__)):
    TextIOBase.register(_klass)
del _klass
