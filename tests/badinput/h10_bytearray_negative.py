# badinput: bytearray negative
# expect-exit: 1
# expect-stderr: ValueError: negative count
bytearray(-5)
