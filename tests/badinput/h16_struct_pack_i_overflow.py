# badinput: struct.pack('>i', 2**31)
# expect-exit: 1
# expect-stderr: struct.error: 'i' format requires -2147483648 <= number <= 2147483647
import struct
struct.pack(">i", 2**31)
