# badinput: chr of a number past C int
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C int
chr(2**63)
