# badinput: str center fill two
# expect-exit: 1
# expect-stderr: TypeError: The fill character must be exactly one character long
"a".center(5, "ab")
