# base64: b64encode/b64decode (altchars, validate), standard_b64*, urlsafe_b64*, b32encode/
# b32decode, b16encode/b16decode, encodebytes/decodebytes, with CPython's padding rules and errors
# (binascii.Error). Left out: a85/b85 (NotImplementedError).
import binascii as _binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode', 'b64decode', 'b32encode', 'b32decode',
           'b16encode', 'b16decode', 'standard_b64encode', 'standard_b64decode', 'urlsafe_b64encode',
           'urlsafe_b64decode']

_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    return bytes(s)


def b64encode(s, altchars=None):
    encoded = _binascii.b2a_base64(s, newline=False)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return encoded.translate(bytes.maketrans(b'+/', altchars))
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = s.translate(bytes.maketrans(altchars, b'+/'))
    return _binascii.a2b_base64(s, strict_mode=validate)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return b64encode(s).translate(bytes.maketrans(b'+/', b'-_'))


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    s = s.translate(bytes.maketrans(b'-_', b'+/'))
    return b64decode(s)


_B32 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'


def b32encode(s):
    s = _binascii._buffer(s, 'memoryview: ')
    out = bytearray()
    for i in range(0, len(s), 5):
        chunk = s[i:i + 5]
        n = len(chunk)
        c = int.from_bytes(chunk + b'\0' * (5 - n), 'big')
        enc = bytearray(_B32[(c >> (35 - 5 * k)) & 31] for k in range(8))
        pad = {1: 6, 2: 4, 3: 3, 4: 1, 5: 0}[n]
        if pad:
            enc[-pad:] = b'=' * pad
        out += enc
    return bytes(out)


def b32decode(s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if len(s) % 8:
        raise _binascii.Error('Incorrect padding')
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        s = s.translate(bytes.maketrans(b'01', b'O' + map01))
    if casefold:
        s = s.upper()
    l = len(s)
    s = s.rstrip(b'=')
    padchars = l - len(s)
    out = bytearray()
    for i in range(0, len(s), 8):
        quanta = s[i:i + 8]
        acc = 0
        for c in quanta:
            k = _B32.find(bytes([c]))
            if k < 0:
                raise _binascii.Error('Non-base32 digit found')
            acc = (acc << 5) | k
        acc <<= 5 * (8 - len(quanta))
        out += acc.to_bytes(5, 'big')
    if padchars and out:
        keep = {0: 5, 1: 4, 3: 3, 4: 2, 6: 1}.get(padchars)
        if keep is None:
            raise _binascii.Error('Incorrect padding')
        out = out[:len(out) - 5 + keep]
    return bytes(out)


def b16encode(s):
    return _binascii.hexlify(s).upper()


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    for c in s:
        if c not in b'0123456789ABCDEF':
            raise _binascii.Error('Non-base16 digit found')
    return _binascii.unhexlify(s)


def encodebytes(s):
    if isinstance(s, (str, int, float, list, tuple, dict, type(None))):
        raise TypeError("expected bytes-like object, not %s" % type(s).__name__)
    s = bytes(s)
    pieces = []
    for i in range(0, len(s), 57):
        pieces.append(_binascii.b2a_base64(s[i:i + 57]))
    return b''.join(pieces)


def decodebytes(s):
    return _binascii.a2b_base64(s)


def encode(input, output):
    output.write(encodebytes(input.read()))


def decode(input, output):
    output.write(decodebytes(input.read()))


def a85encode(*args, **kwargs):
    raise NotImplementedError("base64.a85encode is not supported in Kiln")


a85decode = b85encode = b85decode = a85encode
