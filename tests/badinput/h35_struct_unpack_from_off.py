# badinput: Python misuse: struct unpack from off
# expect-exit: 1
# expect-stderr: struct.error: unpack_from requires a buffer of at least 14 bytes for unpacking 4 bytes at offset 10 (actual buffer size is 4)
import struct
struct.unpack_from("i", b"abcd", 10)
