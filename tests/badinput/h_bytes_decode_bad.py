# badinput: bytes decode bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
print(b"\xff".decode("utf-8"))
