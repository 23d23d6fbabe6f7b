# badinput: bytes decode invalid (issue 31 sweep)
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
print(b'\xff\xfe'.decode('utf-8'))
