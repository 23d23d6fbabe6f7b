# badinput: struct unpack short (issue 31 sweep)
# expect-exit: 1
# expect-stderr: struct.error: unpack requires a buffer of 4 bytes
import struct
struct.unpack('<i', b'ab')
