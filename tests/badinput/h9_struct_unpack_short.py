# badinput: struct.unpack with too few bytes
# expect-exit: 1
# expect-stderr: struct.error: unpack requires a buffer of 4 bytes
import struct
struct.unpack('<I', b'ab')
