# badinput: Python misuse: struct unpack short
# expect-exit: 1
# expect-stderr: struct.error: unpack requires a buffer of 4 bytes
import struct
struct.unpack("i", b"ab")
