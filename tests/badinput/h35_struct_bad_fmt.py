# badinput: Python misuse: struct bad fmt
# expect-exit: 1
# expect-stderr: struct.error: bad char in struct format
import struct
struct.pack("q!", 1)
