# badinput: chr negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: chr() arg not in range(0x110000)
print(chr(-1))
