# badinput: Python misuse: struct pack str
# expect-exit: 1
# expect-stderr: struct.error: required argument is not an integer
import struct
struct.pack("i", "x")
