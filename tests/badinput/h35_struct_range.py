# badinput: Python misuse: struct range
# expect-exit: 1
# expect-stderr: struct.error: 'b' format requires -128 <= number <= 127
import struct
struct.pack("b", 300)
