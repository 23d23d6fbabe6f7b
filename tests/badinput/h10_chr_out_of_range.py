# badinput: chr out of range
# expect-exit: 1
# expect-stderr: ValueError: chr() arg not in range(0x110000)
chr(0x110000)
