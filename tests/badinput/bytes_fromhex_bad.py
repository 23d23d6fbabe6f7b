# badinput: bytes fromhex bad (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: non-hexadecimal number found in fromhex() arg at position 0
print(bytes.fromhex('zz'))
