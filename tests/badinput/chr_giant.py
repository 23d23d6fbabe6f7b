# badinput: chr(2**64)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
chr(2**64)
