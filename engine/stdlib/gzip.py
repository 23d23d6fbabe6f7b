# gzip: open, GzipFile (read, write, append, text modes through open()), compress, decompress,
# BadGzipFile, over zlib (engine/stdlib/zlib.py). Reading decodes every gzip member in the file
# (any compression level any tool used); writing produces valid gzip files whose deflate blocks are
# stored (uncompressed), so the files are larger than CPython's and not byte-equal to them. Files go
# through Kiln's file sandbox. Left out: seeking while writing; reading is from a fully read buffer.
import io as _io
import zlib as _zlib
import time as _time

__all__ = ["BadGzipFile", "GzipFile", "open", "compress", "decompress"]

READ = 'rb'
WRITE = 'wb'


class BadGzipFile(OSError):
    __module__ = 'gzip'


def _decompress_all(data):
    out = []
    while data:
        if data[:2] != b'\x1f\x8b':
            if not data.strip(b'\x00'):
                break
            raise BadGzipFile('Not a gzipped file (%r)' % data[:2])
        d = _zlib.decompressobj(31)
        try:
            chunk = d.decompress(data)
        except _zlib.error as e:
            raise BadGzipFile(str(e))
        if not d.eof:
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        out.append(chunk)
        data = d.unused_data
    return b''.join(out)


def decompress(data):
    return _decompress_all(bytes(data))


def compress(data, compresslevel=9, *, mtime=None):
    body = _zlib.compress(bytes(data), compresslevel, -15)
    if mtime is None:
        mtime = _time.time()
    mt = int(mtime) & 0xffffffff
    header = b'\x1f\x8b\x08\x00' + mt.to_bytes(4, 'little') + b'\x02\xff'
    crc = _zlib.crc32(bytes(data))
    return header + body + crc.to_bytes(4, 'little') + (len(data) & 0xffffffff).to_bytes(4, 'little')


class GzipFile:
    def __init__(self, filename=None, mode=None, compresslevel=9, fileobj=None, mtime=None):
        if mode and ('t' in mode or 'U' in mode):
            raise ValueError("Invalid mode: {!r}".format(mode))
        if mode and 'b' not in mode:
            mode += 'b'
        self._own = False
        if fileobj is None:
            fileobj = _builtin_open(filename, mode or 'rb')
            self._own = True
        if filename is None:
            filename = getattr(fileobj, 'name', '')
            if not isinstance(filename, (str, bytes)):
                filename = ''
        if mode is None:
            mode = getattr(fileobj, 'mode', 'rb')
        self.name = filename
        self.fileobj = fileobj
        self.mtime = mtime
        self.compresslevel = compresslevel
        if mode.startswith('r'):
            self.mode = READ
            self._buf = _io.BytesIO(_decompress_all(fileobj.read()))
        elif mode.startswith(('w', 'a', 'x')):
            self.mode = WRITE
            self._parts = []
        else:
            raise ValueError("Invalid mode: {!r}".format(mode))
        self.closed = False

    def _check(self, want):
        if self.closed:
            raise ValueError("I/O operation on closed file.")
        if self.mode != want:
            import errno
            raise OSError(9, "read() on write-only GzipFile object" if want == READ else "write() on read-only GzipFile object")

    def read(self, size=-1):
        self._check(READ)
        return self._buf.read(size)

    def read1(self, size=-1):
        return self.read(size)

    def readline(self, size=-1):
        self._check(READ)
        return self._buf.readline(size)

    def readlines(self, hint=-1):
        self._check(READ)
        return self._buf.readlines()

    def __iter__(self):
        self._check(READ)
        return iter(self._buf.readlines())

    def peek(self, n):
        pos = self._buf.tell()
        data = self._buf.read(n)
        self._buf.seek(pos)
        return data

    def seek(self, offset, whence=0):
        self._check(READ)
        return self._buf.seek(offset, whence)

    def tell(self):
        if self.mode == READ:
            return self._buf.tell()
        return sum(len(p) for p in self._parts)

    def write(self, data):
        self._check(WRITE)
        data = bytes(data)
        self._parts.append(data)
        return len(data)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        pass

    def readable(self):
        return self.mode == READ

    def writable(self):
        return self.mode == WRITE

    def seekable(self):
        return self.mode == READ

    def close(self):
        if self.closed:
            return
        if self.mode == WRITE:
            self.fileobj.write(compress(b''.join(self._parts), self.compresslevel, mtime=self.mtime))
        if self._own:
            self.fileobj.close()
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


_builtin_open = open


class _TextGzip:
    def __init__(self, gz, encoding, errors, newline):
        self._gz = gz
        self._encoding = encoding or 'utf-8'
        self._errors = errors or 'strict'
        if gz.mode == READ:
            self._text = _io.StringIO(gz.read().decode(self._encoding, self._errors))
        else:
            self._parts = []
        self.name = gz.name

    def read(self, size=-1):
        return self._text.read(size)

    def readline(self, size=-1):
        return self._text.readline(size)

    def readlines(self, hint=-1):
        return self._text.readlines()

    def __iter__(self):
        return iter(self._text.readlines())

    def write(self, s):
        self._parts.append(s)
        return len(s)

    def close(self):
        if self._gz.mode == WRITE and not self._gz.closed:
            self._gz.write(''.join(self._parts).encode(self._encoding, self._errors))
        self._gz.close()

    @property
    def closed(self):
        return self._gz.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def open(filename, mode="rb", compresslevel=9, encoding=None, errors=None, newline=None):
    if "t" in mode:
        if "b" in mode:
            raise ValueError("Invalid mode: %r" % (mode,))
    else:
        if encoding is not None:
            raise ValueError("Argument 'encoding' not supported in binary mode")
        if errors is not None:
            raise ValueError("Argument 'errors' not supported in binary mode")
        if newline is not None:
            raise ValueError("Argument 'newline' not supported in binary mode")
    gz_mode = mode.replace("t", "")
    if isinstance(filename, (str, bytes)) or hasattr(filename, '__fspath__'):
        binary_file = GzipFile(filename, gz_mode, compresslevel)
    elif hasattr(filename, "read") or hasattr(filename, "write"):
        binary_file = GzipFile(None, gz_mode, compresslevel, filename)
    else:
        raise TypeError("filename must be a str or bytes object, or a file")
    if "t" in mode:
        return _TextGzip(binary_file, encoding, errors, newline)
    return binary_file
