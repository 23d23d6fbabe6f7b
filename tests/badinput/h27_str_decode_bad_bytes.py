# badinput: str(bytes, "utf-8") of bytes that are not UTF-8: UnicodeDecodeError, not silence
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
str(b"\xff", "utf-8")
