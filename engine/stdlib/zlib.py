# zlib: decompress (zlib, gzip and raw deflate streams, every block type: RFC 1950/1951/1952),
# compress (valid streams of stored, i.e. uncompressed, deflate blocks: every inflater reads them, but
# they are larger than CPython's and not byte-equal to them), crc32, adler32, compressobj and
# decompressobj (incremental interfaces over whole-buffer work), error, the constants. The work is
# native (_zlib, engine/vm/stdlib_bytes.cpp). Left out: compression levels (ignored), dictionaries.
import _zlib

MAX_WBITS = 15
DEFLATED = 8
DEF_MEM_LEVEL = 8
DEF_BUF_SIZE = 16384
Z_NO_COMPRESSION = 0
Z_BEST_SPEED = 1
Z_BEST_COMPRESSION = 9
Z_DEFAULT_COMPRESSION = -1
Z_DEFAULT_STRATEGY = 0
Z_FILTERED = 1
Z_HUFFMAN_ONLY = 2
Z_RLE = 3
Z_FIXED = 4
Z_NO_FLUSH = 0
Z_PARTIAL_FLUSH = 1
Z_SYNC_FLUSH = 2
Z_FULL_FLUSH = 3
Z_FINISH = 4
Z_BLOCK = 5
Z_TREES = 6
ZLIB_VERSION = '1.2.13'
ZLIB_RUNTIME_VERSION = '1.2.13'


class error(Exception):
    __module__ = 'zlib'


crc32 = _zlib.crc32
adler32 = _zlib.adler32


def compress(data, level=-1, wbits=MAX_WBITS):
    if not (-1 <= level <= 9):
        raise error("Bad compression level")
    return _zlib._deflate_stored(bytes(data), wbits)


def decompress(data, wbits=MAX_WBITS, bufsize=DEF_BUF_SIZE):
    return _zlib._inflate(error, bytes(data), wbits)[0]


class _Decompress:
    def __init__(self, wbits):
        self._wbits = wbits
        self._buf = b''
        self._given = 0
        self.eof = False
        self.unused_data = b''
        self.unconsumed_tail = b''

    def decompress(self, data, max_length=0):
        if self.eof:
            self.unused_data += bytes(data)
            return b''
        self._buf += bytes(data)
        try:
            out, used = _zlib._inflate(error, self._buf, self._wbits)
        except error as e:
            if 'truncated' in str(e):
                return b''
            raise
        self.eof = True
        self.unused_data = self._buf[used:]
        chunk = out[self._given:]
        self._given = len(out)
        return chunk

    def flush(self, length=DEF_BUF_SIZE):
        return b''

    def copy(self):
        c = _Decompress(self._wbits)
        c._buf = self._buf
        c._given = self._given
        c.eof = self.eof
        c.unused_data = self.unused_data
        return c


class _Compress:
    def __init__(self, wbits):
        self._wbits = wbits
        self._buf = []

    def compress(self, data):
        self._buf.append(bytes(data))
        return b''

    def flush(self, mode=Z_FINISH):
        data = b''.join(self._buf)
        self._buf = []
        return _zlib._deflate_stored(data, self._wbits)


def decompressobj(wbits=MAX_WBITS, zdict=b''):
    if zdict:
        raise NotImplementedError("zlib dictionaries are not supported in Kiln")
    return _Decompress(wbits)


def compressobj(level=-1, method=DEFLATED, wbits=MAX_WBITS, memLevel=DEF_MEM_LEVEL, strategy=Z_DEFAULT_STRATEGY,
                zdict=None):
    if zdict:
        raise NotImplementedError("zlib dictionaries are not supported in Kiln")
    return _Compress(wbits)
