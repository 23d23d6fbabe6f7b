# badinput: Python misuse: str encode bad
# expect-exit: 1
# expect-stderr: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)
"é".encode("ascii")
