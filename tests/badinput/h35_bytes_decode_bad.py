# badinput: Python misuse: bytes decode bad
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
b"\xff".decode("utf-8")
