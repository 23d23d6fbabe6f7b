# badinput: struct unpack short (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: struct.error: unpack requires a buffer of 4 bytes
import struct
struct.unpack("i", b"ab")
