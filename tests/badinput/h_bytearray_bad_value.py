# badinput: bytearray bad value (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: byte must be in range(0, 256)
bytearray([256])
