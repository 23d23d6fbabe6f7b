# badinput: round inf ndigits0 (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert float infinity to integer
round(float('inf'), 0)
round(float('inf'))
