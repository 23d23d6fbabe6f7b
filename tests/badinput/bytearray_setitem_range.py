# badinput: bytearray setitem range (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: byte must be in range(0, 256)
b = bytearray(2)
b[0] = -1
