# badinput: bytes value out of range (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: bytes must be in range(0, 256)
print(bytes([256]))
