# hashlib: md5, sha1, sha224, sha256, sha384, sha512 and new(name) with update/digest/hexdigest/copy,
# name, digest_size, block_size; the hash functions are native (_hashlib, engine/vm/stdlib_bytes.cpp),
# written from RFC 1321 and FIPS 180-4. Left out: sha3_*, blake2*, shake_*, pbkdf2_hmac, scrypt,
# file_digest (new() names them as unsupported).
import _hashlib

algorithms_guaranteed = {'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'}
algorithms_available = set(algorithms_guaranteed)
__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'new', 'algorithms_guaranteed', 'algorithms_available')


def new(name, data=b'', **kwargs):
    return _hashlib.new(name, data)


def md5(string=b'', *, usedforsecurity=True):
    return _hashlib.new('md5', string)


def sha1(string=b'', *, usedforsecurity=True):
    return _hashlib.new('sha1', string)


def sha224(string=b'', *, usedforsecurity=True):
    return _hashlib.new('sha224', string)


def sha256(string=b'', *, usedforsecurity=True):
    return _hashlib.new('sha256', string)


def sha384(string=b'', *, usedforsecurity=True):
    return _hashlib.new('sha384', string)


def sha512(string=b'', *, usedforsecurity=True):
    return _hashlib.new('sha512', string)
