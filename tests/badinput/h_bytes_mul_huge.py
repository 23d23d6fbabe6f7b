# badinput: bytes mul huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: repeated bytes are too long
b = b"ab" * (2**62)
