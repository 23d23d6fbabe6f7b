# binascii: hexlify/unhexlify (b2a_hex/a2b_hex, sep), b2a_base64/a2b_base64 (newline, strict_mode),
# crc32 (zlib's), crc_hqx, Error and Incomplete, with CPython's messages.
import _zlib

__all__ = ['Error', 'Incomplete', 'hexlify', 'unhexlify', 'b2a_hex', 'a2b_hex', 'b2a_base64', 'a2b_base64', 'crc32',
           'crc_hqx']


class Error(ValueError):
    __module__ = 'binascii'


class Incomplete(Exception):
    __module__ = 'binascii'


_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
_B64_INDEX = {}
for _i in range(64):
    _B64_INDEX[_B64[_i]] = _i
del _i


def _buffer(data, prefix=''):
    # CPython's Py_buffer argument: bytes, bytearray, memoryview (and array-likes); a str or an int
    # is a TypeError there (bytes(str) would ask for an encoding, bytes(5) make five zero bytes).
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, (str, int, float, list, tuple, dict, set, type(None))):
        raise TypeError("%sa bytes-like object is required, not '%s'" % (prefix, type(data).__name__))
    return bytes(data)


def _as_bytes(data):
    if isinstance(data, str):
        try:
            return data.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    return _buffer(data)


def hexlify(data, sep=None, bytes_per_sep=1):
    h = _buffer(data).hex()
    if sep is not None:
        if isinstance(sep, bytes):
            sep = sep.decode('ascii')
        n = abs(bytes_per_sep) * 2
        if bytes_per_sep > 0:
            parts = []
            end = len(h)
            while end > 0:
                parts.append(h[max(0, end - n):end])
                end -= n
            h = sep.join(reversed(parts))
        else:
            h = sep.join(h[i:i + n] for i in range(0, len(h), n))
    return h.encode('ascii')


b2a_hex = hexlify


def unhexlify(hexstr):
    s = _as_bytes(hexstr)
    if len(s) % 2:
        raise Error('Odd-length string')
    try:
        return bytes.fromhex(s.decode('ascii'))
    except ValueError:
        raise Error('Non-hexadecimal digit found')


a2b_hex = unhexlify


def b2a_base64(data, *, newline=True):
    s = _buffer(data)
    out = bytearray()
    for i in range(0, len(s) - len(s) % 3, 3):
        n = (s[i] << 16) | (s[i + 1] << 8) | s[i + 2]
        out += bytes([_B64[(n >> 18) & 63], _B64[(n >> 12) & 63], _B64[(n >> 6) & 63], _B64[n & 63]])
    rest = len(s) % 3
    if rest == 1:
        n = s[-1] << 16
        out += bytes([_B64[(n >> 18) & 63], _B64[(n >> 12) & 63]]) + b'=='
    elif rest == 2:
        n = (s[-2] << 16) | (s[-1] << 8)
        out += bytes([_B64[(n >> 18) & 63], _B64[(n >> 12) & 63], _B64[(n >> 6) & 63]]) + b'='
    if newline:
        out += b'\n'
    return bytes(out)


def a2b_base64(data, *, strict_mode=False):
    s = _as_bytes(data)
    vals = []
    pads = 0
    for c in s:
        if c == 61:  # '='
            pads += 1
            if strict_mode and len(vals) % 4 < 2:
                raise Error('Excess padding not allowed' if vals else 'Leading padding not allowed')
            if len(vals) % 4 >= 2 and len(vals) % 4 + pads >= 4:
                break
            continue
        k = _B64_INDEX.get(c)
        if k is None:
            if strict_mode:
                raise Error('Only base64 data is allowed')
            continue
        if pads and strict_mode:
            raise Error('Discontinuous padding not allowed')
        pads = 0
        vals.append(k)
    if len(vals) % 4 == 1:
        raise Error('Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a '
                    'multiple of 4' % len(vals))
    if len(vals) % 4 and len(vals) % 4 + pads < 4:
        raise Error('Incorrect padding')
    out = bytearray()
    for i in range(0, len(vals) - len(vals) % 4, 4):
        n = (vals[i] << 18) | (vals[i + 1] << 12) | (vals[i + 2] << 6) | vals[i + 3]
        out += bytes([(n >> 16) & 255, (n >> 8) & 255, n & 255])
    r = len(vals) % 4
    if r == 2:
        n = (vals[-2] << 18) | (vals[-1] << 12)
        out.append((n >> 16) & 255)
    elif r == 3:
        n = (vals[-3] << 18) | (vals[-2] << 12) | (vals[-1] << 6)
        out += bytes([(n >> 16) & 255, (n >> 8) & 255])
    return bytes(out)


def crc32(data, crc=0):
    return _zlib.crc32(_buffer(data), crc)


def crc_hqx(data, value):
    crc = value & 0xffff
    for b in _buffer(data):
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xffff if crc & 0x8000 else (crc << 1) & 0xffff
    return crc
