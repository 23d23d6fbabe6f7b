# struct: pack, unpack, calcsize, pack_into, unpack_from, iter_unpack and Struct over CPython's
# format language (byte orders @ = < > !, codes x c b B ? h H i I l L q Q n N e f d s p P, repeat
# counts, native alignment for '@'), with CPython 3.11's error messages; the byte work is native
# (_struct, engine/vm/stdlib_bytes.cpp). pack_into writes into a bytearray.
import _struct

__all__ = ['calcsize', 'pack', 'pack_into', 'unpack', 'unpack_from', 'iter_unpack', 'Struct', 'error']


class error(Exception):
    __module__ = 'struct'


def pack(fmt, *values):
    return _struct.pack(error, fmt, *values)


def unpack(fmt, buffer):
    return _struct.unpack(error, fmt, buffer, 0, True)


def unpack_from(fmt, buffer, offset=0):
    return _struct.unpack(error, fmt, buffer, offset, False)


def calcsize(fmt):
    return _struct.calcsize(error, fmt)


def pack_into(fmt, buffer, offset, *values):
    data = pack(fmt, *values)
    n = len(buffer)
    if offset < 0:
        if offset + len(data) > 0:
            raise error("no space to pack %d bytes at offset %d" % (len(data), offset))
        if -offset > n:
            raise error("offset %d out of range for %d-byte buffer" % (offset, n))
        offset += n
    if n - offset < len(data):
        raise error("pack_into requires a buffer of at least %d bytes for packing %d bytes at offset %d "
                    "(actual buffer size is %d)" % (len(data) + offset, len(data), offset, n))
    buffer[offset:offset + len(data)] = data


def iter_unpack(fmt, buffer):
    size = calcsize(fmt)
    if size == 0:
        raise error("cannot iteratively unpack with a struct of length 0")
    if len(buffer) % size:
        raise error("iterative unpacking requires a buffer of a multiple of %d bytes" % size)
    for i in range(0, len(buffer), size):
        yield unpack_from(fmt, buffer, i)


class Struct:
    def __init__(self, format):
        if isinstance(format, bytes):
            format = format.decode('ascii')
        self.format = format
        self.size = calcsize(format)

    def pack(self, *values):
        return pack(self.format, *values)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def pack_into(self, buffer, offset, *values):
        return pack_into(self.format, buffer, offset, *values)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)

    def __repr__(self):
        return 'Struct(%r)' % (self.format,)
