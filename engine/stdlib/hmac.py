# hmac: RFC 2104 keyed hashing as CPython 3.12's hmac module: HMAC objects (new, update, copy,
# digest, hexdigest, name, digest_size, block_size), the one-shot digest(), and compare_digest, over
# hashlib's hash objects (a name, a hashlib constructor or a module with new() as digestmod). The
# messages of the argument checks are CPython's.

import hashlib as _hashlib

__all__ = ["new", "compare_digest", "digest", "HMAC"]

trans_5C = bytes((x ^ 0x5C) for x in range(256))
trans_36 = bytes((x ^ 0x36) for x in range(256))
digest_size = None


def _constructor(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b"": _hashlib.new(digestmod, d)
    return lambda d=b"": digestmod.new(d)


class HMAC:
    """RFC 2104 HMAC class.  Also complies with RFC 4231."""
    blocksize = 64

    def __init__(self, key, msg=None, digestmod=""):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError(f"key: expected bytes or bytearray, but got {type(key).__name__!r}")
        if not digestmod:
            raise TypeError("Missing required argument 'digestmod'.")
        make = _constructor(digestmod)
        self._outer = make()
        self._inner = make()
        self.digest_size = self._inner.digest_size
        blocksize = getattr(self._inner, "block_size", 64)
        if blocksize < 16:
            blocksize = self.blocksize
        if len(key) > blocksize:
            key = make(bytes(key)).digest()
        self.block_size = blocksize
        key = bytes(key).ljust(blocksize, b"\0")
        self._outer.update(key.translate(trans_5C))
        self._inner.update(key.translate(trans_36))
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return "hmac-" + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        other = self.__class__.__new__(self.__class__)
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        return self._current().digest()

    def hexdigest(self):
        return self._current().hexdigest()


def new(key, msg=None, digestmod=""):
    """Create a new hashing object and return it."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """Fast inline implementation of HMAC."""
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b, /):
    """Return 'a == b' without short-circuiting on the first difference."""
    if isinstance(a, str) and isinstance(b, str):
        if not (a.isascii() and b.isascii()):
            raise TypeError("comparing strings with non-ASCII characters is not supported")
        a, b = a.encode(), b.encode()
    elif isinstance(a, str) or isinstance(b, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    a, b = bytes(a), bytes(b)
    result = len(a) ^ len(b)
    for x, y in zip(a, b if len(a) == len(b) else a):
        result |= x ^ y
    return result == 0
