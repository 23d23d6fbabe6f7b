# badinput: struct.pack('i', 1.5): required argument is not an integer
# expect-exit: 1
# expect-stderr: struct.error: required argument is not an integer
import struct
struct.pack("i", 1.5)
