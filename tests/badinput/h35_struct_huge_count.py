# badinput: Python misuse: struct huge count
# expect-exit: 1
# expect-stderr: struct.error: total struct size too long
import struct
struct.calcsize("999999999999999999999i")
