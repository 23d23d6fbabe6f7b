# badinput: struct.pack of a value outside the format's range
# expect-exit: 1
# expect-stderr: struct.error: 'h' format requires -32768 <= number <= 32767
import struct
struct.pack('<h', 40000)
