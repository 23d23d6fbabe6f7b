# badinput: round inf
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert float infinity to integer
round(float("inf"))
