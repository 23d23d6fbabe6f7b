# badinput: struct.Struct('z')
# expect-exit: 1
# expect-stderr: struct.error: bad char in struct format
import struct
struct.Struct("z")
