# badinput: struct.pack('e', 1e10): float too large to pack with e format
# expect-exit: 1
# expect-stderr: OverflowError: float too large to pack with e format
import struct
struct.pack("e", 1e10)
