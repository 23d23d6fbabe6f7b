# badinput: struct.iter_unpack with a buffer not a multiple of the size
# expect-exit: 1
# expect-stderr: struct.error: iterative unpacking requires a buffer of a multiple of 4 bytes
import struct
list(struct.iter_unpack("i", b"abcde"))
