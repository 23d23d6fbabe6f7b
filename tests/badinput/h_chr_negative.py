# badinput: chr negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: chr() arg not in range(0x110000)
print(chr(-1))
