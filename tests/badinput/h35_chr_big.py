# badinput: Python misuse: chr big
# expect-exit: 1
# expect-stderr: ValueError: chr() arg not in range(0x110000)
chr(0x110000)
