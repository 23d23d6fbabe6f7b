# badinput: struct.pack('B', -1)
# expect-exit: 1
# expect-stderr: struct.error: 'B' format requires 0 <= number <= 255
import struct
struct.pack("B", -1)
