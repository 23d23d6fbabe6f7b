# badinput: struct.pack('ii', 1)
# expect-exit: 1
# expect-stderr: struct.error: pack expected 2 items for packing (got 1)
import struct
struct.pack("ii", 1)
