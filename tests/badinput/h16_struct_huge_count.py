# badinput: struct.calcsize with a count beyond sys.maxsize
# expect-exit: 1
# expect-stderr: struct.error: total struct size too long
import struct
struct.calcsize("99999999999999999999i")
