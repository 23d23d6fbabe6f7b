# badinput: bytes.fromhex of an odd-length string
# expect-exit: 1
# expect-stderr: ValueError: non-hexadecimal number found in fromhex() arg at position 3
bytes.fromhex('abc')
