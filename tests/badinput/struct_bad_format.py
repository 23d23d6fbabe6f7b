# badinput: struct bad format (issue 31 sweep)
# expect-exit: 1
# expect-stderr: struct.error: bad char in struct format
import struct
struct.pack('q!', 1)
