# badinput: struct bad format
# expect-exit: 1
# expect-stderr: struct.error: bad char in struct format
import struct
struct.pack("Z", 1)
