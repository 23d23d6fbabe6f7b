# _codecs: the C codec functions CPython's codecs module is built on. Pickles at protocol 2 write a
# bytes object as _codecs.encode(the bytes as latin-1 text, 'latin1'), so torch.load of such a
# checkpoint calls encode; Kiln's str.encode / bytes.decode do the work.

__all__ = ["encode", "decode"]


def encode(obj, encoding="utf-8", errors="strict"):
    if not isinstance(obj, str):
        raise TypeError(f"utf_8_encode() argument 1 must be str, not {type(obj).__name__}")
    return obj.encode(encoding, errors)


def decode(obj, encoding="utf-8", errors="strict"):
    return bytes(obj).decode(encoding, errors)
