# secrets: CPython 3.12's module for random numbers fit for passwords, tokens and keys. Everything
# draws from random.SystemRandom, i.e. os.urandom (the host's entropy source: the OS natively,
# crypto.getRandomValues in the browser), never from the seeded Mersenne Twister of `random`.
# compare_digest is hmac.compare_digest's rule (equal lengths and bytes, str only when ASCII);
# Kiln's comparison is not constant-time, which no program can observe in its output.

import base64 as _base64
import binascii as _binascii
from random import SystemRandom

__all__ = ['choice', 'randbelow', 'randbits', 'SystemRandom',
           'token_bytes', 'token_hex', 'token_urlsafe',
           'compare_digest']

_sysrand = SystemRandom()

randbits = _sysrand.getrandbits
choice = _sysrand.choice

DEFAULT_ENTROPY = 32  # bytes: 256 bits, CPython's default since 3.6


def randbelow(exclusive_upper_bound):
    if exclusive_upper_bound <= 0:
        raise ValueError("Upper bound must be positive.")
    return _sysrand._randbelow(exclusive_upper_bound)


def token_bytes(nbytes=None):
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    import os
    return os.urandom(nbytes)


def token_hex(nbytes=None):
    return _binascii.hexlify(token_bytes(nbytes)).decode('ascii')


def token_urlsafe(nbytes=None):
    tok = token_bytes(nbytes)
    return _base64.urlsafe_b64encode(tok).rstrip(b'=').decode('ascii')


def compare_digest(a, b):
    # hmac.compare_digest: two str (ASCII only) or two bytes-like objects
    if isinstance(a, str) and isinstance(b, str):
        for s in (a, b):
            if not s.isascii():
                raise TypeError("comparing strings with non-ASCII characters is not supported")
        return a == b
    if isinstance(a, int) or isinstance(b, int):  # bytes(n) would make n zero bytes
        raise TypeError(f"unsupported operand types(s) or combination of types: "
                        f"'{type(a).__name__}' and '{type(b).__name__}'")
    if isinstance(a, str) or isinstance(b, str):
        raise TypeError(f"a bytes-like object is required, not 'str'")
    try:
        return bytes(a) == bytes(b)
    except TypeError:
        raise TypeError(f"unsupported operand types(s) or combination of types: "
                        f"'{type(a).__name__}' and '{type(b).__name__}'") from None
