# badinput: bytes fromhex bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: non-hexadecimal number found in fromhex() arg at position 0
print(bytes.fromhex("zz"))
